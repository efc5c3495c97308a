import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { Limits } from '../config';

/**
 * The live_voice_sessions table: the product-wide register of live voice sessions (PRODUCT §3, §8). Every
 * instance admits through it, so two instances on one database keep one set of limits.
 */

/** A row whose heartbeat is older than this belongs to an instance that stopped (crashed): it no longer counts. */
export const LIVE_STALE_SECONDS = 30;
/** Rows this stale are deleted outright (their instance is long gone). */
const LIVE_GONE_SECONDS = 300;
/** Admissions are serialised product-wide by this advisory lock, so two instances never both take the last place. */
const ADMISSION_LOCK = 0x6865617274;

export interface LiveRow {
  id: string;
  instanceId: string;
  userId: string | null;
  staffId: string | null;
  /** sessions.token_hash of the sign-in that opened it: deleting that sign-in deletes this row. */
  authSession: string;
  /** Where the other instances reach this row's instance (INTERNAL_URL), for a page reconnecting to one of them. */
  internalUrl?: string | null;
}

export type LiveRefusal = 'full' | 'staff_full' | 'daily_used';
export type LiveAdmitResult =
  | { ok: true; minutesUsed: number; replaced: string[] }
  | { ok: false; reason: LiveRefusal; minutesUsed?: number };

type AdmitLimits = Pick<Limits, 'maxLiveSessions' | 'sessionsPerUser' | 'sessionsPerStaff' | 'maxSessionMinutes' | 'dailyMinutesPerUser'>;

/** A live session as a batch keeps count of it. */
type LiveRef = { id: string; staffId: string | null };

const fresh = sql<boolean>`heartbeat_at > now() - make_interval(secs => ${LIVE_STALE_SECONDS})`;

/**
 * Admits sessions in one transaction under the advisory lock, each as if alone and in the order given: the daily
 * minutes, the user's older sessions marked 'replaced' (on whichever instance they are, or earlier in `rows`), the
 * global cap and the staff account's cap. A refusal changes nothing, so a refused newer session never ends the
 * older one. Many sessions starting at once (a restart, a room of pages) share one lock, one count and one insert
 * instead of taking the product-wide lock in turn (LiveRegistry batches them).
 */
export async function admitLiveSessions(db: DB, rows: readonly LiveRow[], limits: AdmitLimits): Promise<LiveAdmitResult[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${ADMISSION_LOCK}::bigint)`.execute(trx);
    const live = await trx
      .selectFrom('live_voice_sessions')
      .select(['staff_id', sql<number>`count(*)::int`.as('count')])
      .where('ended_reason', 'is', null)
      .where(fresh)
      .groupBy('staff_id')
      .execute();
    let total = live.reduce((sum, r) => sum + r.count, 0);
    const perStaff = new Map(live.filter((r) => r.staff_id !== null).map((r) => [r.staff_id!, r.count]));
    // The batch's users are read together: their minutes today and their active sessions, one statement each.
    const userIds = [...new Set(rows.flatMap((row) => (row.userId === null ? [] : [row.userId])))];
    const minutesByUser = await minutesUsedToday(trx, userIds, limits.maxSessionMinutes);
    /** Each user's active sessions, newest first (read once, then kept up to date here). */
    const perUser = new Map<string, LiveRef[]>(userIds.map((id) => [id, []]));
    for (const r of await activeSessionsOf(trx, userIds)) perUser.get(r.userId!)?.push({ id: r.id, staffId: r.staffId });
    const results: LiveAdmitResult[] = [];
    const replacedAll: string[] = [];
    const admitted: LiveRow[] = [];
    for (const row of rows) {
      let minutesUsed = 0;
      let replaced: LiveRef[] = [];
      let mine: LiveRef[] | undefined;
      if (row.userId !== null) {
        minutesUsed = minutesByUser.get(row.userId) ?? 0;
        if ((limits.dailyMinutesPerUser - minutesUsed) * 60_000 < 1000) {
          results.push({ ok: false, reason: 'daily_used', minutesUsed });
          continue;
        }
        mine = perUser.get(row.userId)!;
        replaced = mine.slice(Math.max(0, limits.sessionsPerUser - 1));
      }
      if (total - replaced.length >= limits.maxLiveSessions) {
        results.push({ ok: false, reason: 'full' });
        continue;
      }
      if (row.staffId !== null && (perStaff.get(row.staffId) ?? 0) >= limits.sessionsPerStaff) {
        results.push({ ok: false, reason: 'staff_full' });
        continue;
      }
      for (const old of replaced) {
        replacedAll.push(old.id);
        total--;
        if (old.staffId !== null) perStaff.set(old.staffId, (perStaff.get(old.staffId) ?? 1) - 1);
      }
      if (mine) {
        mine.length -= replaced.length; // the oldest, at the end
        mine.unshift({ id: row.id, staffId: row.staffId });
      }
      total++;
      if (row.staffId !== null) perStaff.set(row.staffId, (perStaff.get(row.staffId) ?? 0) + 1);
      admitted.push(row);
      results.push({ ok: true, minutesUsed, replaced: replaced.map((r) => r.id) });
    }
    // A session replaced by a later one in the same batch goes in already ended (its instance then ends it).
    const inBatch = new Set(admitted.map((row) => row.id));
    const replacedHere = new Set(replacedAll.filter((id) => inBatch.has(id)));
    const stored = replacedAll.filter((id) => !replacedHere.has(id));
    if (stored.length) {
      await trx.updateTable('live_voice_sessions').set({ ended_reason: 'replaced' }).where('id', 'in', stored).execute();
    }
    if (admitted.length) {
      await trx
        .insertInto('live_voice_sessions')
        .values(
          admitted.map((row, i) => ({
            id: row.id,
            instance_id: row.instanceId,
            user_id: row.userId,
            staff_id: row.staffId,
            auth_session: row.authSession,
            internal_url: row.internalUrl ?? null,
            ended_reason: replacedHere.has(row.id) ? 'replaced' : null,
            // In admission order, so "the user's older sessions" stays well defined within one batch.
            started_at: sql<Date>`clock_timestamp() + make_interval(secs => ${i / 1e6})`,
          })),
        )
        .execute();
    }
    return results;
  });
}

/**
 * What the every-second check of an instance needs first, in one row whatever the number of sessions: a digest
 * of the ids of its active rows (compare `liveIdsDigest`) and how many of its rows another instance ended. Only
 * when either says something changed does the check read the rows themselves (`liveRowsOf`); at 500 sessions
 * that read had the relay parse 500 rows every second in the middle of their audio.
 */
export async function liveDigestOf(db: DB, instanceId: string): Promise<{ digest: string | null; ended: number }> {
  const { rows } = await sql<{ digest: string | null; ended: number }>`
    select md5(string_agg(id, ',' order by id collate "C") filter (where ended_reason is null)) as digest,
           (count(*) filter (where ended_reason is not null))::int as ended
    from live_voice_sessions where instance_id = ${instanceId}`.execute(db);
  return rows[0] ?? { digest: null, ended: 0 };
}

/** The digest `liveDigestOf` gives when exactly these sessions are active (ids sorted bytewise, as collate "C"). */
export function liveIdsDigest(ids: readonly string[]): string | null {
  if (ids.length === 0) return null;
  return createHash('md5')
    .update([...ids].sort().join(','))
    .digest('hex');
}

/** This instance's rows: a missing row was ended by a withdrawn sign-in, a set ended_reason by another instance. */
export function liveRowsOf(db: DB, instanceId: string) {
  return db.selectFrom('live_voice_sessions').select(['id', 'ended_reason']).where('instance_id', '=', instanceId).execute();
}

export async function heartbeatLiveRows(db: DB, instanceId: string): Promise<void> {
  await db.updateTable('live_voice_sessions').set({ heartbeat_at: sql`now()` }).where('instance_id', '=', instanceId).execute();
}

export async function deleteLiveRow(db: DB, id: string): Promise<void> {
  await db.deleteFrom('live_voice_sessions').where('id', '=', id).execute();
}

export async function deleteLiveRows(db: DB, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.deleteFrom('live_voice_sessions').where('id', 'in', ids).execute();
}

export async function deleteLiveRowsOf(db: DB, instanceId: string): Promise<void> {
  await db.deleteFrom('live_voice_sessions').where('instance_id', '=', instanceId).execute();
}

/**
 * Sessions of crashed instances: their voice_sessions rows end at the last heartbeat (for the daily minutes),
 * and rows long past counting are deleted.
 */
export async function sweepStaleLiveRows(db: DB): Promise<void> {
  await sql`
    update voice_sessions set ended_at = l.heartbeat_at
    from live_voice_sessions l
    where l.id = voice_sessions.id and voice_sessions.ended_at is null
      and l.heartbeat_at < now() - make_interval(secs => ${LIVE_STALE_SECONDS})`.execute(db);
  await db
    .deleteFrom('live_voice_sessions')
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${LIVE_GONE_SECONDS})`)
    .execute();
}

/** The other instance holding this session live, and where it is reached (null: unknown address), or undefined. */
export async function liveHolderOf(db: DB, id: string, instanceId: string): Promise<{ internalUrl: string | null } | undefined> {
  return db
    .selectFrom('live_voice_sessions')
    .select('internal_url as internalUrl')
    .where('id', '=', id)
    .where('instance_id', '<>', instanceId)
    .where('ended_reason', 'is', null)
    .where(fresh)
    .executeTakeFirst();
}

const FOREIGN_KEY_VIOLATION = '23503';

/**
 * Ties a live session to another sign-in of the same person, the one its page resumed it with (issue 21): that
 * sign-in's withdrawal then ends the session too (live_voice_sign_ins). False when the session is no longer active
 * or the sign-in is already gone; a sign-in withdrawn after this returns ends the session through its row.
 */
export async function tieLiveSignIn(db: DB, id: string, authSession: string): Promise<boolean> {
  const active = await db
    .selectFrom('live_voice_sessions')
    .select('auth_session')
    .where('id', '=', id)
    .where('ended_reason', 'is', null)
    .executeTakeFirst();
  if (!active) return false;
  if (active.auth_session === authSession) return true;
  try {
    // Both references are checked in the insert: a session or sign-in gone meanwhile fails it rather than tying nothing.
    await db
      .insertInto('live_voice_sign_ins')
      .values({ live_id: id, auth_session: authSession })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  } catch (err) {
    if ((err as { code?: string })?.code === FOREIGN_KEY_VIOLATION) return false;
    throw err;
  }
}

/** Whether this session may still act: its row exists and no one has ended it. */
export function liveRowActive(sessionId: string) {
  return sql<boolean>`exists (select 1 from live_voice_sessions where id = ${sessionId} and ended_reason is null)`;
}

/** These users' active sessions that still count (fresh heartbeat), newest first. */
function activeSessionsOf(db: DB, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('live_voice_sessions')
    .select(['id', 'staff_id as staffId', 'user_id as userId'])
    .where('user_id', 'in', userIds)
    .where('ended_reason', 'is', null)
    .where(fresh)
    .orderBy('started_at', 'desc')
    .execute();
}

/**
 * Voice minutes each of these end users has used since the start of today (UTC), on every instance (a user
 * without any session today is absent: 0). A session without an end counts up to now while its instance still
 * heartbeats it, up to its last heartbeat once that instance has stopped (crashed), and at most `maxSessionMinutes`.
 */
export async function minutesUsedToday(db: DB, userIds: readonly string[], maxSessionMinutes: number): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('voice_sessions as v')
    .leftJoin('live_voice_sessions as l', 'l.id', 'v.id')
    .select([
      'v.user_id as userId',
      sql<number>`coalesce(sum(extract(epoch from (least(
        coalesce(v.ended_at, case when l.heartbeat_at < now() - make_interval(secs => ${LIVE_STALE_SECONDS}) then l.heartbeat_at else now() end),
        v.started_at + make_interval(secs => cast(${maxSessionMinutes * 60} as double precision))) - v.started_at))), 0)::float8 / 60`.as(
        'minutes',
      ),
    ])
    .where('v.user_id', 'in', userIds)
    .where('v.started_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`)
    .groupBy('v.user_id')
    .execute();
  return new Map(rows.map((r) => [r.userId!, Number(r.minutes)]));
}
