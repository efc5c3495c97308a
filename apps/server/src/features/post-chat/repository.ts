import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** SQL of the post-chat work: the user it writes to, what it stores, and the session row that claims it. */

export function findPostChatUser(db: DB, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'phone_number', 'sms_opt_out', 'profile_for_group', 'memory_document'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A non-empty profile written for the first time is the funnel's "profiled" (PRODUCT §11); never moved once set. */
export async function setProfileForGroup(db: DB, userId: string, profile: string) {
  await db
    .updateTable('users')
    .set({ profile_for_group: profile, ...(profile.trim() ? { profiled_at: sql`coalesce(profiled_at, now())` } : {}) })
    .where('id', '=', userId)
    .execute();
}

export async function setMemoryDocument(db: DB, userId: string, memory: string) {
  await db.updateTable('users').set({ memory_document: memory }).where('id', '=', userId).execute();
}

export function insertQuizSummary(db: DB, userId: string, summary: string, date: Date) {
  return db.insertInto('quiz_summaries').values({ user_id: userId, summary, date }).returning('id').executeTakeFirstOrThrow();
}

/** The section record of one chat; a second save of the same voice session returns the first one's id. */
export async function insertSectionRecord(
  db: DB,
  row: { userId: string; moduleName: string; start: Date; end: Date; voiceSessionId: string | null },
): Promise<{ id: number }> {
  const inserted = await db
    .insertInto('section_records')
    .values({
      user_id: row.userId,
      module_name: row.moduleName,
      start_time: row.start,
      end_time: row.end,
      voice_session_id: row.voiceSessionId,
    })
    .onConflict((oc) => oc.column('voice_session_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted;
  return db.selectFrom('section_records').select('id').where('voice_session_id', '=', row.voiceSessionId!).executeTakeFirstOrThrow();
}

/** Inserts or takes over the session row; true only for the one caller whose claim succeeded. */
export async function claimVoiceSession(
  db: DB,
  row: { id: string; userId: string; moduleName: string; startedAt: Date; endedAt: Date },
): Promise<boolean> {
  const claimed = await db
    .insertInto('voice_sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      module_name: row.moduleName,
      started_at: row.startedAt,
      ended_at: row.endedAt,
      post_chat_status: 'running',
    })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ post_chat_status: 'running', ended_at: eb.fn.coalesce('voice_sessions.ended_at', 'excluded.ended_at') }))
        .where('voice_sessions.post_chat_status', 'is', null),
    )
    .returning('id')
    .executeTakeFirst();
  // The session's row may first be written here (the live one never was): it still counts as the member's talk.
  if (claimed)
    await db.updateTable('users').set({ talked_at: row.startedAt }).where('id', '=', row.userId).where('talked_at', 'is', null).execute();
  return claimed !== undefined;
}

export async function setPostChatStatus(db: DB, voiceSessionId: string, status: string) {
  await db.updateTable('voice_sessions').set({ post_chat_status: status }).where('id', '=', voiceSessionId).execute();
}
