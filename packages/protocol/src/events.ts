/**
 * Messages on the /ws websocket, as JSON text frames. Browser and server speak the OpenAI GA realtime event
 * names (PRODUCT §4) plus a few `hearth.*` control messages of our own. The server speaks the same GA events
 * to its upstream (OpenAI, or the in-process local provider). Our own messages are in hearth.ts.
 */
import type { RealtimeSessionConfig } from './session';

// Conversation items (SPEC §3 "Conversation item").

export type ItemStatus = 'in_progress' | 'completed' | 'incomplete';

export type ContentPart =
  | { type: 'input_text'; text: string }
  | { type: 'input_audio'; audio?: string; transcript?: string | null }
  | { type: 'output_text'; text: string }
  | { type: 'output_audio'; audio?: string; transcript?: string | null };

/**
 * Reasoning models (`gpt-realtime-2…`) may answer with several assistant messages in one response: a spoken
 * preamble (`commentary`) while they think, then the answer (`final_answer`). Older models send no phase.
 */
export type MessagePhase = 'commentary' | 'final_answer';

export interface MessageItem {
  id?: string;
  object?: 'realtime.item';
  type: 'message';
  role: 'user' | 'assistant' | 'system';
  status?: ItemStatus;
  /** Assistant messages of reasoning models only. */
  phase?: MessagePhase;
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
/** Removes an item from the model's context (the console's delete per item; staff only, PRODUCT §4). */
export interface ConversationItemDeleteEvent extends ClientEventBase {
  type: 'conversation.item.delete';
  item_id: string;
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
  | ConversationItemDeleteEvent
  | InputAudioBufferAppendEvent
  | InputAudioBufferCommitEvent
  | InputAudioBufferClearEvent
  | ResponseCreateEvent
  | ResponseCancelEvent;

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
