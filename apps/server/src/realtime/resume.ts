import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { TranscriptLine } from '../features/post-chat/run';
import type { Identity } from '../plugins/auth';
import type { ModuleState } from './module-state';

/**
 * Resuming a dropped voice connection (issue 10, protocol in @hearth/protocol `HearthResumable`): the token a
 * page reconnects with, and what the relay remembers of a conversation whose grace period passed so a new
 * session can go on from it. That memory is the relay's own, in this process only: never stored, never logged.
 */

/** `<session id>.<secret>`: the id finds the session (here or on another instance), the secret proves the page had it. */
export function newResumeToken(sessionId: string): string {
  return `${sessionId}.${randomBytes(24).toString('base64url')}`;
}

export function resumeSessionId(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{32}$/.exec(token);
  return match ? match[1]! : null;
}

export function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function ownerKey(identity: Identity): string {
  return `${identity.kind}:${identity.id}`;
}

/** Where the old session stood, and its conversation summarised, for the session that replaces it. */
export interface CarryOver {
  owner: string;
  module: string;
  version: number;
  promptName: string;
  summary: string;
}

/** What a new session needs to go on from one whose page did not come back: where it was and what was said. */
export function carryOverOf(identity: Identity, modules: ModuleState, transcript: readonly TranscriptLine[]): CarryOver {
  return {
    owner: ownerKey(identity),
    module: modules.moduleName,
    version: modules.version,
    promptName: modules.promptName,
    summary: summariseConversation(transcript),
  };
}

/** The turns the summary quotes line by line; earlier ones are summarised by the text provider (resume-summary.ts). */
export const SUMMARY_LINES = 12;
const SUMMARY_LINE_CHARS = 240;
const EARLIER_SUMMARY_CHARS = 1200;

/** The turns before those the summary quotes: what the text provider is asked to summarise. */
export const earlierTurns = (transcript: readonly TranscriptLine[]): TranscriptLine[] => transcript.slice(0, -SUMMARY_LINES);

/**
 * The conversation so far, condensed for the next session's instructions: its length, a summary of the earlier
 * turns when there is one, then its most recent lines, each clipped. Built from the relay's memory of the
 * session (never from stored text).
 */
export function summariseConversation(transcript: readonly TranscriptLine[], earlier?: string): string {
  if (transcript.length === 0) return '';
  const recent = transcript.slice(-SUMMARY_LINES);
  const lines = recent.map((line) => {
    const text = line.text.replace(/\s+/g, ' ').trim();
    const clipped = text.length > SUMMARY_LINE_CHARS ? `${text.slice(0, SUMMARY_LINE_CHARS - 1)}…` : text;
    return `- ${line.role === 'user' ? 'They said' : 'You said'}: ${clipped}`;
  });
  const before = transcript.length - recent.length;
  const summary = earlier?.replace(/\s+/g, ' ').trim().slice(0, EARLIER_SUMMARY_CHARS);
  return [
    '# Continuing after a dropped connection',
    'The connection to this person dropped and this is a new session of the same conversation. Do not start over ' +
      'or greet them as if for the first time: acknowledge briefly that the line dropped and go on from where it stopped.',
    ...(before > 0 && summary ? [`The first ${before} turns, summarised: ${summary}`] : []),
    `The conversation had ${transcript.length} turns${before > 0 ? `; the last ${recent.length} were` : ', which were'}:`,
    ...lines,
  ].join('\n');
}

/** How long a page coming back waits for a summary still being written before it goes on without it. */
const REFINE_WAIT_MS = 3_000;

interface Entry {
  carry: CarryOver;
  expires: number;
  refined?: Promise<string | null>;
}

/** Carry-overs by token, each for `ttlMs`, at most `max` (the oldest go first). */
export class CarryOvers {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly max = 1000,
  ) {}

  get size() {
    return this.entries.size;
  }

  /**
   * `refined`, when given, is a better summary still being written (resume-summary.ts): take() waits for it a
   * little, then goes on with what it has.
   */
  put(token: string, carry: CarryOver, refined?: Promise<string | null>) {
    this.sweep();
    const entry: Entry = { carry, expires: Date.now() + this.ttlMs, refined };
    this.entries.set(token, entry);
    refined?.then((summary) => {
      if (summary) entry.carry = { ...entry.carry, summary };
      entry.refined = undefined;
    });
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Once only, and only for the identity that held the session. */
  async take(token: string, owner: string, waitMs = REFINE_WAIT_MS): Promise<CarryOver | null> {
    this.sweep();
    const entry = this.entries.get(token);
    if (!entry || entry.carry.owner !== owner) return null;
    this.entries.delete(token);
    if (entry.refined) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const summary = await Promise.race([entry.refined, new Promise<null>((resolve) => (timer = setTimeout(resolve, waitMs, null)))]);
      clearTimeout(timer);
      if (summary) return { ...entry.carry, summary };
    }
    return entry.carry;
  }

  private sweep() {
    const now = Date.now();
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
  }
}
