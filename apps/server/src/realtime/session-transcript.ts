import type { ConversationItem } from '@hearth/protocol';
import type { TranscriptLine } from '../features/post-chat/run';
import type { UpstreamEvent } from './upstream';

/**
 * What was said in one voice session, in memory only (PRODUCT §4, §7): typed and transcribed lines for the
 * post-chat work and a dropped page's carry-over, dropped when the session ends. Spoken lines are kept by
 * conversation item, so an item the console deletes leaves the transcript too.
 */
export class SessionTranscript {
  private lines: TranscriptLine[] = [];
  private readonly lineByItem = new Map<string, TranscriptLine>();
  /** Spoken preambles (`phase: 'commentary'`) of reasoning models: said while thinking, not part of the answer. */
  private readonly preambles = new Set<string>();
  readonly counts = { userTurns: 0, assistantTurns: 0, typed: 0 };

  get all(): readonly TranscriptLine[] {
    return this.lines;
  }

  typed(text: string) {
    this.lines.push({ role: 'user', text });
    this.counts.typed++;
  }

  /** A message the page adds (`conversation.item.create`): its typed words are the member's line. */
  typedItem(item: ConversationItem) {
    if (item.type !== 'message') return;
    const text = item.content
      .map((part) => (part.type === 'input_text' ? part.text : ''))
      .join(' ')
      .trim();
    if (text) this.typed(text);
  }

  /** The upstream events that say what was said (or unsaid) in the conversation. */
  observe(event: UpstreamEvent) {
    switch (event.type) {
      case 'conversation.item.input_audio_transcription.completed':
        return this.record('user', event.transcript, event.item_id);
      case 'response.output_audio_transcript.done':
        return this.record('assistant', event.transcript, event.item_id);
      case 'response.output_text.done':
        return this.record('assistant', event.text, event.item_id);
      case 'response.output_item.added':
        return this.outputItem(event.item);
      case 'conversation.item.deleted':
        return this.deleted(event.item_id);
      case 'conversation.item.truncated':
        return this.truncated(event.item_id, event.audio_end_ms);
    }
  }

  /** An item a response adds (`response.output_item.added`): a preamble is remembered so its words stay out. */
  outputItem(item: unknown) {
    const { id, phase } = (item ?? {}) as { id?: unknown; phase?: unknown };
    if (phase === 'commentary' && typeof id === 'string') this.preambles.add(id);
  }

  /**
   * A finished transcription (user) or spoken/written reply (assistant); empty text is no line. Of an answer in
   * several items only the final answer (or an item without a phase) is a line: post-chat reads what was answered.
   */
  record(role: 'user' | 'assistant', text: unknown, itemId?: unknown) {
    if (typeof text !== 'string' || !text.trim()) return;
    if (typeof itemId === 'string' && this.preambles.has(itemId)) return;
    const line: TranscriptLine = { role, text: text.trim() };
    this.lines.push(line);
    if (typeof itemId === 'string') this.lineByItem.set(itemId, line);
    if (role === 'user') this.counts.userTurns++;
    else this.counts.assistantTurns++;
  }

  deleted(itemId: unknown) {
    const line = this.lineByItem.get(String(itemId));
    if (line) this.lines = this.lines.filter((entry) => entry !== line);
  }

  /** Truncated to nothing: the member never heard the item (a later item of an answer they cut off). */
  truncated(itemId: unknown, audioEndMs: unknown) {
    if (audioEndMs === 0) this.deleted(itemId);
  }

  /** Hands the lines over once and forgets them. */
  take(): TranscriptLine[] {
    const lines = this.lines;
    this.lines = [];
    this.lineByItem.clear();
    this.preambles.clear();
    return lines;
  }
}
