import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import { jsonb } from '@hearth/db/json';
import type { TestAttemptStatus } from '@hearth/db/schema';

/** PRODUCT §10 test runs and their attempts (one per case and repeat); the jobs that run them are in jobs.ts. */

export async function insertRun(
  db: DB,
  run: {
    id: string;
    sequenceId: number;
    version: number;
    provider: 'local' | 'openai';
    judge: 'keywords' | 'model';
    createdBy: string;
    caseIds: string[];
    repeats: number | null;
  },
  attempts: Array<{ id: string; caseId: string; caseName: string; snapshot: Record<string, unknown>; repeat: number }>,
) {
  await db
    .insertInto('test_runs')
    .values({
      id: run.id,
      sequence_id: run.sequenceId,
      version: run.version,
      provider: run.provider,
      judge: run.judge,
      created_by: run.createdBy,
      case_ids: jsonb(run.caseIds),
      repeats: run.repeats,
    })
    .execute();
  await db
    .insertInto('test_run_attempts')
    .values(
      attempts.map((a) => ({
        id: a.id,
        run_id: run.id,
        case_id: a.caseId,
        case_name: a.caseName,
        case_snapshot: jsonb(a.snapshot),
        repeat: a.repeat,
      })),
    )
    .execute();
}

const runColumns = [
  'r.id',
  'r.sequence_id',
  's.name as sequence',
  'r.version',
  'r.status',
  'r.provider',
  'r.judge',
  'r.created_at',
  'r.finished_at',
  'r.case_ids',
] as const;

export const findRun = (db: DB, runId: string) =>
  db
    .selectFrom('test_runs as r')
    .innerJoin('sequences as s', 's.id', 'r.sequence_id')
    .select(runColumns)
    .where('r.id', '=', runId)
    .executeTakeFirst();

/** A sequence's runs, newest first, with their attempt counts. */
export const listRuns = (db: DB, sequenceId: number, limit: number) =>
  db
    .selectFrom('test_runs as r')
    .innerJoin('sequences as s', 's.id', 'r.sequence_id')
    .select(runColumns)
    .where('r.sequence_id', '=', sequenceId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();

/** Attempts of runs; `results: false` leaves out the transcripts and checks (lists and counts need only statuses). */
export const runAttempts = (db: DB, runIds: string[], opts: { results?: boolean } = {}) =>
  runIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('test_run_attempts')
        .select(['id', 'run_id', 'case_id', 'case_name', 'case_snapshot', 'repeat', 'status', 'tries'])
        .select(opts.results === false ? sql<null>`null`.as('result') : 'result')
        .where('run_id', 'in', runIds)
        .orderBy('case_id')
        .orderBy('repeat')
        .execute();

/** The attempt with what running it needs: its run's sequence and version. */
export const attemptToRun = (db: DB, attemptId: string) =>
  db
    .selectFrom('test_run_attempts as a')
    .innerJoin('test_runs as r', 'r.id', 'a.run_id')
    .innerJoin('sequences as s', 's.id', 'r.sequence_id')
    .select(['a.id', 'a.run_id', 'a.case_id', 'a.case_name', 'a.case_snapshot', 'a.repeat', 'r.version', 'r.judge', 's.name as sequence'])
    .where('a.id', '=', attemptId)
    .executeTakeFirst();

/**
 * Claims an attempt for `instanceId`, atomically: only one that is queued, or running under an instance that is gone
 * (`deadOwner`). A finished attempt is never claimed again. Returns whether this instance now holds it.
 */
export async function claimAttempt(db: DB, attemptId: string, instanceId: string, deadOwner: ReturnType<typeof sql<boolean>>) {
  const row = await db
    .updateTable('test_run_attempts')
    .set({ status: 'running', claimed_by: instanceId, tries: sql`tries + 1`, started_at: sql`now()` })
    .where('id', '=', attemptId)
    .where((eb) => eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), deadOwner])]))
    .returning('run_id')
    .executeTakeFirst();
  if (!row) return false;
  await db
    .updateTable('test_runs')
    .set({ status: 'running', started_at: sql`coalesce(started_at, now())` })
    .where('id', '=', row.run_id)
    .where('status', '=', 'queued')
    .execute();
  return true;
}

/** The attempt's outcome, written only while this instance still holds it. */
export async function finishAttempt(
  db: DB,
  attemptId: string,
  instanceId: string,
  status: Exclude<TestAttemptStatus, 'running'>,
  result: Record<string, unknown> | null,
) {
  const r = await db
    .updateTable('test_run_attempts')
    .set({
      status,
      result: result === null ? null : jsonb(result),
      finished_at: status === 'queued' ? null : sql`now()`,
      claimed_by: status === 'queued' ? null : instanceId,
    })
    .where('id', '=', attemptId)
    .where('status', '=', 'running')
    .where('claimed_by', '=', instanceId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export const attemptTries = (db: DB, attemptId: string) =>
  db.selectFrom('test_run_attempts').select(['tries', 'run_id']).where('id', '=', attemptId).executeTakeFirst();

/** Run status once every attempt is finished: 'failed' when one errored for good, else 'done'. */
export async function finishRunIfDone(db: DB, runId: string) {
  await db
    .updateTable('test_runs')
    .set({
      status: sql`case when exists (select 1 from test_run_attempts a where a.run_id = test_runs.id and a.status = 'error') then 'failed' else 'done' end`,
      finished_at: sql`now()`,
    })
    .where('id', '=', runId)
    .where('status', 'in', ['queued', 'running'])
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('test_run_attempts as a')
            .select(sql`1`.as('one'))
            .whereRef('a.run_id', '=', 'test_runs.id')
            .where('a.status', 'in', ['queued', 'running']),
        ),
      ),
    )
    .execute();
}

/**
 * Attempts cut off by an instance that is gone go back to the queue (`deadOwner` tells a gone instance from a live
 * one); then every queued attempt, so a restart resumes its runs.
 */
export async function requeueDeadAttempts(db: DB, deadOwner: ReturnType<typeof sql<boolean>>) {
  await db
    .updateTable('test_run_attempts')
    .set({ status: 'queued', claimed_by: null })
    .where('status', '=', 'running')
    .where(deadOwner)
    .execute();
  const rows = await db.selectFrom('test_run_attempts').select('id').where('status', '=', 'queued').execute();
  return rows.map((r) => r.id);
}

/**
 * Whether `test_run_attempts.claimed_by` names an instance that is gone: on PGlite (one process) any other
 * instance; on PostgreSQL one with no open connection named `prefix` + its id (messages/jobs.ts names them so).
 */
export function deadOwnerSql(instanceId: string, opts: { anyOther: boolean; livePrefix: string }) {
  if (opts.anyOther) return sql<boolean>`(test_run_attempts.claimed_by is null or test_run_attempts.claimed_by <> ${instanceId})`;
  return sql<boolean>`(test_run_attempts.claimed_by is null or (test_run_attempts.claimed_by <> ${instanceId} and test_run_attempts.claimed_by not in
    (select substr(a.application_name, ${opts.livePrefix.length + 1}) from pg_stat_activity a where a.application_name like ${`${opts.livePrefix}%`})))`;
}

/** The latest finished ('done') run of each version of a sequence, with its attempts (the gate and the status). */
export const latestDoneRuns = (db: DB, sequenceId: number) =>
  db
    .selectFrom('test_runs')
    .select(['id', 'version', 'case_ids', 'finished_at'])
    .distinctOn('version')
    .where('sequence_id', '=', sequenceId)
    .where('status', '=', 'done')
    .orderBy('version')
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

// ---- scratch members ----

/**
 * A scratch member for one attempt (PRODUCT §10): a users row marked scratch (and is_test_user), a sign-in and a
 * live-session row so its tools write memory and mood exactly as a member's do, and its voice_sessions row for
 * post-chat work. The live row's heartbeat is kept old so it never counts against the live-session limits.
 */
export async function insertScratchMember(
  db: DB,
  m: {
    id: string;
    name: string;
    fileName: string;
    memory: string;
    profile: string;
    tokenHash: string;
    sessionId: string;
    instanceId: string;
    moduleName: string;
  },
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({
        id: m.id,
        name: m.name,
        file_name: m.fileName,
        memory_document: m.memory,
        profile_for_group: m.profile,
        is_test_user: true,
        scratch: true,
      })
      .execute();
    await trx
      .insertInto('sessions')
      .values({ token_hash: m.tokenHash, user_id: m.id, staff_id: null, expires_at: sql<Date>`now() + interval '1 day'` })
      .execute();
    await trx
      .insertInto('voice_sessions')
      .values({ id: m.sessionId, user_id: m.id, module_name: m.moduleName, started_at: new Date() })
      .execute();
    await trx
      .insertInto('live_voice_sessions')
      .values({
        id: m.sessionId,
        instance_id: `test-run:${m.instanceId}`,
        user_id: m.id,
        staff_id: null,
        auth_session: m.tokenHash,
        heartbeat_at: sql<Date>`now() - interval '60 seconds'`,
      })
      .execute();
  });
}

/** Keeps a scratch live row from being swept as stale while its attempt runs (still never counted as live). */
export const touchScratchLiveRow = (db: DB, sessionId: string) =>
  db
    .updateTable('live_voice_sessions')
    .set({ heartbeat_at: sql<Date>`now() - interval '60 seconds'` })
    .where('id', '=', sessionId)
    .execute();

/** Everything the canary looks in: memory rows, memory document, profile, and outbox bodies for the member. */
export async function scratchMemberTraces(db: DB, userId: string) {
  const [user, memory, mood, outbox] = await Promise.all([
    db.selectFrom('users').select(['memory_document', 'profile_for_group']).where('id', '=', userId).executeTakeFirst(),
    db.selectFrom('memory_entries').select(['key', 'value']).where('user_id', '=', userId).execute(),
    db.selectFrom('mood_entries').select(['key', 'value']).where('user_id', '=', userId).execute(),
    db.selectFrom('outbox').select('body').where('user_id', '=', userId).execute(),
  ]);
  return { user, memory, mood, outbox };
}

/** A scratch member goes with all its rows (memory, mood, sessions, outbox: each cascades from users). */
export const deleteScratchMember = (db: DB, userId: string) =>
  db.deleteFrom('users').where('id', '=', userId).where('scratch', '=', true).execute();

export const casesOf = (db: DB, sequenceId: number) =>
  db.selectFrom('test_cases').select(['id', 'name']).where('sequence_id', '=', sequenceId).orderBy('created_at').orderBy('id').execute();

export const deleteScratchMembersNamed = (db: DB, idPrefix: string) =>
  db
    .deleteFrom('users')
    .where('scratch', '=', true)
    .where('id', 'like', `${idPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    .execute();
