import { FRAME_MS, SAMPLE_RATE, type MessageItem, type Voice } from '@hearth/protocol';
import type { LocalConversation } from './conversation';
import { newAssistantItem, type ActiveResponse, type AnswerPart, type SpokenPlayout } from './response';
import { SpeechSynth, type Rng } from './speech-synth';

/** The item being spoken: its synthesiser and how far its words and transcript have gone out. */
interface SpokenItem {
  item: MessageItem & { id: string };
  outputIndex: number;
  synth: SpeechSynth;
  wordsSent: number;
  transcript: string;
}

export interface SpokenAnswerHost {
  emit(event: { type: string; [field: string]: unknown }): void;
  readonly conversation: LocalConversation;
  readonly voice: Voice;
  readonly rng: Rng;
  readonly chunkMs: number;
  readonly leadMs: number;
}

/**
 * A spoken answer of the local provider: its items one after another in one response (a preamble and the final
 * answer, as `gpt-realtime-2` sends them, or a single reply), each with the GA events of an output item, at
 * real-time pace with `leadMs` of audio ahead of the clock. The final answer may not start before `reasoningMs`
 * since the first audio (the model is still thinking); when the preamble lasts longer it follows back to back.
 */
export class SpokenAnswer implements SpokenPlayout {
  private current: SpokenItem | null = null;
  private next = 0;
  private readonly chunk: Int16Array;
  /** Audio sent so far on the response's timeline (ms since its first sample, gaps included). */
  private timelineMs = 0;
  private startedAtMs = 0;

  constructor(
    private readonly host: SpokenAnswerHost,
    private readonly response: ActiveResponse,
    private readonly parts: AnswerPart[],
    private readonly reasoningMs: number,
    private readonly onDone: () => void,
  ) {
    this.chunk = new Int16Array(Math.round((SAMPLE_RATE * host.chunkMs) / 1000));
    response.items = [];
  }

  start() {
    this.startedAtMs = performance.now();
    this.response.timer = setInterval(() => this.tick(), FRAME_MS);
    this.tick();
  }

  /** Audio of the item in progress, for a truncate that arrives while it is being spoken. */
  renderedMsOf(itemId: string): number | undefined {
    return this.current?.item.id === itemId ? this.current.synth.renderedMs : undefined;
  }

  /** The response ends (done, cancelled or interrupted): the item in progress ends where it is; later ones never start. */
  stop(status: 'completed' | 'cancelled') {
    if (this.current) this.finishItem(this.current, status === 'completed' ? 'completed' : 'incomplete');
  }

  private tick() {
    const clockMs = performance.now() - this.startedAtMs;
    for (;;) {
      if (this.current?.synth.done) this.finishItem(this.current, 'completed');
      if (!this.current) {
        if (this.next >= this.parts.length) return this.onDone();
        // The final answer waits for the reasoning (a silent gap only when the preamble was shorter).
        if (this.next > 0 && clockMs < this.reasoningMs) return;
        this.timelineMs = Math.max(this.timelineMs, this.next > 0 ? clockMs : 0);
        this.startItem(this.parts[this.next++]);
      }
      if (this.timelineMs >= clockMs + this.host.leadMs) return;
      this.timelineMs += this.sendChunk(this.current!);
    }
  }

  private startItem(part: AnswerPart) {
    const item: MessageItem & { id: string } = { ...newAssistantItem(), ...(part.phase ? { phase: part.phase } : {}) };
    const spoken: SpokenItem = {
      item,
      outputIndex: this.response.items!.length,
      synth: new SpeechSynth(part.text, this.host.voice, this.host.rng),
      wordsSent: 0,
      transcript: '',
    };
    this.current = spoken;
    this.response.items!.push(item);
    const previous = this.host.conversation.lastId();
    this.host.conversation.push(item);
    this.host.emit({
      type: 'response.output_item.added',
      response_id: this.response.id,
      output_index: spoken.outputIndex,
      item: structuredClone(item),
    });
    this.host.emit({ type: 'conversation.item.added', previous_item_id: previous, item: structuredClone(item) });
    this.host.emit({ type: 'response.content_part.added', ...this.partIds(spoken), part: { type: 'output_audio', transcript: '' } });
  }

  /** One chunk of audio and the words that start in it; returns its length in ms. */
  private sendChunk(spoken: SpokenItem): number {
    const startSample = Math.round((spoken.synth.renderedMs * SAMPLE_RATE) / 1000);
    const count = spoken.synth.render(this.chunk);
    const delta = Buffer.from(this.chunk.buffer, this.chunk.byteOffset, count * 2).toString('base64');
    this.host.emit({ type: 'response.output_audio.delta', ...this.partIds(spoken), delta });
    const endSample = startSample + count;
    const words = spoken.synth.words;
    while (spoken.wordsSent < words.length && words[spoken.wordsSent].startSample < endSample) {
      const word = words[spoken.wordsSent++].text;
      spoken.transcript += word;
      this.host.emit({ type: 'response.output_audio_transcript.delta', ...this.partIds(spoken), delta: word });
    }
    // An empty render (the synthesiser had nothing left) still moves the timeline, so the loop ends.
    return Math.max((count * 1000) / SAMPLE_RATE, FRAME_MS / 4);
  }

  private finishItem(spoken: SpokenItem, status: 'completed' | 'incomplete') {
    this.current = null;
    const { item, synth, transcript } = spoken;
    item.status = status;
    item.content = [{ type: 'output_audio', transcript }];
    const words = synth.words.slice(0, spoken.wordsSent).map((w) => ({ text: w.text, startMs: (w.startSample * 1000) / SAMPLE_RATE }));
    this.host.conversation.setAudio(item.id, { ms: synth.renderedMs, words });
    const ids = this.partIds(spoken);
    this.host.emit({ type: 'response.output_audio.done', ...ids });
    this.host.emit({ type: 'response.output_audio_transcript.done', ...ids, transcript });
    this.host.emit({ type: 'response.content_part.done', ...ids, part: { type: 'output_audio', transcript } });
    this.host.emit({
      type: 'response.output_item.done',
      response_id: this.response.id,
      output_index: spoken.outputIndex,
      item: structuredClone(item),
    });
    this.host.emit({ type: 'conversation.item.done', item: structuredClone(item) });
  }

  private partIds(spoken: SpokenItem) {
    return { response_id: this.response.id, item_id: spoken.item.id, output_index: spoken.outputIndex, content_index: 0 };
  }
}
