import type { Limits } from '../config';

/**
 * The live voice sessions of this server instance, for the limits of PRODUCT §3: a global cap, and a number
 * of sessions per end user where a newer connection replaces the oldest (a reloaded tab must not lock its
 * user out behind a half-dead socket).
 */
export interface LiveSession {
  readonly id: string;
  readonly userId: string | null;
}

export type Admission<S> = { ok: true; replaced: S[] } | { ok: false };

export class LiveSessions<S extends LiveSession> {
  private readonly sessions = new Map<string, S>();

  constructor(private readonly limits: Pick<Limits, 'maxLiveSessions' | 'sessionsPerUser'>) {}

  get size(): number {
    return this.sessions.size;
  }

  /** Registers `session` unless the server is full; returns the sessions of the same user it displaces. */
  admit(session: S): Admission<S> {
    const replaced: S[] = [];
    if (session.userId !== null) {
      const mine = [...this.sessions.values()].filter((s) => s.userId === session.userId);
      const perUser = Math.max(1, this.limits.sessionsPerUser);
      replaced.push(...mine.slice(0, Math.max(0, mine.length - perUser + 1)));
    }
    if (this.sessions.size - replaced.length >= this.limits.maxLiveSessions) return { ok: false };
    for (const old of replaced) this.sessions.delete(old.id);
    this.sessions.set(session.id, session);
    return { ok: true, replaced };
  }

  all(): S[] {
    return [...this.sessions.values()];
  }

  remove(session: S) {
    if (this.sessions.get(session.id) === session) this.sessions.delete(session.id);
  }
}
