import { EventEmitter } from 'node:events';
import { PgBoss, fromKysely, fromPglite, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import type { DatabaseHandle, DB } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { startPurgeJob } from '../maintenance/purge';
import { startMetAskJob } from '../meetings/scheduler';
import { insertOutboxRowsWithKeys, waitForOutcome, type Outbox } from './outbox';
import { deliverMessages, recoverDeadSends, SEND_WORKER_APP_PREFIX } from './service';

export const SEND_MESSAGE_QUEUE = 'send-message';

export interface JobSettings {
  /** Attempts after the first one. */
  retryLimit: number;
  /** First retry after about this long (doubling, with jitter, up to retryDelayMaxSeconds). */
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  /** How often an idle worker looks for due retries; new messages wake it at once (LISTEN/NOTIFY). */
  pollingIntervalSeconds: number;
  /** How often sends cut off by another instance's crash are looked for (besides once at start). */
  recoveryIntervalSeconds: number;
  /** Messages one worker takes at a time (sent concurrently), and workers per server instance. */
  batchSize: number;
  localConcurrency: number;
  /** How often expired sessions, old rate-limit rows and settled post-chat bodies are purged (and once at start). */
  purgeIntervalSeconds: number;
  /** How often members now due are asked whether they met their subgroup (PRODUCT §11; and once at start). */
  metAskIntervalSeconds: number;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = {
  retryLimit: 5,
  retryDelaySeconds: 15,
  retryDelayMaxSeconds: 15 * 60,
  pollingIntervalSeconds: 5,
  // Cheap (an indexed look at rows 'sending'): a crashed instance's sends show their real state within this long.
  recoveryIntervalSeconds: 15,
  // Measured with bench:blast: 25 at a time beat 10 and 50 on PGlite (one claim statement per batch).
  batchSize: 25,
  localConcurrency: 1,
  purgeIntervalSeconds: 60 * 60,
  metAskIntervalSeconds: 10 * 60,
};

// A provider call times out after 20 s; a job still active after this long belongs to a crashed worker
// and is handed out again (deliverMessage then records it as interrupted rather than sending twice).
const EXPIRE_SECONDS = 120;

/**
 * Starts pg-boss on the application's database (PGlite through its adapter, PostgreSQL through the
 * connection string) and the worker that sends outbox messages. Job data is `{ outboxId }` only: phone
 * numbers and bodies stay in the outbox table.
 */
export async function startJobs(
  deps: AppDeps,
  handle: DatabaseHandle,
  settings: Partial<JobSettings> = {},
): Promise<{ outbox: Outbox; instanceId: string; boss: PgBoss; liveInstancePrefix: string; stop(): Promise<void> }> {
  const s = { ...DEFAULT_JOB_SETTINGS, ...settings };
  // Names this process's sends (outbox.locked_by): what another start finds 'sending' under another name was cut off.
  const instanceId = crypto.randomUUID();
  await recoverDeadSends(deps, instanceId);
  // The job queue's connections carry this instance's name: its LISTEN connection stays open while the process
  // lives, so another instance can tell a live send from one a crash cut off at once (recoverDeadSends).
  const common: ConstructorOptions = { useListenNotify: true, schedule: false, application_name: `${SEND_WORKER_APP_PREFIX}${instanceId}` };
  let options: ConstructorOptions;
  if (handle.pglite) options = { ...common, db: fromPglite(handle.pglite), backend: 'pglite' };
  else if (handle.connectionString) options = { ...common, connectionString: handle.connectionString, max: 4 };
  else throw new Error('The job queue needs PGlite or a PostgreSQL connection string');

  const boss = new PgBoss(options);
  // pg-boss errors can quote SQL parameters: log what failed, not the message.
  boss.on('error', (err) => log.error('job queue error', { name: (err as Error)?.name, code: (err as { code?: string })?.code }));
  boss.on('warning', (w) => log.warn('job queue warning', { type: (w as { type?: string })?.type }));
  await boss.start();

  const queueOptions = {
    retryLimit: s.retryLimit,
    retryDelay: s.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: s.retryDelayMaxSeconds,
    expireInSeconds: EXPIRE_SECONDS,
  };
  // 'exclusive': at most one pending or running job per outbox row (singletonKey), whatever happens.
  await boss.createQueue(SEND_MESSAGE_QUEUE, { ...queueOptions, notify: true, policy: 'exclusive' });
  // createQueue leaves an existing queue's options alone; bring them up to date.
  await boss.updateQueue(SEND_MESSAGE_QUEUE, { ...queueOptions, notify: true });

  const settled = new EventEmitter();
  settled.setMaxListeners(0);
  await boss.work(
    SEND_MESSAGE_QUEUE,
    {
      batchSize: s.batchSize,
      localConcurrency: s.localConcurrency,
      burstWhenBatchFull: true,
      perJobResults: true,
      includeMetadata: true,
      pollingIntervalSeconds: s.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: s.pollingIntervalSeconds,
    },
    // The batch is sent concurrently: provider calls overlap, and a batch stays well inside EXPIRE_SECONDS.
    async (jobs: JobWithMetadata<{ outboxId: number }>[]) => {
      let outcomes: Map<number, 'done' | 'retry'>;
      try {
        outcomes = await deliverMessages(
          deps,
          jobs.map((job) => ({ id: job.data.outboxId, finalAttempt: job.retryCount >= job.retryLimit })),
          instanceId,
        );
      } catch (err) {
        // Retried jobs find their messages 'sending' and mark them unknown: nothing is sent twice.
        log.error('send-message batch failed', { jobs: jobs.length, name: (err as Error)?.name });
        outcomes = new Map();
      }
      settled.emit('settled');
      return jobs.map((job) => ({
        id: job.id,
        status: (outcomes.get(job.data.outboxId) ?? 'retry') === 'retry' ? ('failed' as const) : ('completed' as const),
      }));
    },
  );

  await startPurgeJob(boss, deps.db, s.purgeIntervalSeconds);

  const outbox: Outbox = {
    async enqueue(db, messages) {
      const write = async (trx: DB) => {
        const rows = await insertOutboxRowsWithKeys(trx, messages);
        if (rows.length > 0) {
          // In the caller's transaction: a message is queued exactly when its row is committed.
          await boss.insert(
            SEND_MESSAGE_QUEUE,
            rows.map((r) => ({ data: { outboxId: r.id }, singletonKey: `outbox/${r.unique_key}` })),
            { db: fromKysely(trx) },
          );
        }
        return rows.map((r) => r.id);
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },
    waitForOutcome: (db, ids, timeoutMs) => waitForOutcome(db, ids, timeoutMs, settled),
  };

  // The scheduled questions are queued through this outbox, so they are sent like every other message.
  await startMetAskJob(boss, { ...deps, outbox }, s.metAskIntervalSeconds);

  const sweep = setInterval(() => {
    recoverDeadSends(deps, instanceId).catch((err) => log.error('send recovery failed', { name: (err as Error)?.name }));
  }, s.recoveryIntervalSeconds * 1000);
  sweep.unref?.();

  return {
    outbox,
    instanceId,
    // Other queues (test runs) share this instance's job queue and tell live instances from gone ones the same way.
    boss,
    liveInstancePrefix: SEND_WORKER_APP_PREFIX,
    stop: async () => {
      clearInterval(sweep);
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
}
