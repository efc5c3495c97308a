import {
  FRAME_MS,
  isReasoningEffort,
  SAMPLE_RATE,
  STAFF_DEFAULT_VOICE,
  TEMPERATURE_DEFAULT,
  type ConversationItem,
  type FunctionCallItem,
  type MessageItem,
  type ReasoningEffort,
  type RealtimeClientEvent,
  type RealtimeSessionConfig,
  type TurnDetection,
  type Voice,
} from '@hearth/protocol';
import type { Upstream, UpstreamEvent, UpstreamHandlers } from '../../upstream';
import { LocalConversation } from './conversation';
import { answerParts, REASONING_MS } from './reasoning';
import { newId, responseView, type ActiveResponse } from './response';
import { promptFromInstructions, replyLine, speechPlaceholder } from './replies';
import { createRng, type Rng } from './speech-synth';
import { SpokenAnswer } from './spoken-answer';
import { turnToolCalls, type ToolCall } from './turn-tools';
import { EnergyVad, vadSettingsOf } from './vad';
import { writtenAnswer } from './written-answer';

/**
 * The local realtime provider (PRODUCT §5): speaks the GA server events in-process so every path of the
 * product works without an OpenAI key. It detects speech in the incoming PCM, answers each turn at real-time
 * pace with speech-like audio and a transcript built from the active prompt (or at once in text, when the session
 * asks for text output: test runs), from reasoning effort `medium` up as a spoken preamble and then the final answer
 * (reasoning.ts), honours cancel and truncate, and calls the tools: change_prompt to the prompt's
 * next_prompt after a spoken turn or a typed reply that fits the prompt's trigger condition (or change_module when
 * the prompt asks for it by name), memory from keywords of what was typed and a mood score from its tone (see
 * turn-tools.ts). It keeps no audio: only sample counts and frame levels.
 */
export interface LocalUpstreamOptions {
  /** Audio per output delta. */
  chunkMs?: number;
  /** How far audio runs ahead of the wall clock, so playback never starves. */
  leadMs?: number;
  /** Pause before a response starts, as a model would take. */
  thinkMs?: number;
  seed?: number;
  /**
   * Test variant (test runs' privacy canary): each typed turn is also stored verbatim with set_memory, as a careless
   * model would. Never set in the product.
   */
  verbatimMemory?: boolean;
  /** Ends the session this long after it opened, as OpenAI does at its cap (session_expired, then the close). */
  capMs?: number;
}

const MIN_COMMIT_MS = 100;

export function createLocalUpstream(handlers: UpstreamHandlers, options: LocalUpstreamOptions = {}): Upstream {
  return new LocalUpstream(handlers, options);
}

class LocalUpstream implements Upstream {
  readonly kind = 'local' as const;
  private closed = false;
  private eventCounter = 0;
  readonly rng: Rng;
  readonly chunkMs: number;
  readonly leadMs: number;
  private readonly thinkMs: number;
  private instructions = '';
  private toolNames = new Set<string>();
  private turnDetection: TurnDetection = { type: 'server_vad', threshold: 0.5, prefix_padding_ms: 300, silence_duration_ms: 500 };
  voice: Voice = STAFF_DEFAULT_VOICE;
  private temperature = TEMPERATURE_DEFAULT;
  /** `reasoning.effort` of the session; null until one is set (then it answers as the older models do). */
  private effort: ReasoningEffort | null = null;
  private readonly vad: EnergyVad;
  readonly conversation = new LocalConversation();
  private samplesIn = 0;
  private bufferStartMs = 0;
  private speechItemId: string | null = null;
  private response: ActiveResponse | null = null;
  private assistantTurns = 0;
  /** output_modalities ['text']: answers at once as text, no audio and no pacing (test runs, PRODUCT §10). */
  private textOnly = false;
  private capTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly handlers: UpstreamHandlers,
    private readonly options: LocalUpstreamOptions,
  ) {
    this.rng = createRng(options.seed ?? Math.floor(Math.random() * 2 ** 31));
    this.chunkMs = options.chunkMs ?? 40;
    this.leadMs = options.leadMs ?? 60;
    this.thinkMs = options.thinkMs ?? 120;
    this.vad = new EnergyVad(this.vadSettings());
    queueMicrotask(() => {
      if (this.closed) return;
      this.emit({ type: 'session.created', session: this.sessionView() });
      this.handlers.onOpen();
      if (options.capMs) this.capTimer = setTimeout(() => this.expire(options.capMs!), options.capMs);
    });
  }

  /** The provider's cap: an error the session cannot go on after, then the connection closes. */
  private expire(capMs: number) {
    const minutes = Math.round(capMs / 60_000);
    const span = minutes >= 1 ? `${minutes} minutes` : `${Math.round(capMs / 1000)} seconds`;
    this.emit({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code: 'session_expired',
        message: `Your session hit the maximum duration of ${span}.`,
        param: null,
        event_id: null,
      },
    });
    setTimeout(() => {
      if (this.closed) return;
      this.close();
      this.handlers.onFailure('The voice service ended the session');
    }, 0);
  }

  send(event: RealtimeClientEvent): void {
    if (this.closed) return;
    switch (event.type) {
      case 'session.update':
        return this.updateSession(event.session);
      case 'input_audio_buffer.append':
        return this.append(event.audio);
      case 'input_audio_buffer.commit':
        return this.commit();
      case 'input_audio_buffer.clear':
        this.bufferStartMs = this.heardMs();
        this.vad.resetFloor(this.vad.processedMs);
        this.speechItemId = null;
        return this.emit({ type: 'input_audio_buffer.cleared' });
      case 'conversation.item.create':
        return this.addItem(event.item, event.previous_item_id);
      case 'conversation.item.truncate':
        return this.truncate(event.item_id, event.content_index, event.audio_end_ms);
      case 'conversation.item.delete':
        return this.deleteItem(event.item_id);
      case 'response.create':
        if (this.response) {
          return this.error(
            'conversation_already_has_active_response',
            `Conversation already has an active response in progress: ${this.response.id}. Wait until the response is finished before creating a new one.`,
          );
        }
        return this.startResponse();
      case 'response.cancel':
        if (!this.response || (event.response_id && event.response_id !== this.response.id)) {
          return this.error('response_cancel_not_active', 'Cancellation failed: no active response found');
        }
        return this.finishResponse('cancelled', 'client_cancelled');
    }
  }

  appendAudio(_frame: string, audio: string): void {
    if (!this.closed) this.append(audio);
  }

  close(): void {
    if (this.closed) return;
    if (this.capTimer) clearTimeout(this.capTimer);
    if (this.response?.timer) clearInterval(this.response.timer);
    this.response = null;
    this.closed = true;
  }

  // Events go out on a microtask, in order, as they would arrive from a network peer.
  emit(event: { type: string; [field: string]: unknown }) {
    const full: UpstreamEvent = { event_id: `event_local_${++this.eventCounter}`, ...event };
    queueMicrotask(() => {
      if (!this.closed) this.handlers.onEvent(full);
    });
  }

  private error(code: string, message: string) {
    this.emit({ type: 'error', error: { type: 'invalid_request_error', code, message, param: null, event_id: null } });
  }

  private vadSettings() {
    return vadSettingsOf(this.turnDetection);
  }

  private sessionView(): RealtimeSessionConfig {
    return {
      type: 'realtime',
      instructions: this.instructions,
      output_modalities: [this.textOnly ? 'text' : 'audio'],
      audio: {
        input: { format: { type: 'audio/pcm', rate: SAMPLE_RATE }, turn_detection: this.turnDetection },
        output: { format: { type: 'audio/pcm', rate: SAMPLE_RATE }, voice: this.voice },
      },
      temperature: this.temperature,
      ...(this.effort ? { reasoning: { effort: this.effort } } : {}),
    };
  }

  private updateSession(session: RealtimeSessionConfig) {
    if (session.instructions !== undefined) this.instructions = session.instructions;
    // Instructions that carry an earlier session's conversation (resume.ts, continuation.ts): no greeting again.
    if (session.instructions && /^The conversation had \d+ turns/m.test(session.instructions)) {
      this.conversation.continued = true;
      this.assistantTurns = Math.max(this.assistantTurns, 1);
    }
    if (session.tools) this.toolNames = new Set(session.tools.map((t) => t.name));
    if (session.output_modalities) this.textOnly = !session.output_modalities.includes('audio');
    const turnDetection = session.audio?.input?.turn_detection;
    if (turnDetection !== undefined) {
      this.turnDetection = turnDetection;
      this.vad.configure(this.vadSettings());
    }
    if (session.audio?.output?.voice) this.voice = session.audio.output.voice;
    if (typeof session.temperature === 'number') this.temperature = session.temperature;
    if (isReasoningEffort(session.reasoning?.effort)) this.effort = session.reasoning.effort;
    this.emit({ type: 'session.updated', session: this.sessionView() });
  }

  private heardMs(): number {
    return (this.samplesIn * 1000) / SAMPLE_RATE;
  }

  private append(base64: string) {
    const bytes = Buffer.from(base64, 'base64');
    const aligned = bytes.byteOffset % 2 === 0 ? bytes : Buffer.from(bytes);
    const samples = new Int16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 1);
    this.samplesIn += samples.length;
    const events = this.vad.push(samples);
    if (!this.turnDetection) return;
    for (const vadEvent of events) {
      if (vadEvent.type === 'speech_started') {
        this.speechItemId = newId('item');
        this.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: vadEvent.audioStartMs, item_id: this.speechItemId });
        if (this.response && this.turnDetection.interrupt_response !== false) this.finishResponse('cancelled', 'turn_detected');
      } else {
        const itemId = this.speechItemId ?? newId('item');
        this.speechItemId = null;
        this.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: vadEvent.audioEndMs, item_id: itemId });
        this.commitUserAudio(itemId, vadEvent.speechEndMs - vadEvent.speechStartMs);
        this.bufferStartMs = vadEvent.audioEndMs;
        if (this.turnDetection.create_response !== false && !this.response) this.startResponse();
      }
    }
  }

  private commit() {
    const bufferedMs = this.heardMs() - this.bufferStartMs;
    if (bufferedMs < MIN_COMMIT_MS) {
      return this.error(
        'input_audio_buffer_commit_empty',
        `Error committing input audio buffer: buffer too small. Expected at least ${MIN_COMMIT_MS}ms of audio, but buffer only has ${bufferedMs.toFixed(2)}ms of audio.`,
      );
    }
    const itemId = this.speechItemId ?? newId('item');
    this.speechItemId = null;
    this.commitUserAudio(itemId, bufferedMs);
    this.bufferStartMs = this.heardMs();
    this.vad.resetFloor(this.vad.processedMs);
  }

  private commitUserAudio(itemId: string, speechMs: number) {
    const previous = this.conversation.lastId();
    const item: MessageItem & { id: string } = {
      id: itemId,
      object: 'realtime.item',
      type: 'message',
      role: 'user',
      status: 'completed',
      content: [{ type: 'input_audio', transcript: null }],
    };
    this.conversation.push(item);
    this.emit({ type: 'input_audio_buffer.committed', item_id: itemId, previous_item_id: previous });
    this.emit({ type: 'conversation.item.added', previous_item_id: previous, item: structuredClone(item) });
    const transcript = speechPlaceholder(speechMs);
    item.content = [{ type: 'input_audio', transcript }];
    this.emit({ type: 'conversation.item.input_audio_transcription.completed', item_id: itemId, content_index: 0, transcript });
    this.emit({ type: 'conversation.item.done', previous_item_id: previous, item: structuredClone(item) });
  }

  private addItem(item: ConversationItem, previousItemId?: string) {
    const stored = { ...item, id: item.id ?? newId('item'), object: 'realtime.item', status: 'completed' } as ConversationItem;
    const previous = previousItemId ?? this.conversation.lastId();
    this.conversation.push(stored);
    this.emit({ type: 'conversation.item.added', previous_item_id: previous, item: stored });
    this.emit({ type: 'conversation.item.done', previous_item_id: previous, item: stored });
  }

  private deleteItem(itemId: string) {
    if (!this.conversation.remove(itemId)) return this.error('item_delete_invalid_item_id', `Item with item_id '${itemId}' not found`);
    this.emit({ type: 'conversation.item.deleted', item_id: itemId });
  }

  private truncate(itemId: string, contentIndex: number, audioEndMs: number) {
    const speaking = this.response?.spoken?.renderedMsOf(itemId);
    const audio = this.conversation.audioOf(itemId) ?? (speaking === undefined ? undefined : { ms: speaking, words: [] });
    if (!audio) return this.error('item_truncate_invalid_item_id', `Item with item_id '${itemId}' not found or has no audio.`);
    if (speaking !== undefined) this.finishResponse('cancelled', 'client_cancelled');
    const finished = this.conversation.audioOf(itemId)!;
    if (audioEndMs > finished.ms + FRAME_MS) {
      return this.error('invalid_value', `Audio content of ${Math.round(finished.ms)}ms is already shorter than ${audioEndMs}ms`);
    }
    const kept = finished.words
      .filter((w) => w.startMs < audioEndMs)
      .map((w) => w.text)
      .join('');
    const item = this.conversation.find(itemId);
    if (item?.type === 'message') item.content = [{ type: 'output_audio', transcript: kept }];
    finished.ms = Math.min(finished.ms, audioEndMs);
    this.emit({ type: 'conversation.item.truncated', item_id: itemId, content_index: contentIndex, audio_end_ms: audioEndMs });
  }

  private startResponse() {
    const typed = this.conversation.takeUserTurn();
    const calls: ToolCall[] = typed === null ? [] : turnToolCalls(typed, this.instructions, this.toolNames);
    if (this.options.verbatimMemory && typed && this.toolNames.has('set_memory'))
      calls.unshift({ name: 'set_memory', args: { key: 'typed_text', value: typed } });
    const response: ActiveResponse = { id: newId('resp') };
    this.response = response;
    this.emit({ type: 'response.created', response: responseView(response, 'in_progress') });
    const answer = () => {
      if (this.response !== response) return;
      if (calls.length > 0) this.callTools(response, calls);
      else if (this.textOnly) this.write(response);
      else this.speak(response);
    };
    // Text answers come at once (a suite of test runs stays fast); spoken ones after a model's thinking pause.
    if (this.textOnly) answer();
    else response.timer = setTimeout(answer, this.thinkMs);
  }

  /** A text-only answer (written-answer.ts), at once. */
  private write(response: ActiveResponse) {
    const { items, events } = writtenAnswer(response, this.answerParts(), this.conversation.lastId());
    for (const item of items) this.conversation.push(item);
    for (const event of events) this.emit(event);
    this.finishResponse('completed');
  }

  /** The reply to the active prompt, as one item or a preamble and the final answer (reasoning.ts). */
  private answerParts() {
    const prompt = promptFromInstructions(this.instructions);
    const reply = replyLine(prompt, { turn: this.assistantTurns++, temperature: this.temperature, rng: this.rng });
    return answerParts(reply, this.effort, this.rng);
  }

  private callTools(response: ActiveResponse, calls: ToolCall[]) {
    response.calls = [];
    calls.forEach((call, outputIndex) => {
      const item: FunctionCallItem & { id: string } = {
        id: newId('item'),
        object: 'realtime.item',
        type: 'function_call',
        status: 'in_progress',
        name: call.name,
        call_id: newId('call'),
        arguments: '',
      };
      const base = { response_id: response.id, item_id: item.id, output_index: outputIndex, call_id: item.call_id };
      this.emit({ type: 'response.output_item.added', response_id: response.id, output_index: outputIndex, item: { ...item } });
      this.emit({ type: 'conversation.item.added', previous_item_id: this.conversation.lastId(), item: { ...item } });
      item.arguments = JSON.stringify(call.args);
      this.emit({ type: 'response.function_call_arguments.delta', ...base, delta: item.arguments });
      this.emit({ type: 'response.function_call_arguments.done', ...base, name: item.name, arguments: item.arguments });
      item.status = 'completed';
      this.conversation.push(item);
      response.calls!.push(item);
      this.emit({ type: 'conversation.item.done', item: { ...item } });
      this.emit({ type: 'response.output_item.done', response_id: response.id, output_index: outputIndex, item: { ...item } });
    });
    this.finishResponse('completed');
  }

  private speak(response: ActiveResponse) {
    const reasoningMs = this.effort ? REASONING_MS[this.effort] : 0;
    const spoken = new SpokenAnswer(this, response, this.answerParts(), reasoningMs, () => this.finishResponse('completed'));
    response.spoken = spoken;
    spoken.start();
  }

  private finishResponse(status: 'completed' | 'cancelled', reason?: 'turn_detected' | 'client_cancelled') {
    const response = this.response;
    if (!response) return;
    this.response = null;
    if (response.timer) clearInterval(response.timer);
    response.spoken?.stop(status);
    this.emit({ type: 'response.done', response: responseView(response, status, reason) });
  }
}
