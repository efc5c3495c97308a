import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import { log } from '../log';
import {
  admitLiveSessions,
  deleteLiveRow,
  deleteLiveRows,
  deleteLiveRowsOf,
  heartbeatLiveRows,
  liveDigestOf,
  liveIdsDigest,
  liveHolderOf,
  liveRowsOf,
  sweepStaleLiveRows,
  tieLiveSignIn,
  type LiveAdmitResult,
  type LiveRow,
} from './live-repository';

/** Why another instance (or a withdrawn sign-in) ended a session held here. */
export type LiveEndCause = 'replaced' | 'signed_out';

const CHANNEL = 'hearth_live_voice_sessions';

export interface LiveRegistryTiming {
  /** How often this instance refreshes its rows' heartbeat (a row stops counting 30 s after the last one). */
  heartbeatMs: number;
  /** The fallback check of this instance's rows, for a notification that got lost. */
  pollMs: number;
}

/**
 * How often the fallback poll runs. On PostgreSQL a notification can be lost with the connection that listens, so
 * the poll runs every second. PGlite delivers notifications inside this process, from the very statement that
 * deleted or ended the row (whichever code ran it), so none can be lost while it listens: there the poll is only a
 * backstop and no longer costs the relay a statement every second between its frames (issue 23).
 */
export function defaultLiveTiming(deps: Pick<AppDeps, 'dbKind' | 'listen'>): LiveRegistryTiming {
  return { heartbeatMs: 10_000, pollMs: deps.dbKind === 'pglite' && deps.listen ? 30_000 : 1_000 };
}

/** At most this many sessions are admitted in one transaction. */
const MAX_ADMISSION_BATCH = 100;

/** The longest a stopping instance waits for its LISTEN to end. */
const STOP_WAIT_MS = 2000;

/**
 * This instance's side of live_voice_sessions (PRODUCT §3, §8). Why rows with heartbeats plus LISTEN/NOTIFY:
 * - Admission is one transaction under an advisory lock that counts the rows of every instance, so the global,
 *   per-user and per-staff limits and the daily minutes hold product-wide; it works the same on PGlite. Sessions
 *   that ask while one runs are admitted together in the next, each decided as if alone (admitWaiting).
 * - Heartbeats make a crashed instance's sessions stop counting within 30 s without anyone cleaning up.
 * - A row references the sign-in that opened it (on delete cascade), and any other sign-in its page resumed it
 *   with (live_voice_sign_ins, whose trigger deletes the row), so every way of withdrawing a sign-in
 *   (revoked links, deleted user, disabled or signed-out staff, password reset, expiry purge) ends the session
 *   without each feature knowing about voice. A trigger NOTIFYs the holding instance, which closes the socket at
 *   once; a poll of its own rows (every second on PostgreSQL: defaultLiveTiming) makes that hold even when a notification is lost.
 * - Tools write memory only while their row is active (a check inside the same SQL statement), so an ended
 *   session writes nothing, even before its instance has heard of the end.
 */
export class LiveRegistry {
  readonly instanceId = randomUUID();
  private readonly local = new Map<string, (cause: LiveEndCause) => void>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private poll: ReturnType<typeof setInterval> | null = null;
  private listening: Promise<(() => Promise<void>) | null> | null = null;
  private checking = false;
  private readonly admissions: { row: LiveRow; resolve(result: LiveAdmitResult): void; reject(err: unknown): void }[] = [];
  private admitting = false;
  /** Rows released during this turn of the event loop, deleted together (release). */
  private releasing: { ids: string[]; done: Promise<void> } | null = null;
  private checkAgain = false;
  private stopped = false;

  constructor(
    private readonly deps: AppDeps,
    private readonly timing: LiveRegistryTiming = defaultLiveTiming(deps),
  ) {}

  get size(): number {
    return this.local.size;
  }

  /** Admits a session product-wide; `onEnd` runs once if another instance or a withdrawn sign-in ends it. */
  async admit(row: Omit<LiveRow, 'instanceId'>, onEnd: (cause: LiveEndCause) => void): Promise<LiveAdmitResult> {
    this.listen();
    const result = await new Promise<LiveAdmitResult>((resolve, reject) => {
      this.admissions.push({ row: { ...row, instanceId: this.instanceId }, resolve, reject });
      if (!this.admitting) void this.admitWaiting();
    });
    if (!result.ok) return result;
    this.local.set(row.id, onEnd);
    this.startTimers();
    // The sessions it replaced may be held here: no need to wait for the notification.
    if (result.replaced.length) void this.check();
    return result;
  }

  /**
   * Admissions take the product-wide lock one transaction at a time. The sessions that asked meanwhile go in the
   * next transaction together, so N sessions starting at once cost a few transactions rather than N in turn (each
   * waiting on the event loop between its statements). If a batch fails, its sessions are tried one by one, so one
   * session's error (a sign-in withdrawn meanwhile) refuses only that session.
   */
  private async admitWaiting() {
    this.admitting = true;
    while (this.admissions.length) {
      const batch = this.admissions.splice(0, MAX_ADMISSION_BATCH);
      const { limits } = this.deps.config;
      try {
        const results = await admitLiveSessions(
          this.deps.db,
          batch.map((a) => a.row),
          limits,
        );
        batch.forEach((a, i) => a.resolve(results[i]!));
      } catch (err) {
        if (batch.length === 1) batch[0]!.reject(err);
        else
          for (const a of batch) {
            await admitLiveSessions(this.deps.db, [a.row], limits).then(([result]) => a.resolve(result!), a.reject);
          }
      }
    }
    this.admitting = false;
  }

  /**
   * A page resumes a session held here, possibly with another sign-in of the same person: withdrawing that one
   * ends the session too. False when the session or the sign-in is gone (the page then gets a new session).
   */
  tieSignIn(id: string, authSession: string): Promise<boolean> {
    return tieLiveSignIn(this.deps.db, id, authSession);
  }

  /** The other instance holding a session this one does not know, with its INTERNAL_URL, or undefined. */
  holderOf(id: string): Promise<{ internalUrl: string | null } | undefined> {
    return liveHolderOf(this.deps.db, id, this.instanceId);
  }

  /**
   * The session ended here: its row goes, so it stops counting at once. Rows released in the same turn of the event
   * loop go in one statement: a room of pages closing together costs one delete and one notification (which each
   * wake this instance's check) instead of one each.
   */
  release(id: string): Promise<void> {
    this.local.delete(id);
    if (this.local.size === 0) this.stopTimers();
    if (!this.releasing) {
      const ids: string[] = [];
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => {
          this.releasing = null;
          return deleteLiveRows(this.deps.db, ids);
        })
        .catch((err) => log.warn('live session rows not removed', { sessions: ids.length, error: (err as Error)?.name }));
      this.releasing = { ids, done };
    }
    this.releasing.ids.push(id);
    return this.releasing.done;
  }

  /** At shutdown, after the sessions have ended: stop listening and take any remaining rows out. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopTimers();
    // Bounded: postgres.js can leave an UNLISTEN waiting on its listener connection, and a stop must not hang on it
    // (the connection is closed with the pool right after).
    const bounded = <T>(work: Promise<T> | undefined) => Promise.race([work?.catch(() => null), Bun.sleep(STOP_WAIT_MS).then(() => null)]);
    const unlisten = await bounded(this.listening ?? undefined);
    await bounded(unlisten?.());
    this.local.clear();
    await this.releasing?.done;
    await deleteLiveRowsOf(this.deps.db, this.instanceId).catch(() => {});
  }

  private listen() {
    if (this.listening || !this.deps.listen || this.stopped) return;
    this.listening = this.deps
      .listen(CHANNEL, (payload) => {
        if (payload === this.instanceId) void this.check();
      })
      .catch((err) => {
        log.warn('live session notifications unavailable; polling only', { error: (err as Error)?.name });
        return null;
      });
  }

  private startTimers() {
    if (this.poll || this.stopped) return;
    this.poll = setInterval(() => void this.check(), this.timing.pollMs);
    this.heartbeat = setInterval(() => void this.beat(), this.timing.heartbeatMs);
  }

  private stopTimers() {
    if (this.poll) clearInterval(this.poll);
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.poll = this.heartbeat = null;
  }

  private async beat() {
    try {
      await heartbeatLiveRows(this.deps.db, this.instanceId);
      await sweepStaleLiveRows(this.deps.db);
    } catch (err) {
      log.warn('live session heartbeat failed', { error: (err as Error)?.name });
    }
  }

  /** Ends the local sessions whose row is gone (sign-in withdrawn) or was marked ended by another instance. */
  private async check(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return;
    }
    this.checking = true;
    try {
      do {
        this.checkAgain = false;
        // Only sessions admitted before the query started: their rows are committed, so missing means gone.
        const known = [...this.local.keys()];
        if (known.length === 0) break;
        // Usually nothing changed: one row says so, and the rows themselves are read only when something did.
        const summary = await liveDigestOf(this.deps.db, this.instanceId);
        if (summary.ended === 0 && summary.digest === liveIdsDigest(known)) continue;
        const rows = new Map((await liveRowsOf(this.deps.db, this.instanceId)).map((r) => [r.id, r.ended_reason]));
        for (const id of known) {
          const state = rows.get(id);
          if (state === null) continue;
          const onEnd = this.local.get(id);
          if (!onEnd) continue;
          this.local.delete(id);
          if (state !== undefined) void deleteLiveRow(this.deps.db, id).catch(() => {});
          onEnd(state === 'replaced' ? 'replaced' : 'signed_out');
        }
        if (this.local.size === 0) this.stopTimers();
      } while (this.checkAgain);
    } catch (err) {
      log.warn('live session check failed', { error: (err as Error)?.name });
    } finally {
      this.checking = false;
    }
  }
}
