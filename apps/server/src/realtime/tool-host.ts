import type { HearthServerEvent, ReasoningEffort, VoicePage } from '@hearth/protocol';
import type { DB } from '@hearth/db/client';
import type { ModuleState } from './module-state';

/**
 * What a tool of the model may see and do in the voice session running it (tool-runner.ts). VoiceSession
 * implements it; tools never reach the session's other fields, and tool-runner.ts needs no import of it.
 */
export interface ToolHost {
  /** For the log line of a failed tool. */
  readonly id: string;
  readonly page: VoicePage;
  /** The session is ending: a tool must not act any more. */
  readonly ended: boolean;
  readonly db: DB;
  /** The end user; null on the staff pages, whose memory and mood stay in the session. */
  readonly userId: string | null;
  readonly modules: ModuleState;
  readonly staffMemory: Map<string, string>;
  readonly staffMood: Map<string, number>;
  /** Cancels the response in progress, if there is one. */
  cancelResponse(): void;
  /** Sends the instructions of the current module and prompt upstream, with the prompt's reasoning effort. */
  updateInstructions(): void;
  /** The effort sent for the current prompt; null when the model takes none. */
  reasoningEffort(): ReasoningEffort | null;
  /** New instructions upstream (once ready) and the new module to the browser. */
  afterModuleChange(): void;
  sendClient(event: HearthServerEvent): void;
}
