import type { RealtimeClientEvent } from '@hearth/protocol';
import { AppendFrame } from '../../fast-append';
import type { Upstream, UpstreamEvent, UpstreamHandlers } from '../../upstream';
import { upstreamErrors, type UpstreamErrorKind } from '../../../metrics/relay-metrics';

/**
 * The OpenAI GA realtime websocket. The API key goes in the Authorization header of this server-side
 * connection only; it never reaches a browser. `url` may be ws:// (tests point it at a local fake).
 */
const AUDIO_DELTA_PREFIX = '{"type":"response.output_audio.delta"';

export interface OpenAiUpstreamOptions {
  url: string;
  model: string;
  apiKey: string;
  connectTimeoutMs?: number;
}

export function createOpenAiUpstream(handlers: UpstreamHandlers, options: OpenAiUpstreamOptions): Upstream {
  return new OpenAiUpstream(handlers, options);
}

class OpenAiUpstream implements Upstream {
  readonly kind = 'openai' as const;
  readonly model: string;
  private readonly socket: WebSocket;
  private done = false;
  /** Open and not closed: appends may go (a flag, where `readyState` would be a native call per frame). */
  private open = false;
  private readonly connectTimer: ReturnType<typeof setTimeout>;

  constructor(
    private readonly handlers: UpstreamHandlers,
    options: OpenAiUpstreamOptions,
  ) {
    this.model = options.model;
    const url = `${options.url}${options.url.includes('?') ? '&' : '?'}model=${encodeURIComponent(options.model)}`;
    // Bun's WebSocket takes headers; the DOM type does not know that option.
    this.socket = new WebSocket(url, { headers: { Authorization: `Bearer ${options.apiKey}` } } as unknown as string[]);
    this.connectTimer = setTimeout(
      () => this.fail('The voice service did not answer in time', 'connect_timeout'),
      options.connectTimeoutMs ?? 10_000,
    );
    this.socket.onopen = () => {
      clearTimeout(this.connectTimer);
      if (this.done) return;
      this.open = true;
      this.handlers.onOpen();
    };
    // Named, so profiles of the relay say which function the time is in.
    const onUpstreamMessage = (message: MessageEvent) => this.receive(message.data);
    this.socket.onmessage = onUpstreamMessage;
    this.socket.onerror = () => this.fail('The voice service connection failed', this.open ? 'lost' : 'connect_failed');
    this.socket.onclose = (event) =>
      event.code === 1000
        ? this.fail('The voice service ended the session', 'ended')
        : this.fail('The voice service connection was lost', this.open ? 'lost' : 'connect_failed');
  }

  /** One message from the upstream (read once from its event: each read of `data` is a native call). */
  private receive(data: unknown) {
    if (this.done || typeof data !== 'string') return;
    // Audio deltas are most of the traffic and need no inspection: relay them without parsing.
    if (data.startsWith(AUDIO_DELTA_PREFIX)) return this.handlers.onAudio(data);
    let event: UpstreamEvent;
    try {
      event = JSON.parse(data);
    } catch {
      return this.fail('The voice service sent an unreadable message', 'unreadable');
    }
    if (event?.type === 'error') upstreamErrors.inc({ kind: 'error_event' });
    if (event && typeof event.type === 'string') this.handlers.onEvent(event, data);
  }

  send(event: RealtimeClientEvent): void {
    if (this.done || this.socket.readyState !== WebSocket.OPEN) return;
    if (event.type === 'session.update' && event.session.temperature !== undefined) {
      // GA has no temperature; OpenAI would reject the whole update.
      const { temperature: _ignored, ...session } = event.session;
      event = { ...event, session };
    }
    // Appends are most of the traffic: sent as the browser framed them when the fast path checked that frame,
    // else framed here (their audio is checked base64, so it needs no escaping).
    if (event instanceof AppendFrame) return this.socket.send(event.frame);
    this.socket.send(
      event.type === 'input_audio_buffer.append' ? `{"type":"input_audio_buffer.append","audio":"${event.audio}"}` : JSON.stringify(event),
    );
  }

  appendAudio(frame: string): void {
    if (this.open) this.socket.send(frame);
  }

  close(): void {
    if (this.done) return;
    this.done = true;
    this.open = false;
    clearTimeout(this.connectTimer);
    try {
      this.socket.close(1000, 'Session ended');
    } catch {
      // Closing a socket that never opened can throw; it is gone either way.
    }
  }

  private fail(reason: string, kind: UpstreamErrorKind) {
    if (this.done) return;
    upstreamErrors.inc({ kind });
    this.close();
    this.handlers.onFailure(reason);
  }
}
