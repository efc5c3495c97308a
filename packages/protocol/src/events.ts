/**
 * Messages on the /ws websocket, as JSON text frames. Browser and server speak the OpenAI GA realtime event
 * names (PRODUCT §4) plus a few `hearth.*` control messages of our own. The server speaks the same GA events
 * to its upstream (OpenAI, or the in-process local provider).
 */
import type { ClientSessionSettings, RealtimeSessionConfig, TurnDetection, Voice } from './session';

// Conversation items (SPEC §3 "Conversation item").

export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

export type ContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_audio'; audio?: string; transcript?: string | null }
  | { type: 'output_text'; text: string }
  | { type: 'output_audio'; audio?: string; transcript?: string | null };

export interface MessageItem {
  id?: string;
  object?: 'realtime.item';
  type: 'message';
  role: 'user' | 'assistant' | 'system';
  status?: ItemStatus;
  content: ContentPart[];
}

export interface FunctionCallItem {
  id?: string;
  object?: 'realtime.item';
  type: 'function_call';
  status?: ItemStatus;
  name: string;
  call_id: string;
  arguments: string;
}

export interface FunctionCallOutputItem {
  id?: string;
  object?: 'realtime.item';
  type: 'function_call_output';
  status?: ItemStatus;
  call_id: string;
  output: string;
}

export type ConversationItem = MessageItem | FunctionCallItem | FunctionCallOutputItem;

export type ResponseStatus = 'in_progress' | 'completed' | 'cancelled' | 'failed' | 'incomplete';

export interface RealtimeResponse {
  object?: 'realtime.response';
  id: string;
  status: ResponseStatus;
  status_details?: {
    type?: 'completed' | 'cancelled' | 'incomplete' | 'failed';
    reason?: 'turn_detected' | 'client_cancelled' | 'max_output_tokens' | 'content_filter';
    error?: { type?: string; code?: string };
  } | null;
  output: ConversationItem[];
}

export interface RealtimeError {
  type: string;
  code?: string | null;
  message: string;
  param?: string | null;
  event_id?: string | null;
}

// GA client events (browser -> server -> upstream).

interface ClientEventBase {
  event_id?: string;
}

export interface SessionUpdateEvent<S = RealtimeSessionConfig> extends ClientEventBase {
  type: 'session.update';
  session: S;
}
export interface ConversationItemCreateEvent extends ClientEventBase {
  type: 'conversation.item.create';
  previous_item_id?: string;
  item: ConversationItem;
}
export interface ConversationItemTruncateEvent extends ClientEventBase {
  type: 'conversation.item.truncate';
  item_id: string;
  content_index: number;
  audio_end_ms: number;
}
export interface InputAudioBufferAppendEvent extends ClientEventBase {
  type: 'input_audio_buffer.append';
  /** base64 of 24 kHz mono PCM16. */
  audio: string;
}
export interface InputAudioBufferCommitEvent extends ClientEventBase {
  type: 'input_audio_buffer.commit';
}
export interface InputAudioBufferClearEvent extends ClientEventBase {
  type: 'input_audio_buffer.clear';
}
export interface ResponseCreateEvent extends ClientEventBase {
  type: 'response.create';
  response?: Record<string, unknown>;
}
export interface ResponseCancelEvent extends ClientEventBase {
  type: 'response.cancel';
  response_id?: string;
}

/** Everything the server sends upstream. */
export type RealtimeClientEvent =
  | SessionUpdateEvent
  | ConversationItemCreateEvent
  | ConversationItemTruncateEvent
  | InputAudioBufferAppendEvent
  | InputAudioBufferCommitEvent
  | InputAudioBufferClearEvent
  | ResponseCreateEvent
  | ResponseCancelEvent;

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

/** Everything a browser may send on /ws; any other `type` closes the socket with 1008. */
export type BrowserEvent =
  | SessionUpdateEvent<ClientSessionSettings>
  | Exclude<RealtimeClientEvent, SessionUpdateEvent>
  | HearthSelectModule
  | HearthEndSession
  | HearthSettings;

export const BROWSER_EVENT_TYPES = [
  'session.update',
  'conversation.item.create',
  'conversation.item.truncate',
  'input_audio_buffer.append',
  'input_audio_buffer.commit',
  'input_audio_buffer.clear',
  'response.create',
  'response.cancel',
  'hearth.select_module',
  'hearth.end_session',
  'hearth.settings',
] as const satisfies readonly BrowserEvent['type'][];

// GA server events (upstream -> server -> browser).

interface ServerEventBase {
  event_id: string;
}

export interface ErrorEvent extends ServerEventBase {
  type: 'error';
  error: RealtimeError;
}
export interface SessionCreatedEvent extends ServerEventBase {
  type: 'session.created' | 'session.updated';
  session: RealtimeSessionConfig & { id?: string; object?: string };
}
export interface ConversationItemAddedEvent extends ServerEventBase {
  type: 'conversation.item.added' | 'conversation.item.done';
  previous_item_id?: string | null;
  item: ConversationItem;
}
export interface ConversationItemTruncatedEvent extends ServerEventBase {
  type: 'conversation.item.truncated';
  item_id: string;
  content_index: number;
  audio_end_ms: number;
}
export interface ConversationItemDeletedEvent extends ServerEventBase {
  type: 'conversation.item.deleted';
  item_id: string;
}
export interface InputTranscriptionDeltaEvent extends ServerEventBase {
  type: 'conversation.item.input_audio_transcription.delta';
  item_id: string;
  content_index: number;
  delta: string;
}
export interface InputTranscriptionCompletedEvent extends ServerEventBase {
  type: 'conversation.item.input_audio_transcription.completed';
  item_id: string;
  content_index: number;
  transcript: string;
}
export interface InputTranscriptionFailedEvent extends ServerEventBase {
  type: 'conversation.item.input_audio_transcription.failed';
  item_id: string;
  content_index: number;
  error: RealtimeError;
}
export interface InputAudioBufferCommittedEvent extends ServerEventBase {
  type: 'input_audio_buffer.committed';
  item_id: string;
  previous_item_id?: string | null;
}
export interface InputAudioBufferClearedEvent extends ServerEventBase {
  type: 'input_audio_buffer.cleared';
}
export interface SpeechStartedEvent extends ServerEventBase {
  type: 'input_audio_buffer.speech_started';
  /** Includes prefix padding: where the audio handed to the model begins. */
  audio_start_ms: number;
  item_id: string;
}
export interface SpeechStoppedEvent extends ServerEventBase {
  type: 'input_audio_buffer.speech_stopped';
  /** Includes the silence duration: where the audio handed to the model ends. */
  audio_end_ms: number;
  item_id: string;
}
export interface ResponseLifecycleEvent extends ServerEventBase {
  type: 'response.created' | 'response.done';
  response: RealtimeResponse;
}
export interface ResponseOutputItemEvent extends ServerEventBase {
  type: 'response.output_item.added' | 'response.output_item.done';
  response_id: string;
  output_index: number;
  item: ConversationItem;
}
interface ResponsePartBase extends ServerEventBase {
  response_id: string;
  item_id: string;
  output_index: number;
  content_index: number;
}
export interface ResponseContentPartEvent extends ResponsePartBase {
  type: 'response.content_part.added' | 'response.content_part.done';
  part: ContentPart;
}
export interface ResponseOutputAudioDeltaEvent extends ResponsePartBase {
  type: 'response.output_audio.delta';
  /** base64 of 24 kHz mono PCM16. */
  delta: string;
}
export interface ResponseOutputAudioDoneEvent extends ResponsePartBase {
  type: 'response.output_audio.done';
}
export interface ResponseTranscriptDeltaEvent extends ResponsePartBase {
  type: 'response.output_audio_transcript.delta' | 'response.output_text.delta';
  delta: string;
}
export interface ResponseTranscriptDoneEvent extends ResponsePartBase {
  type: 'response.output_audio_transcript.done';
  transcript: string;
}
export interface ResponseTextDoneEvent extends ResponsePartBase {
  type: 'response.output_text.done';
  text: string;
}
export interface FunctionCallArgumentsDeltaEvent extends ServerEventBase {
  type: 'response.function_call_arguments.delta';
  response_id: string;
  item_id: string;
  output_index: number;
  call_id: string;
  delta: string;
}
export interface FunctionCallArgumentsDoneEvent extends ServerEventBase {
  type: 'response.function_call_arguments.done';
  response_id: string;
  item_id: string;
  output_index: number;
  call_id: string;
  name: string;
  arguments: string;
}
export interface RateLimitsUpdatedEvent extends ServerEventBase {
  type: 'rate_limits.updated';
  rate_limits: Array<{ name: string; limit: number; remaining: number; reset_seconds: number }>;
}

/** The GA server events the server relays to the browser (other upstream events are relayed untyped). */
export type RealtimeServerEvent =
  | ErrorEvent
  | SessionCreatedEvent
  | ConversationItemAddedEvent
  | ConversationItemTruncatedEvent
  | ConversationItemDeletedEvent
  | InputTranscriptionDeltaEvent
  | InputTranscriptionCompletedEvent
  | InputTranscriptionFailedEvent
  | InputAudioBufferCommittedEvent
  | InputAudioBufferClearedEvent
  | SpeechStartedEvent
  | SpeechStoppedEvent
  | ResponseLifecycleEvent
  | ResponseOutputItemEvent
  | ResponseContentPartEvent
  | ResponseOutputAudioDeltaEvent
  | ResponseOutputAudioDoneEvent
  | ResponseTranscriptDeltaEvent
  | ResponseTranscriptDoneEvent
  | ResponseTextDoneEvent
  | FunctionCallArgumentsDeltaEvent
  | FunctionCallArgumentsDoneEvent
  | RateLimitsUpdatedEvent;

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
export interface HearthPromptChanged {
  type: 'hearth.prompt_changed';
  prompt: string;
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

export type HearthServerEvent =
  | HearthSession
  | HearthMemory
  | HearthMood
  | HearthPromptChanged
  | HearthModuleChanged
  | HearthPostChat;

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
} as const;

/** Cancel errors SPEC §4 says to ignore: the response had already finished. */
export const IGNORED_CANCEL_ERRORS = ['Cancellation failed: may already be cancelled', 'no active response found'] as const;

export function isIgnoredCancelError(message: string | undefined | null): boolean {
  if (!message) return false;
  return IGNORED_CANCEL_ERRORS.some((text) => message.includes(text));
}
