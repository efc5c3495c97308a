/**
 * Our own `hearth.*` messages on /ws beside the GA events of events.ts, the unions of everything each side may
 * send, and the close codes.
 */
import type { RealtimeClientEvent, RealtimeServerEvent, SessionUpdateEvent } from './events';
import type { ClientSessionSettings, ReasoningEffort, TurnDetection, Voice } from './session';
import type { HearthTurnTaking } from './turn-taking';

// Our own client -> server control messages.

export interface HearthSelectModule {
  type: 'hearth.select_module';
  module: string;
  version?: number;
}
export interface HearthEndSession {
  type: 'hearth.end_session';
}
export interface HearthSettings {
  type: 'hearth.settings';
  /** "Receive SMS reminder of this conversation" (user page settings). */
  reminder?: boolean;
}
/** Liveness probe: the relay answers `hearth.pong` with the same id at once. A page that hears nothing (no pong, no
 * other event) for a few seconds treats the socket as dropped and reconnects (see `HearthResumable`). */
export interface HearthPing {
  type: 'hearth.ping';
  id?: number;
}

/**
 * The page's own shares of one traced turn (PRODUCT §12), sent back only when the relay said it exports traces
 * (`HearthTurnTrace.report`). Milliseconds; the relay checks the ranges and uses them for the trace alone.
 * - `captureMs`: the end of speech in the capture -> its frame sent (the capture-to-send median: an estimate).
 * - `socketMs`: the socket's up and down legs, estimated by the latest hearth.ping round trip (clocks are not shared).
 * - `playbackMs`: the first audio delta received -> its first sample played (the playback worklet's report).
 */
export interface HearthTurnTiming {
  type: 'hearth.turn_timing';
  turnId: string;
  captureMs: number;
  socketMs: number;
  playbackMs: number;
}

/** Everything a browser may send on /ws; any other `type` closes the socket with 1008. */
export type BrowserEvent =
  | SessionUpdateEvent<ClientSessionSettings>
  | Exclude<RealtimeClientEvent, SessionUpdateEvent>
  | HearthSelectModule
  | HearthEndSession
  | HearthSettings
  | HearthPing
  | HearthTurnTaking
  | HearthTurnTiming;

export const BROWSER_EVENT_TYPES = [
  'session.update',
  'conversation.item.create',
  'conversation.item.truncate',
  'conversation.item.delete',
  'input_audio_buffer.append',
  'input_audio_buffer.commit',
  'input_audio_buffer.clear',
  'response.create',
  'response.cancel',
  'hearth.select_module',
  'hearth.end_session',
  'hearth.settings',
  'hearth.ping',
  'hearth.turn_taking',
  'hearth.turn_timing',
] as const satisfies readonly BrowserEvent['type'][];

// Our own server -> client messages.

export type RealtimeProviderKind = 'openai' | 'local';

/** Sent once the upstream session is configured, and again whenever the module or version changes. */
export interface HearthSession {
  type: 'hearth.session';
  provider: RealtimeProviderKind;
  /** Module (sequence) name without ".json". */
  module: string;
  version: number;
  /** Selectable versions of `module`, ascending. */
  versions: number[];
  /** Selectable modules, alphabetical, global prompt excluded. */
  modules: string[];
  /** Name of the active sequential prompt ('' when the module has none). */
  prompt: string;
  /** The composed instructions the model runs with ("View active prompt"). */
  instructions: string;
  voice: Voice;
  turnDetection: TurnDetection;
  /**
   * The reasoning effort sent upstream for the active prompt (its `reasoning_effort`, else the model's default
   * 'low'); null when the model takes none (OpenAI models other than `gpt-realtime-2…`).
   */
  reasoningEffort: ReasoningEffort | null;
}
export interface HearthMemory {
  type: 'hearth.memory';
  key: string;
  value: string;
}
export interface HearthMood {
  type: 'hearth.mood';
  key: string;
  value: number;
}
/**
 * The loneliness scale the assistant recorded (issue 24): the score 3..9 and whether it was the member's intake or
 * their later answers. `stored` false on staff pages (no member: nothing is kept), where `phase` is null.
 */
export interface HearthWellbeing {
  type: 'hearth.wellbeing';
  score: number;
  phase: 'intake' | 'later' | null;
  stored: boolean;
}
export interface HearthPromptChanged {
  type: 'hearth.prompt_changed';
  prompt: string;
  /** The reasoning effort sent with the new prompt (as `hearth.session`'s); absent from older servers. */
  reasoningEffort?: ReasoningEffort | null;
}
export interface HearthModuleChanged {
  type: 'hearth.module_changed';
  module: string;
  version: number;
}
/** What post-chat work did for this session; the transcript is dropped either way. */
export interface PostChatDid {
  profile?: boolean;
  memory?: boolean;
  section?: boolean;
  recapSms?: boolean;
  taglineSms?: boolean;
  reminderSms?: boolean;
  [step: string]: boolean | undefined;
}
export interface HearthPostChat {
  type: 'hearth.post_chat';
  status: 'done' | 'skipped' | 'error';
  did: PostChatDid;
  /** With status 'error': shown as 'Disconnect process error: ' + error. */
  error?: string;
}

export interface HearthPong {
  type: 'hearth.pong';
  id?: number;
}

/**
 * Sent once per session, right after its first `hearth.session`. A socket that drops without a deliberate end
 * (no `hearth.end_session`, no close 1000/1001 from the page) leaves the session waiting `graceMs`: the page
 * reconnects to the same /ws URL with `resume=<token>` added and the relay reattaches it to the same upstream
 * session (conversation, current prompt and tools' state go on; post-chat work runs once, at the real end).
 */
export interface HearthResumable {
  type: 'hearth.resumable';
  token: string;
  graceMs: number;
}
/**
 * The answer to a connection opened with `resume=`, sent before anything else on it.
 * - `resumed`: reattached within the grace period. The events the page missed (audio excepted) follow, then a
 *   fresh `hearth.session`. `missed` counts the replayed events.
 * - `restarted`: the grace period had passed (the old session ended and its post-chat work ran). A new session
 *   starts, at the old one's module and prompt, with the conversation summarised from the relay's memory of it
 *   (`summarised`; false when this server no longer remembers it). A new `hearth.resumable` follows.
 */
export interface HearthResumed {
  type: 'hearth.resumed';
  mode: 'resumed' | 'restarted';
  summarised: boolean;
  missed: number;
}

/**
 * The relay renewed its upstream session inside the same voice session (issue 23): same socket, same session id,
 * time limit and prompt; the conversation is carried over in the new session's instructions (`summarised`).
 * - `restarting` (cause `session_expired` or `connection_lost`): the voice service ended its session. Whatever the
 *   assistant was saying is cut and will not come back; its items are gone, so nothing is truncated. The page
 *   stops playback and keeps sending: typed turns wait and are answered by the new session.
 * - `continued`: the new upstream session serves. After `rotation` (the relay's own, at a turn boundary before the
 *   provider's cap) nothing was cut and no `restarting` came first.
 */
export interface HearthContinued {
  type: 'hearth.continued';
  phase: 'restarting' | 'continued';
  cause: 'session_expired' | 'connection_lost' | 'rotation';
  summarised: boolean;
}

/**
 * The relay's shares of one answered turn (PRODUCT §12), sent as the answer's first audio goes to the page.
 * `turnId` is the answering item's id (its audio deltas carry it). `providerMs`: the member's turn ended as the
 * relay saw it (the provider's speech_stopped, or the commit / typed turn's response.create it sent up) -> the
 * provider's first audio delta. `relayMs`: that delta received -> sent to the page. `report`: the relay exports
 * traces and would take the page's shares (`hearth.turn_timing`).
 */
export interface HearthTurnTrace {
  type: 'hearth.turn_trace';
  turnId: string;
  relayMs: number;
  providerMs: number;
  promptName: string;
  version: number;
  report?: boolean;
}

export type HearthServerEvent =
  | HearthSession
  | HearthContinued
  | HearthMemory
  | HearthMood
  | HearthWellbeing
  | HearthPromptChanged
  | HearthModuleChanged
  | HearthPostChat
  | HearthPong
  | HearthResumable
  | HearthResumed
  | HearthTurnTrace;

/** Everything the browser may receive on /ws. */
export type ServerMessage = RealtimeServerEvent | HearthServerEvent;

/** Close codes of /ws beyond the standard ones (1000, 1008 policy, 1011 upstream failure, 1013 busy). */
export const CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  policy: 1008,
  upstreamFailed: 1011,
  tooManySessions: 1013,
  replaced: 4000,
  timeLimit: 4001,
  dailyLimit: 4002,
  /** The sign-in behind the session was withdrawn (links revoked, user deleted, staff disabled or signed out). */
  signedOut: 4003,
  /** The staff account already holds LIMIT_SESSIONS_PER_STAFF live sessions. */
  staffLimit: 4004,
  /** `resume=` named a session that lives on another server process, which could not be reached through the
   * bridge (issue 25 item 5; or BRIDGE=off): connect again at once (another attempt may land on it). */
  resumeElsewhere: 4005,
  /** This socket was taken over by a reconnect of the same session (the page no longer listens to it). */
  takenOver: 4006,
} as const;

/** Cancel errors SPEC §4 says to ignore: the response had already finished. */
export const IGNORED_CANCEL_ERRORS = ['Cancellation failed: may already be cancelled', 'no active response found'] as const;

export function isIgnoredCancelError(message: string | undefined | null): boolean {
  if (!message) return false;
  return IGNORED_CANCEL_ERRORS.some((text) => message.includes(text));
}
