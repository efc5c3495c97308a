import type { AppDeps } from '../deps';
import { findStaffSessions, findUserSessions } from '../features/auth/repository';
import {
  cookieTokenHash,
  STAFF_COOKIE,
  staffIdentity,
  USER_COOKIE,
  userIdentity,
  type CookieJar,
  type StaffIdentity,
  type UserIdentity,
} from './auth';

/**
 * Lookups asked for during one turn of the event loop go to the database together, as one statement, and each
 * asker gets its own answer. Keys asked twice in a turn share one answer.
 */
class TurnBatch<V> {
  private waiting = new Map<string, { resolve(value: V | undefined): void; reject(err: unknown): void }[]>();

  constructor(private readonly load: (keys: string[]) => Promise<Map<string, V>>) {}

  get(key: string): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) setImmediate(() => void this.flush());
      const askers = this.waiting.get(key);
      if (askers) askers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
    });
  }

  private async flush() {
    const batch = this.waiting;
    this.waiting = new Map();
    try {
      const found = await this.load([...batch.keys()]);
      for (const [key, askers] of batch) for (const a of askers) a.resolve(found.get(key));
    } catch (err) {
      for (const askers of batch.values()) for (const a of askers) a.reject(err);
    }
  }
}

/**
 * The sign-in behind a voice socket's cookie (the same answer as staffFromCookie / userFromCookie), looked up
 * together with the others of the same moment: a room of pages opening at once costs one statement instead of one
 * per page, which on the embedded database (one statement at a time, in the relay's own thread) was most of
 * the wait before their sessions could start (bench:relay, issue 23).
 */
export class SignInBatch {
  private readonly staffRows: TurnBatch<StaffIdentity>;
  private readonly userRows: TurnBatch<UserIdentity>;

  constructor(deps: Pick<AppDeps, 'db'>) {
    this.staffRows = new TurnBatch(async (hashes) => {
      const rows = await findStaffSessions(deps.db, hashes);
      return new Map(rows.map((r) => [r.token_hash, staffIdentity(r)]));
    });
    this.userRows = new TurnBatch(async (hashes) => {
      const rows = await findUserSessions(deps.db, hashes);
      return new Map(rows.map((r) => [r.token_hash, userIdentity(r)]));
    });
  }

  async staff(cookie: CookieJar): Promise<StaffIdentity | null> {
    const hash = cookieTokenHash(cookie, STAFF_COOKIE);
    const found = hash ? await this.staffRows.get(hash) : undefined;
    return found ? { ...found } : null;
  }

  async user(cookie: CookieJar): Promise<UserIdentity | null> {
    const hash = cookieTokenHash(cookie, USER_COOKIE);
    const found = hash ? await this.userRows.get(hash) : undefined;
    return found ? { ...found } : null;
  }
}
