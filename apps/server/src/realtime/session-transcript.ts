import type { TranscriptLine } from '../features/post-chat/run';

/**
 * What was said in one voice session, in memory only (PRODUCT §4, §7): typed and transcribed lines for the
 * post-chat work and a dropped page's carry-over, dropped when the session ends. Spoken lines are kept by
 * conversation item, so an item the console deletes leaves the transcript too.
 */
export class SessionTranscript {
  private lines: TranscriptLine[] = [];
  private readonly lineByItem = new Map<string, TranscriptLine>();
  readonly counts = { userTurns: 0, assistantTurns: 0, typed: 0 };

  get all(): readonly TranscriptLine[] {
    return this.lines;
  }

  typed(text: string) {
    this.lines.push({ role: 'user', text });
    this.counts.typed++;
  }

  /** A finished transcription (user) or spoken/written reply (assistant); empty text is no line. */
  record(role: 'user' | 'assistant', text: unknown, itemId?: unknown) {
    if (typeof text !== 'string' || !text.trim()) return;
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

  /** Hands the lines over once and forgets them. */
  take(): TranscriptLine[] {
    const lines = this.lines;
    this.lines = [];
    this.lineByItem.clear();
    return lines;
  }
}
