import type { PgBoss } from 'pg-boss';
import type { AppDeps } from '../../deps';
import { log } from '../../log';
import { askDueMembers } from './service';

export const ASK_MET_QUEUE = 'ask-met';

/**
 * The scheduled asking (PRODUCT §11): now and then every `intervalSeconds`, once across all instances, the members
 * now due are asked through the same function as POST /api/ask-met (told + the group's met_ask_days; met again
 * after met_again_days for those who met; LATER answers whose time has come). Like the purge (maintenance/purge.ts)
 * each run queues the next with `startAfter` and the 'short' policy keeps at most one waiting, so a restart or a
 * second instance never piles them up. Nothing is asked twice even if two runs overlap: the met_asks unique index,
 * the guarded re-ask and the outbox's unique keys. `deps.outbox` must be the job queue's outbox.
 */
export async function startMetAskJob(boss: PgBoss, deps: AppDeps, intervalSeconds: number): Promise<void> {
  await boss.createQueue(ASK_MET_QUEUE, { policy: 'short', notify: true, retryLimit: 2, retryDelay: 60, expireInSeconds: 600 });
  const pollSeconds = Math.max(0.5, Math.min(intervalSeconds, 60));
  await boss.work(ASK_MET_QUEUE, { pollingIntervalSeconds: pollSeconds, notifyPollingIntervalSeconds: pollSeconds }, async () => {
    await boss.send(ASK_MET_QUEUE, {}, { startAfter: intervalSeconds });
    const asked = await askDueMembers(deps);
    if (asked > 0) log.info('scheduled met questions', { asked });
  });
  await boss.send(ASK_MET_QUEUE, {});
}
