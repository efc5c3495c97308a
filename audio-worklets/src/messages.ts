// Port messages between the main thread and each processor. Requests carry an `id`; the processor answers with
// a `reply` naming the request and carrying the same id, or an `error` with that id.

export const CAPTURE_PROCESSOR = 'hearth-capture';
export const PLAYBACK_PROCESSOR = 'hearth-playback';

/** Input or output level, about METER_HZ times per second. */
export interface LevelMessage {
  type: 'level';
  rms: number;
  peak: number;
  bars: Float32Array;
}

export interface ErrorReply {
  type: 'error';
  id: number;
  message: string;
}

/** Stops the processor for good (process() returns false); no answer. */
export interface CloseMessage {
  type: 'close';
}

export interface MeterSettings {
  barCount?: number;
  meterHz?: number;
}

// Capture: microphone -> 24 kHz PCM16 frames.

export interface CaptureProcessorOptions extends MeterSettings {
  /** Frame buffers allocated up front; the main thread returns each one after use. */
  poolSize?: number;
  /**
   * Cancel the echo of what the playback node (connected to the capture node's input 1) plays; default true.
   * Without that connection the microphone passes untouched either way.
   */
  echoCancellation?: boolean;
}

export type CaptureRequest = { type: 'set-muted'; id: number; muted: boolean };

export type CaptureReply = { type: 'reply'; id: number; request: 'set-muted'; muted: boolean };

/** One FRAME_MS frame of 24 kHz mono PCM16, transferred; send the buffer back with `recycle`. */
export interface CaptureFrameMessage {
  type: 'frame';
  buffer: ArrayBuffer;
  sequence: number;
  /** Context time (s) of the render quantum that completed and posted the frame: `currentFrame / sampleRate`. */
  postedAtS: number;
  /**
   * Date.now() as the frame was posted: the one clock a worklet shares with a worker (1 ms steps), a check on
   * the audio-clock mapping of `postedAtS` for the capture-to-send figure.
   */
  postedAtWallMs: number;
}

/**
 * From now on frames go to `port` (transferred), not to the main thread: the voice socket's worker sends them
 * itself, so a busy main thread cannot hold the microphone up. Buffers come back as `recycle` on that port.
 */
export interface RouteFramesMessage {
  type: 'route-frames';
  port: MessagePort;
}

export type CaptureInbound = CaptureRequest | { type: 'recycle'; buffer: ArrayBuffer } | RouteFramesMessage | CloseMessage;
export type CaptureOutbound = CaptureFrameMessage | LevelMessage | CaptureReply | ErrorReply;

// Playback: queued 24 kHz PCM16 per conversation item -> speakers.

export type PlaybackProcessorOptions = MeterSettings;

export type PlaybackRequest = { type: 'interrupt'; id: number } | { type: 'samples-played'; id: number; itemId: string };

export type PlaybackReply =
  /** `silentFromS`: context time (s) of the first silent sample, the start of the next render quantum. */
  | { type: 'reply'; id: number; request: 'interrupt'; itemId: string | null; sampleCount: number; silentFromS: number }
  | { type: 'reply'; id: number; request: 'samples-played'; itemId: string; sampleCount: number };

export type PlaybackInbound =
  | PlaybackRequest
  /** A `response.output_audio.delta`, decoded; the buffer is transferred. */
  | { type: 'append'; itemId: string; buffer: ArrayBuffer }
  /** `response.output_audio.done`: no more audio for the item. */
  | { type: 'end-item'; itemId: string }
  | CloseMessage;

export type PlaybackOutbound =
  | PlaybackReply
  | ErrorReply
  | LevelMessage
  /** `startedAtS`: context time (s) of the render quantum that played the item's first sample. */
  | { type: 'item-started'; itemId: string; startedAtS: number }
  | { type: 'item-ended'; itemId: string; sampleCount: number };

/** Any request: a `type` and an `id`. */
export interface RequestShape {
  type: string;
  id: number;
}

/** Any reply: `request` names the request type it answers. */
export interface ReplyShape {
  type: 'reply';
  id: number;
  request: string;
}
