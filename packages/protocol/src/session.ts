/**
 * Realtime session settings shared by the server (which composes every session) and the web app (which
 * shows and picks them). Values are SPEC §7 "Realtime voice session" and §9 "Realtime defaults".
 */

/** The eight voices SPEC offers on the console and testing pages. */
export const VOICES = ['alloy', 'ash', 'ballad', 'coral', 'echo', 'sage', 'shimmer', 'verse'] as const;
export type Voice = (typeof VOICES)[number];

export const USER_PAGE_VOICE: Voice = 'shimmer';
export const STAFF_DEFAULT_VOICE: Voice = 'ash';

export const TEMPERATURE_MIN = 0.6;
export const TEMPERATURE_MAX = 1.2;
export const TEMPERATURE_STEP = 0.1;
export const TEMPERATURE_DEFAULT = 0.8;

export const MAX_OUTPUT_TOKENS = 4096;

export const MOOD_MIN = -3;
export const MOOD_MAX = 3;

/** The page a voice session serves; it decides defaults (voice, silence) and which tools the model gets. */
export type VoicePage = 'user' | 'testing' | 'console';

export interface ServerVad {
  type: 'server_vad';
  /** 0..1; higher needs louder audio to count as speech. */
  threshold?: number;
  prefix_padding_ms?: number;
  silence_duration_ms?: number;
  create_response?: boolean;
  interrupt_response?: boolean;
}

export const EAGERNESS_LEVELS = ['low', 'medium', 'high', 'auto'] as const;
export type Eagerness = (typeof EAGERNESS_LEVELS)[number];

/**
 * GA semantic VAD: the model decides from the words whether the person has finished; `eagerness` is how soon it
 * answers (OpenAI documents maximum waits of about 8 s, 4 s and 2 s for low, medium/auto and high).
 */
export interface SemanticVad {
  type: 'semantic_vad';
  eagerness?: Eagerness;
  create_response?: boolean;
  interrupt_response?: boolean;
}

/** null means manual turns (push to talk): the client commits the buffer and asks for a response. */
export type TurnDetection = ServerVad | SemanticVad | null;

/** What a sequence stores (PUT /api/sequence-settings/{name}): the kind, and for semantic VAD its eagerness. */
export type SequenceTurnDetection = { type: 'server_vad' } | { type: 'semantic_vad'; eagerness: Eagerness };

/** The ms of audio before speech that audio_start_ms includes: server VAD's padding; semantic VAD has none to set. */
export function prefixPaddingMs(turnDetection: TurnDetection | undefined): number {
  return turnDetection?.type === 'server_vad' ? (turnDetection.prefix_padding_ms ?? 0) : 0;
}

/**
 * A session's turn detection from its page's defaults and its sequence's setting: server VAD keeps the page's
 * threshold, padding and silence; semantic VAD takes only the eagerness.
 */
export function sequenceTurnDetection(page: VoicePage, chosen: SequenceTurnDetection | null | undefined): ServerVad | SemanticVad {
  if (chosen?.type === 'semantic_vad') return { type: 'semantic_vad', eagerness: chosen.eagerness };
  return defaultTurnDetection(page);
}

export function defaultTurnDetection(page: VoicePage): ServerVad {
  return {
    type: 'server_vad',
    threshold: 0.5,
    prefix_padding_ms: 300,
    silence_duration_ms: page === 'console' ? 200 : 500,
  };
}

/** SPEC §7's four tools, and (issue 24) the loneliness scale, offered only in a module that asks for it. */
export const TOOL_NAMES = ['change_prompt', 'change_module', 'set_memory', 'set_mood_score', 'record_loneliness_scale'] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

export interface PcmAudioFormat {
  type: 'audio/pcm';
  rate: 24000;
}

export interface JsonSchema {
  type: 'object' | 'string' | 'number' | 'integer' | 'boolean';
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  enum?: string[];
  additionalProperties?: boolean;
}

export interface FunctionTool {
  type: 'function';
  name: string;
  description: string;
  parameters: JsonSchema;
}

/** GA `reasoning.effort` (`RealtimeReasoning` of the OpenAI SDK): accepted by reasoning models only. */
export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high', 'xhigh'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];
/** What a reasoning model uses when nothing is asked: sent for a prompt without its own effort, so an earlier one does not stick. */
export const DEFAULT_REASONING_EFFORT: ReasoningEffort = 'low';

export function isReasoningEffort(value: unknown): value is ReasoningEffort {
  return typeof value === 'string' && (REASONING_EFFORTS as readonly string[]).includes(value);
}

/** The GA `session` object of `session.update` (the subset this product sends). */
export interface RealtimeSessionConfig {
  type: 'realtime';
  instructions?: string;
  tools?: FunctionTool[];
  tool_choice?: 'auto' | 'none' | 'required';
  output_modalities?: Array<'audio' | 'text'>;
  max_output_tokens?: number | 'inf';
  /** Reasoning models only (`gpt-realtime-2…` and the local provider); other models reject the field. */
  reasoning?: { effort?: ReasoningEffort };
  audio?: {
    input?: {
      format?: PcmAudioFormat;
      transcription?: { model: string; language?: string } | null;
      turn_detection?: TurnDetection;
    };
    output?: {
      format?: PcmAudioFormat;
      voice?: Voice;
    };
  };
  /**
   * Not part of the GA protocol (the OpenAI realtime model has no temperature): honoured by the local
   * provider only, and never sent to OpenAI.
   */
  temperature?: number;
}

/** What a browser may change with `session.update`; anything else in its `session` is ignored. */
export interface ClientSessionSettings {
  type?: 'realtime';
  audio?: {
    input?: { turn_detection?: TurnDetection };
    output?: { voice?: Voice };
  };
  /** Staff pages only. */
  temperature?: number;
}
