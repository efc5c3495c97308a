import type { ServerWebSocket } from 'bun';

// One connection of the fake OpenAI realtime server (fake-openai-realtime.ts): what it received, and the
// scripted GA events a test sends back on it.

export type Json = Record<string, any>;

export interface FakeRealtimeOptions {
  /** Only this key is accepted (401 otherwise). */
  apiKey?: string;
  /** Answer response.create with a spoken reply at once (default), or only with response.created. */
  autoRespond?: boolean;
  /** Send every appended audio frame straight back as response.output_audio.delta (the benchmark). */
  echoAudio?: boolean;
  /**
   * With echoAudio: every this many frames, a turn first (speech_stopped, response.created, then the echo as a new
   * item's first audio), so the relay times and traces turns under load (bench:relay BENCH_TRACE). 0: never.
   */
  echoTurnEveryFrames?: number;
  /** Transcript of the automatic reply. */
  replyTranscript?: string;
  /**
   * Answer as `gpt-realtime-2` does: this spoken preamble (`phase: 'commentary'`, output_index 0), then the reply
   * (`phase: 'final_answer'`, output_index 1), in one response.
   */
  preamble?: string;
  /** Answer each upgrade this late: the TLS handshake and distance of the real service (benchmarks). */
  connectDelayMs?: number;
}

let idCounter = 0;
const APPEND_PREFIX = '{"type":"input_audio_buffer.append"';
export const id = (prefix: string) => `${prefix}_fake${(++idCounter).toString(36)}`;

export class FakeConnection {
  readonly received: Json[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  activeResponseId: string | null = null;
  /** The session asked for text only (output_modalities ['text']): replies are written, not spoken. */
  textOnly = false;
  private resolveClosed!: (v: { code: number; reason: string }) => void;
  private waiters: Array<{ match: (e: Json) => boolean; resolve: (e: Json) => void }> = [];
  private echoed = 0;
  private echoItem = 'i';

  constructor(
    readonly socket: ServerWebSocket<unknown>,
    readonly headers: Headers,
    readonly url: URL,
    private readonly options: FakeRealtimeOptions,
  ) {
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
  }

  send(event: Json) {
    this.socket.send(JSON.stringify({ event_id: id('event'), ...event }));
  }

  close(code = 1000, reason = '') {
    this.socket.close(code, reason);
  }

  /** What OpenAI does at its cap: an error the session cannot go on after, then the close. */
  expire(message = 'Your session hit the maximum duration of 60 minutes.') {
    this.send({ type: 'error', error: { type: 'invalid_request_error', code: 'session_expired', message, param: null, event_id: null } });
    this.socket.close(1000, '');
  }

  /** Drops the TCP connection without a close frame. */
  terminate() {
    this.socket.terminate();
  }

  /** The first received event (past or future) of `type` that matches. */
  waitFor(type: string, match: (e: Json) => boolean = () => true, timeoutMs = 5000): Promise<Json> {
    const test = (e: Json) => e.type === type && match(e);
    const seen = this.received.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`fake realtime: no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ match: test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  }

  ofType(type: string): Json[] {
    return this.received.filter((e) => e.type === type);
  }

  /** Starts a response and leaves it open until `finishResponse`. */
  startResponse(): string {
    const responseId = id('resp');
    this.activeResponseId = responseId;
    this.send({ type: 'response.created', response: { object: 'realtime.response', id: responseId, status: 'in_progress', output: [] } });
    return responseId;
  }

  finishResponse(status: 'completed' | 'cancelled' = 'completed', output: Json[] = [], usage?: Json) {
    const responseId = this.activeResponseId;
    if (!responseId) return;
    this.activeResponseId = null;
    this.send({
      type: 'response.done',
      response: {
        object: 'realtime.response',
        id: responseId,
        status,
        status_details: status === 'cancelled' ? { type: 'cancelled', reason: 'client_cancelled' } : null,
        output,
        ...(usage ? { usage } : {}),
      },
    });
  }

  /**
   * A spoken assistant reply inside the current response (one audio delta, then the transcript); `phase` and
   * `outputIndex` place it in a response of several items.
   */
  speak(
    transcript: string,
    audioBase64 = 'AAAAAAAAAAA=',
    opts: { phase?: 'commentary' | 'final_answer'; outputIndex?: number } = {},
  ): Json {
    const responseId = this.activeResponseId ?? this.startResponse();
    const outputIndex = opts.outputIndex ?? 0;
    const item = {
      id: id('item'),
      object: 'realtime.item',
      type: 'message',
      role: 'assistant',
      status: 'in_progress',
      ...(opts.phase ? { phase: opts.phase } : {}),
      content: [] as Json[],
    };
    const ids = { response_id: responseId, item_id: item.id, output_index: outputIndex, content_index: 0 };
    this.send({ type: 'response.output_item.added', response_id: responseId, output_index: outputIndex, item });
    this.send({ type: 'conversation.item.added', previous_item_id: null, item });
    this.send({ type: 'response.content_part.added', ...ids, part: { type: 'output_audio', transcript: '' } });
    this.send({ type: 'response.output_audio.delta', ...ids, delta: audioBase64 });
    this.send({ type: 'response.output_audio_transcript.delta', ...ids, delta: transcript });
    this.send({ type: 'response.output_audio.done', ...ids });
    this.send({ type: 'response.output_audio_transcript.done', ...ids, transcript });
    const done = { ...item, status: 'completed', content: [{ type: 'output_audio', transcript }] };
    this.send({ type: 'response.content_part.done', ...ids, part: { type: 'output_audio', transcript } });
    this.send({ type: 'response.output_item.done', response_id: responseId, output_index: outputIndex, item: done });
    this.send({ type: 'conversation.item.done', item: done });
    return done;
  }

  /** A written assistant reply inside the current response (text mode: response.output_text.*). */
  write(text: string): Json {
    const responseId = this.activeResponseId ?? this.startResponse();
    const item = {
      id: id('item'),
      object: 'realtime.item',
      type: 'message',
      role: 'assistant',
      status: 'in_progress',
      content: [] as Json[],
    };
    const ids = { response_id: responseId, item_id: item.id, output_index: 0, content_index: 0 };
    this.send({ type: 'response.output_item.added', response_id: responseId, output_index: 0, item });
    this.send({ type: 'conversation.item.added', previous_item_id: null, item });
    this.send({ type: 'response.content_part.added', ...ids, part: { type: 'text', text: '' } });
    this.send({ type: 'response.output_text.delta', ...ids, delta: text });
    this.send({ type: 'response.output_text.done', ...ids, text });
    const done = { ...item, status: 'completed', content: [{ type: 'output_text', text }] };
    this.send({ type: 'response.content_part.done', ...ids, part: { type: 'text', text } });
    this.send({ type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done });
    this.send({ type: 'conversation.item.done', item: done });
    return done;
  }

  /** A whole response that calls one tool; resolves with the call id. */
  functionCall(name: string, args: Json | string, opts: { keepOpen?: boolean } = {}): string {
    const responseId = this.activeResponseId ?? this.startResponse();
    const callId = id('call');
    const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
    const item = {
      id: id('item'),
      object: 'realtime.item',
      type: 'function_call',
      status: 'in_progress',
      name,
      call_id: callId,
      arguments: '',
    };
    this.send({ type: 'response.output_item.added', response_id: responseId, output_index: 0, item });
    this.send({
      type: 'response.function_call_arguments.delta',
      response_id: responseId,
      item_id: item.id,
      output_index: 0,
      call_id: callId,
      delta: argumentsText,
    });
    this.send({
      type: 'response.function_call_arguments.done',
      response_id: responseId,
      item_id: item.id,
      output_index: 0,
      call_id: callId,
      name,
      arguments: argumentsText,
    });
    const done = { ...item, status: 'completed', arguments: argumentsText };
    this.send({ type: 'response.output_item.done', response_id: responseId, output_index: 0, item: done });
    if (!opts.keepOpen) this.finishResponse('completed', [done]);
    return callId;
  }

  /** What server VAD and transcription would send for one spoken user turn. */
  userSpoke(transcript: string): string {
    const itemId = id('item');
    this.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: itemId });
    this.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 1000, item_id: itemId });
    this.send({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: null });
    const item = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_audio', transcript: null }],
    };
    this.send({ type: 'conversation.item.added', previous_item_id: null, item });
    this.send({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript });
    return itemId;
  }

  /** @internal */
  onMessage(text: string) {
    // Benchmark fast path: echo appended audio without parsing or recording (tens of thousands per second).
    if (this.options.echoAudio && text.startsWith(APPEND_PREFIX)) {
      const start = text.indexOf('"audio":"') + 9;
      const audio = text.slice(start, text.indexOf('"', start));
      const every = this.options.echoTurnEveryFrames ?? 0;
      if (every > 0 && ++this.echoed % every === 0) this.echoTurn();
      this.socket.send(
        `{"type":"response.output_audio.delta","event_id":"e","response_id":"r","item_id":"${this.echoItem}","output_index":0,"content_index":0,"delta":"${audio}"}`,
      );
      return;
    }
    let event: Json;
    try {
      event = JSON.parse(text);
    } catch {
      return this.send({ type: 'error', error: { type: 'invalid_request_error', code: 'invalid_json', message: 'Invalid JSON' } });
    }
    this.received.push(event);
    this.waiters = this.waiters.filter((w) => (w.match(event) ? (w.resolve(event), false) : true));
    this.defaultBehaviour(event);
  }

  /** A member's turn ends and the next echo answers it as a new item (the benchmark's traced turns). */
  private echoTurn() {
    this.echoItem = id('item');
    this.socket.send(`{"type":"input_audio_buffer.speech_stopped","event_id":"e","audio_end_ms":0,"item_id":"${this.echoItem}"}`);
    this.socket.send(`{"type":"response.done","event_id":"e","response":{"id":"r","status":"completed","output":[]}}`);
    this.socket.send(`{"type":"response.created","event_id":"e","response":{"id":"r","status":"in_progress","output":[]}}`);
  }

  /** @internal */
  onClose(code: number, reason: string) {
    this.resolveClosed({ code, reason });
  }

  private defaultBehaviour(event: Json) {
    switch (event.type) {
      case 'session.update':
        // As OpenAI: only reasoning models know `reasoning`; the others refuse the whole update.
        if (event.session?.reasoning !== undefined && !(this.url.searchParams.get('model') ?? '').startsWith('gpt-realtime-2')) {
          return this.send({
            type: 'error',
            error: {
              type: 'invalid_request_error',
              code: 'unknown_parameter',
              message: "Unknown parameter: 'session.reasoning'.",
              param: 'session.reasoning',
            },
          });
        }
        if (Array.isArray(event.session?.output_modalities)) this.textOnly = !event.session.output_modalities.includes('audio');
        return this.send({ type: 'session.updated', session: { object: 'realtime.session', type: 'realtime', ...event.session } });
      case 'conversation.item.create': {
        const item = { id: event.item?.id ?? id('item'), object: 'realtime.item', status: 'completed', ...event.item };
        this.send({ type: 'conversation.item.added', previous_item_id: null, item });
        return this.send({ type: 'conversation.item.done', previous_item_id: null, item });
      }
      case 'conversation.item.truncate':
        return this.send({
          type: 'conversation.item.truncated',
          item_id: event.item_id,
          content_index: event.content_index,
          audio_end_ms: event.audio_end_ms,
        });
      case 'response.cancel':
        if (!this.activeResponseId) {
          return this.send({
            type: 'error',
            error: {
              type: 'invalid_request_error',
              code: 'response_cancel_not_active',
              message: 'Cancellation failed: no active response found',
            },
          });
        }
        return this.finishResponse('cancelled');
      case 'response.create':
        if (this.activeResponseId) {
          return this.send({
            type: 'error',
            error: {
              type: 'invalid_request_error',
              code: 'conversation_already_has_active_response',
              message: `Conversation already has an active response in progress: ${this.activeResponseId}.`,
            },
          });
        }
        this.startResponse();
        if (this.options.autoRespond !== false) {
          const reply = this.options.replyTranscript ?? 'Hello from the fake realtime server.';
          if (this.textOnly) {
            // Text mode reports usage, as OpenAI does on every response.done.
            const usage = {
              input_tokens: 1000,
              output_tokens: 100,
              input_token_details: { text_tokens: 1000, audio_tokens: 0, cached_tokens: 0 },
              output_token_details: { text_tokens: 100, audio_tokens: 0 },
            };
            this.finishResponse('completed', [this.write(reply)], usage);
          } else if (this.options.preamble) {
            const preamble = this.speak(this.options.preamble, undefined, { phase: 'commentary', outputIndex: 0 });
            this.finishResponse('completed', [preamble, this.speak(reply, undefined, { phase: 'final_answer', outputIndex: 1 })]);
          } else this.finishResponse('completed', [this.speak(reply)]);
        }
    }
  }
}
