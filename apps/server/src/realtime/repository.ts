import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { ScaleAnswers, WellbeingPhase } from '../features/wellbeing/scale';
import { liveRowActive } from './live-repository';

/** The end user's memory document, appended to the instructions on the user page (SPEC §3). */
export async function loadMemoryDocument(db: DB, userId: string): Promise<string> {
  const row = await db.selectFrom('users').select('memory_document').where('id', '=', userId).executeTakeFirst();
  return row?.memory_document ?? '';
}

/**
 * Memory and mood written by a live session's tools: only while that session is live in live_voice_sessions, so
 * once revocation (or a newer session) has ended it, nothing more is written, on any instance (PRODUCT §3).
 * Returns whether the entry was written.
 */
export async function upsertLiveMemoryEntry(db: DB, sessionId: string, userId: string, key: string, value: string): Promise<boolean> {
  const r = await db
    .insertInto('memory_entries')
    .columns(['user_id', 'key', 'value'])
    .expression(
      db
        .selectNoFrom((eb) => [eb.val(userId).as('user_id'), eb.val(key).as('key'), eb.val(value).as('value')])
        .where(liveRowActive(sessionId)),
    )
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: sql`now()` }))
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function upsertLiveMoodEntry(db: DB, sessionId: string, userId: string, key: string, value: number): Promise<boolean> {
  const r = await db
    .insertInto('mood_entries')
    .columns(['user_id', 'key', 'value'])
    .expression(
      db
        .selectNoFrom((eb) => [eb.val(userId).as('user_id'), eb.val(key).as('key'), eb.cast<number>(eb.val(value), 'integer').as('value')])
        .where(liveRowActive(sessionId)),
    )
    .onConflict((oc) => oc.columns(['user_id', 'key']).doUpdateSet({ value, updated_at: sql`now()` }))
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The phases and times of a member's loneliness scale answers, to tell which are due (wellbeing/scale.ts). */
export async function wellbeingHistory(db: DB, userId: string): Promise<Array<{ phase: WellbeingPhase; recordedAt: Date }>> {
  const rows = await db.selectFrom('wellbeing_answers').select(['phase', 'recorded_at']).where('user_id', '=', userId).execute();
  return rows.map((r) => ({ phase: r.phase, recordedAt: new Date(r.recorded_at) }));
}

/**
 * The loneliness scale recorded by a live session's tool (numbers only): only while the session is live, as memory
 * and mood, and only when the member has no answers of that phase yet (two sessions at once record one). Returns
 * whether the row was written.
 */
export async function insertLiveWellbeingAnswer(
  db: DB,
  sessionId: string,
  row: { userId: string; moduleName: string; phase: WellbeingPhase; answers: ScaleAnswers; score: number },
): Promise<boolean> {
  const { answers } = row;
  const r = await db
    .insertInto('wellbeing_answers')
    .columns(['id', 'user_id', 'module_name', 'phase', 'lack_companionship', 'left_out', 'isolated', 'score'])
    .expression(
      db
        .selectNoFrom((eb) => [
          eb.val(randomUUID()).as('id'),
          eb.val(row.userId).as('user_id'),
          eb.val(row.moduleName).as('module_name'),
          eb.val(row.phase).as('phase'),
          eb.cast<number>(eb.val(answers.lack_companionship), 'smallint').as('lack_companionship'),
          eb.cast<number>(eb.val(answers.left_out), 'smallint').as('left_out'),
          eb.cast<number>(eb.val(answers.isolated), 'smallint').as('isolated'),
          eb.cast<number>(eb.val(row.score), 'smallint').as('score'),
        ])
        .where(liveRowActive(sessionId))
        .where((eb) =>
          eb.not(
            eb.exists(eb.selectFrom('wellbeing_answers').select('id').where('user_id', '=', row.userId).where('phase', '=', row.phase)),
          ),
        ),
    )
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Records a live end-user session (post-chat work later claims this row and sets ended_at). */
export async function insertVoiceSession(db: DB, row: { id: string; userId: string; moduleName: string; startedAt: Date }): Promise<void> {
  await db
    .insertInto('voice_sessions')
    .values({ id: row.id, user_id: row.userId, module_name: row.moduleName, started_at: row.startedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await markTalked(db, row.userId, row.startedAt);
}

/** The member's first voice session (PRODUCT §11 funnel's "talked"); never moved once set. */
export async function markTalked(db: DB, userId: string, startedAt: Date): Promise<void> {
  await db.updateTable('users').set({ talked_at: startedAt }).where('id', '=', userId).where('talked_at', 'is', null).execute();
}

/** Marks when a session ended, for the daily minutes, unless post-chat work already did. */
export async function markVoiceSessionEnded(db: DB, id: string, endedAt: Date): Promise<void> {
  await db.updateTable('voice_sessions').set({ ended_at: endedAt }).where('id', '=', id).where('ended_at', 'is', null).execute();
}

/** A session's turn-taking totals as its page reported them (issue 23 §4); the sequence is found by its name. */
export async function insertTurnTakingSession(
  db: DB,
  row: {
    sessionId: string;
    moduleName: string;
    version: number;
    page: string;
    turnDetection: string;
    totals: { turns: number; cutOffs: number; prematureCommits: number; deadAirs: number; selfInterruptions: number };
    endedAt: Date;
  },
): Promise<void> {
  const { totals } = row;
  await db
    .insertInto('turn_taking_sessions')
    .values({
      session_id: row.sessionId,
      sequence_id: db.selectFrom('sequences').select('id').where('name', '=', row.moduleName).limit(1),
      module_name: row.moduleName,
      version: row.version,
      page: row.page,
      turn_detection: row.turnDetection,
      turns: totals.turns,
      cut_offs: totals.cutOffs,
      premature_commits: totals.prematureCommits,
      dead_airs: totals.deadAirs,
      self_interruptions: totals.selfInterruptions,
      ended_at: row.endedAt,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}

/** A voice session's priced usage (issue 25 item 2), once, when it ends; the sequence is found by its name. */
export async function insertVoiceSessionCost(
  db: DB,
  row: {
    sessionId: string;
    source: 'member' | 'staff' | 'test_run';
    userId: string | null;
    page: string;
    moduleName: string | null;
    version: number | null;
    provider: string;
    model: string;
    responses: number;
    tokens: { textIn: number; cachedTextIn: number; audioIn: number; cachedAudioIn: number; textOut: number; audioOut: number };
    costUsd: number;
    startedAt: Date;
    endedAt: Date;
  },
): Promise<void> {
  const { tokens } = row;
  await db
    .insertInto('voice_session_costs')
    .values({
      session_id: row.sessionId,
      source: row.source,
      // A member deleted while their session ended (it ends them) leaves the spend, unlinked, as a later deletion does.
      user_id: row.userId ? db.selectFrom('users').select('id').where('id', '=', row.userId) : null,
      page: row.page,
      sequence_id: row.moduleName ? db.selectFrom('sequences').select('id').where('name', '=', row.moduleName).limit(1) : null,
      module_name: row.moduleName,
      version: row.version,
      provider: row.provider,
      model: row.model,
      responses: row.responses,
      text_in_tokens: tokens.textIn,
      cached_text_in_tokens: tokens.cachedTextIn,
      speech_in_tokens: tokens.audioIn,
      cached_speech_in_tokens: tokens.cachedAudioIn,
      text_out_tokens: tokens.textOut,
      speech_out_tokens: tokens.audioOut,
      cost_usd: row.costUsd.toFixed(8),
      started_at: row.startedAt,
      ended_at: row.endedAt,
    })
    .onConflict((oc) => oc.column('session_id').doNothing())
    .execute();
}
