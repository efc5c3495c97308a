import type { PgBoss } from 'pg-boss';
import type { DB } from '@hearth/db/client';
import { log } from '../../log';
import { deleteExpiredSessions } from '../auth/repository';
import { clearSettledPrivateBodies } from '../messages/repository';
import { deleteOldRateLimits } from './repository';

export const PURGE_QUEUE = 'purge-data';

/** The longest rate-limit window is an hour (feedback); a day leaves every live counter alone. */
export const RATE_LIMIT_RETENTION_SECONDS = 24 * 60 * 60;

/**
 * Bounded growth and PRODUCT §7 in one pass: expired sessions, rate-limit rows of long-gone windows, and the
 * bodies of post-chat messages that are settled (normally cleared when sent; this sweeps up the rest).
 */
export async function purgeExpiredData(db: DB) {
  const sessions = Number((await deleteExpiredSessions(db))[0]?.numDeletedRows ?? 0);
  const rateLimits = await deleteOldRateLimits(db, RATE_LIMIT_RETENTION_SECONDS);
  const messageBodies = await clearSettledPrivateBodies(db);
  return { sessions, rateLimits, messageBodies };
}

/**
 * Runs the purge now and then every `intervalSeconds`, once across all instances. Not pg-boss's cron
 * (`schedule()`): that needs the scheduler (`schedule: true`), a timer and a clock-skew check on every instance,
 * which this app keeps off. Instead each run queues the next with `startAfter`; the queue's 'short' policy keeps
 * at most one waiting purge, so every instance's start and every run may ask for one without piling them up.
 * The same code runs on PGlite and PostgreSQL. The next run is queued before the work, so a failed purge does
 * not end the chain.
 */
export async function startPurgeJob(boss: PgBoss, db: DB, intervalSeconds: number): Promise<void> {
  // notify: the run asked for at start begins at once; later runs are found by the poll (a minute at most late).
  await boss.createQueue(PURGE_QUEUE, { policy: 'short', notify: true, retryLimit: 2, retryDelay: 60, expireInSeconds: 600 });
  const pollSeconds = Math.max(0.5, Math.min(intervalSeconds, 60));
  await boss.work(PURGE_QUEUE, { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds }, async () => {
    await boss.send(PURGE_QUEUE, {}, { startAfter: intervalSeconds });
    const purged = await purgeExpiredData(db);
    log.info('purged expired data', purged);
  });
  await boss.send(PURGE_QUEUE, {});
}
