import type { Job, PgBoss } from 'pg-boss';
import { fromKysely } from 'pg-boss';
import type { DB } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { upstreamFactory } from '../../realtime/routes';
import { productAi } from './ai';
import { runAttempt, scratchPrefix, type AttemptOptions } from './attempt';
import type { TestCase } from './model';
import type { TestRunQueue } from './queue';
import * as repo from './run-repository';

/**
 * Test-run attempts as jobs (PRODUCT §10): one job per attempt (data `{ attemptId }` only, one pending job per
 * attempt), so several instances share a run and a restart resumes it. A job claims its attempt atomically and a
 * finished attempt never runs again; attempts left running by an instance that is gone go back to the queue.
 */

export const TEST_RUN_QUEUE = 'test-run-attempt';

export interface TestRunJobOptions extends Partial<AttemptOptions> {
  /** Attempts one instance runs at once. */
  concurrency?: number;
  recoveryIntervalSeconds?: number;
  /** false: this instance only queues attempts and runs none (a benchmark's driver; default true). */
  work?: boolean;
  /** Called as an attempt starts executing (tests count executions). */
  onExecute?: (attemptId: string) => void;
}

/** An attempt that threw is tried this many times in all before it counts as an error for good. */
const MAX_TRIES = 2;
// A 50-turn attempt on OpenAI stays well within this; a job active longer belongs to a crashed worker.
const EXPIRE_SECONDS = 20 * 60;

const STOP_WAIT_MS = 10_000;

const key = (attemptId: string) => `test-attempt/${attemptId}`;

export async function startTestRunJobs(
  deps: AppDeps,
  jobs: { boss: PgBoss; instanceId: string; liveInstancePrefix: string },
  opts: TestRunJobOptions = {},
): Promise<{ queue: TestRunQueue; stop(): Promise<void> }> {
  const { boss, instanceId } = jobs;
  const deadOwner = repo.deadOwnerSql(instanceId, { anyOther: deps.dbKind === 'pglite', livePrefix: jobs.liveInstancePrefix });
  const attemptOptions: AttemptOptions = {
    createUpstream: opts.createUpstream ?? upstreamFactory(deps),
    ai: opts.ai ?? productAi,
    budgets: opts.budgets,
    maxAttemptMs: opts.maxAttemptMs,
  };
  const queueOptions = { retryLimit: MAX_TRIES, retryDelay: 1, expireInSeconds: EXPIRE_SECONDS };
  await boss.createQueue(TEST_RUN_QUEUE, { ...queueOptions, notify: true, policy: 'exclusive' });
  await boss.updateQueue(TEST_RUN_QUEUE, { ...queueOptions, notify: true });

  const enqueue = async (db: DB, attemptIds: string[]) => {
    if (attemptIds.length === 0) return;
    await boss.insert(
      TEST_RUN_QUEUE,
      attemptIds.map((id) => ({ data: { attemptId: id }, singletonKey: key(id) })),
      db.isTransaction ? { db: fromKysely(db) } : undefined,
    );
  };

  async function execute(attemptId: string) {
    if (!(await repo.claimAttempt(deps.db, attemptId, instanceId, deadOwner))) return;
    opts.onExecute?.(attemptId);
    const row = await repo.attemptToRun(deps.db, attemptId);
    if (!row) return;
    // A try cut off by a crash may have left its scratch member behind.
    await repo.deleteScratchMembersNamed(deps.db, scratchPrefix(attemptId));
    try {
      const result = await runAttempt(
        deps,
        {
          attemptId,
          sequence: row.sequence,
          version: row.version,
          repeat: row.repeat,
          testCase: row.case_snapshot as TestCase,
          instanceId,
        },
        attemptOptions,
      );
      await repo.finishAttempt(deps.db, attemptId, instanceId, result.passed ? 'passed' : 'failed', { ...result });
    } catch (err) {
      const message = (err as Error)?.message || 'The attempt could not run';
      log.error('test-run attempt failed', { attemptId, runId: row.run_id, error: (err as Error)?.name });
      const tries = (await repo.attemptTries(deps.db, attemptId))?.tries ?? MAX_TRIES;
      if (tries < MAX_TRIES) {
        await repo.finishAttempt(deps.db, attemptId, instanceId, 'queued', null);
        throw err; // the job queue tries it again
      }
      await repo.finishAttempt(deps.db, attemptId, instanceId, 'error', { error: message });
    }
    await repo.finishRunIfDone(deps.db, row.run_id);
  }

  // One worker per attempt slot, each fetching one attempt at a time. A worker that finished one fetches the next
  // at once (a suite is many short attempts); an idle one polls every 2 s besides being woken by new jobs, and finds
  // jobs queued before it listened (a restart) that way.
  if (opts.work !== false) {
    for (let i = 0; i < (opts.concurrency ?? 4); i++) {
      let self = '';
      self = await boss.work(
        TEST_RUN_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 2, notifyPollingIntervalSeconds: 2 },
        async (batch: Job<{ attemptId: string }>[]) => {
          for (const job of batch) await execute(job.data.attemptId);
          if (self) boss.notifyWorker(self);
        },
      );
    }
  }

  const recover = async () => {
    const queued = await repo.requeueDeadAttempts(deps.db, deadOwner);
    await enqueue(deps.db, queued);
  };
  let sweep: ReturnType<typeof setInterval> | undefined;
  if (opts.work !== false) {
    await recover();
    sweep = setInterval(
      () => void recover().catch((err) => log.error('test-run recovery failed', { name: (err as Error)?.name })),
      (opts.recoveryIntervalSeconds ?? 30) * 1000,
    );
    sweep.unref?.();
  }

  return {
    queue: { enqueue },
    stop: async () => {
      clearInterval(sweep);
      // Attempts in progress finish first, for a while; one still going after that is left 'running' under this
      // instance, and another instance (or the next start) takes it up again once this one is gone.
      if (opts.work !== false) await Promise.race([boss.offWork(TEST_RUN_QUEUE, { wait: true }), Bun.sleep(STOP_WAIT_MS)]);
    },
  };
}
