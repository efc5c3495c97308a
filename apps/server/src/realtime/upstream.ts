import type { RealtimeClientEvent, RealtimeProviderKind } from '@hearth/protocol';

/** A GA server event as received; typed events are narrowed by `type` where they are used. */
export type UpstreamEvent = { type: string; [field: string]: unknown };

export interface UpstreamHandlers {
  /** The session exists upstream and accepts events. */
  onOpen(): void;
  /** `raw` is the JSON text when the upstream sent text, so the relay can forward it without re-encoding. */
  onEvent(event: UpstreamEvent, raw?: string): void;
  /**
   * The hot path down: a `response.output_audio.delta` as the upstream sent its text, relayed without parsing
   * (most of the traffic; nothing in it concerns the relay). An upstream that has no text calls `onEvent`.
   */
  onAudio(raw: string): void;
  /** The upstream went away without the relay asking (network, provider, protocol error). */
  onFailure(reason: string): void;
}

/** One realtime voice session on the provider side (OpenAI GA websocket, or the in-process local provider). */
export interface Upstream {
  readonly kind: RealtimeProviderKind;
  /** The provider's model name (OpenAI), which decides what the session may be sent (`acceptsReasoning`). */
  readonly model?: string;
  send(event: RealtimeClientEvent): void;
  /**
   * The hot path up: an `input_audio_buffer.append` the fast path checked (fast-append.ts), as `frame`, the
   * text the page sent, and its `audio`. Called only once the upstream is open.
   */
  appendAudio(frame: string, audio: string): void;
  /** Ends the session; no handler is called afterwards. */
  close(): void;
}

export type UpstreamFactory = (handlers: UpstreamHandlers) => Upstream;

/**
 * Whether the model takes `reasoning: { effort }` in session.update: the local provider and OpenAI's reasoning
 * models (`gpt-realtime-2…`). Every other model rejects the whole update for the unknown field.
 */
export function acceptsReasoning(upstream: Pick<Upstream, 'kind' | 'model'>): boolean {
  return upstream.kind === 'local' || (upstream.model ?? '').startsWith('gpt-realtime-2');
}
