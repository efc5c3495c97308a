import type { TranscriptLine } from '../features/post-chat/run';
import { SUMMARY_LINES } from './resume';
import type { RenewCause } from './upstream-line';

/**
 * What a renewed upstream session (upstream-line.ts) is told of the conversation so far, after its instructions:
 * the same shape as a restart after a dropped page (resume.ts), with words that fit a renewal the member either
 * did not notice (a rotation) or heard as a short break. Built from the relay's memory only; never stored or logged.
 */

/** The turns before those quoted, summarised by the text provider while a rotation is prepared (resume-summary.ts). */
export interface EarlierSummary {
  summary: string;
  /** How many turns, from the first, it covers. */
  turns: number;
}

const LINE_CHARS = 240;
/** Quoted lines at most, when a summary covers the turns before them (turns may come while a rotation waits). */
const MAX_QUOTED = SUMMARY_LINES * 2;

const HEADINGS: Record<RenewCause, string> = {
  rotation:
    'The voice line was renewed and this is a new session of the same conversation; the person heard no break. ' +
    'Do not greet them, start over or mention the renewal: go on naturally from the last turn.',
  session_expired:
    'The voice line was cut for a moment and this is a new session of the same conversation. Do not start over or ' +
    'greet them as if for the first time. If you were answering, say in a few words that the line cut out and finish ' +
    'the answer; otherwise wait for them to speak.',
  connection_lost:
    'The voice line was cut for a moment and this is a new session of the same conversation. Do not start over or ' +
    'greet them as if for the first time. If you were answering, say in a few words that the line cut out and finish ' +
    'the answer; otherwise wait for them to speak.',
};

export function continuationNote(transcript: readonly TranscriptLine[], cause: RenewCause, earlier?: EarlierSummary | null): string {
  if (transcript.length === 0) return '';
  const covered = earlier ? Math.min(earlier.turns, transcript.length) : 0;
  const quoted = earlier ? transcript.slice(covered).slice(-MAX_QUOTED) : transcript.slice(-SUMMARY_LINES);
  const before = transcript.length - quoted.length;
  const summary = earlier?.summary.replace(/\s+/g, ' ').trim();
  const lines = quoted.map((line) => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const clipped = text.length > LINE_CHARS ? `${text.slice(0, LINE_CHARS - 1)}…` : text;
    return `- ${line.role === 'user' ? 'They said' : 'You said'}: ${clipped}`;
  });
  return [
    '# Continuing the same conversation',
    HEADINGS[cause],
    ...(before > 0 && summary ? [`The first ${covered} turns, summarised: ${summary}`] : []),
    `The conversation had ${transcript.length} turns${before > 0 ? `; the last ${quoted.length} were` : ', which were'}:`,
    ...lines,
  ].join('\n');
}
