import { Invalid, TooLarge } from '../../errors';

/**
 * A chat's transcript as the post-chat work sees it. It only passes through: it is never stored or logged
 * (PRODUCT §7), and what is stored or sent is text the provider wrote.
 */
export interface TranscriptLine {
  role: string;
  text: string;
}

/** SPEC §4's thresholds: profile, memory and section record from 4 messages and 20 s; SMS from 8 messages. */
export const MIN_MESSAGES = 4;
export const MIN_SECONDS = 20;
export const RECAP_MIN_MESSAGES = 8;
/** Largest transcript the endpoints accept (bytes of JSON). */
export const MAX_TRANSCRIPT_BYTES = 200 * 1024;

const MAX_MODEL_TRANSCRIPT_CHARS = 100_000;

type RawLine = { role?: string; text?: string; content?: string | Array<{ text?: string; transcript?: string }> };

/** Accepts a transcript as text ("user: …" lines) or as a list of {role, text|content}. */
export function normalizeTranscript(raw: string | RawLine[]): TranscriptLine[] {
  if (new TextEncoder().encode(JSON.stringify(raw)).byteLength > MAX_TRANSCRIPT_BYTES) {
    throw new TooLarge('The conversation transcript is too large (at most 200 KB)');
  }
  if (typeof raw === 'string') {
    return raw
      .split(/\r?\n/)
      .map((line) => {
        const m = /^\s*(user|assistant|system)\s*:\s*(.*)$/i.exec(line);
        return m ? { role: m[1].toLowerCase(), text: m[2].trim() } : { role: 'user', text: line.trim() };
      })
      .filter((l) => l.text);
  }
  return raw
    .map((l) => {
      const content = typeof l.content === 'string' ? l.content : (l.content ?? []).map((p) => p.text ?? p.transcript ?? '').join(' ');
      return { role: (l.role ?? 'user').toLowerCase(), text: (l.text ?? content).trim() };
    })
    .filter((l) => l.text);
}

export function formatTranscript(lines: TranscriptLine[]): string {
  const text = lines.map((l) => `${l.role === 'assistant' ? 'Assistant' : l.role === 'user' ? 'User' : l.role}: ${l.text}`).join('\n');
  return text.length > MAX_MODEL_TRANSCRIPT_CHARS ? text.slice(-MAX_MODEL_TRANSCRIPT_CHARS) : text;
}

export function requireContent(transcript: TranscriptLine[]) {
  if (!transcript.some((l) => l.text.trim())) throw new Invalid('The conversation transcript is empty');
}

/** Shortens at a word boundary with an ellipsis. */
export const clip = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);
