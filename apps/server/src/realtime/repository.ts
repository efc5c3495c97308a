import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** The end user's memory document, appended to the instructions on the user page (SPEC §3). */
export async function loadMemoryDocument(db: DB, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('memory_document').where('id', '=', userId).executeTakeFirst();
  return row?.memory_document ?? '';
}

export async function upsertMemoryEntry(db: DB, userId: string, key: string, value: string): Promise<void> {
  await db
    .insertInto('memory_entries')
    .values({ user_id: userId, key, value })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

export async function upsertMoodEntry(db: DB, userId: string, key: string, value: number): Promise<void> {
  await db
    .insertInto('mood_entries')
    .values({ user_id: userId, key, value })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: sql`now()` }))
    .execute();
}

/** Records a live end-user session (post-chat work later claims this row and sets ended_at). */
export async function insertVoiceSession(db: DB, row: { id: string; userId: string; moduleName: string; startedAt: Date }): Promise<void> {
  await db
    .insertInto('voice_sessions')
    .values({ id: row.id, user_id: row.userId, module_name: row.moduleName, started_at: row.startedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Marks when a session ended, for the daily minutes, unless post-chat work already did. */
export async function markVoiceSessionEnded(db: DB, id: string, endedAt: Date): Promise<void> {
  await db.updateTable('voice_sessions').set({ ended_at: endedAt }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/**
 * Voice minutes an end user has used since the start of today (UTC). A session without an end (still live,
 * or cut off by a crash) counts up to now, at most `maxSessionMinutes`.
 */
export async function minutesUsedToday(db: DB, userId: string, maxSessionMinutes: number): Promise<number> {
  const row = await db
    .selectFrom('voice_sessions')
    .select(
      sql<number>`coalesce(sum(extract(epoch from (least(coalesce(ended_at, now()), started_at + make_interval(secs => cast(${maxSessionMinutes * 60} as double precision))) - started_at))), 0)::float8 / 60`.as(
        'minutes',
      ),
    )
    .where('user_id', '=', userId)
    .where('started_at', '>=', sql<Date>`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`)
    .executeTakeFirst();
  return Number(row?.minutes ?? 0);
}
