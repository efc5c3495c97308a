import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** Rate-limit counters whose window started before `olderThanSeconds` ago: no limit looks back that far. */
export async function deleteOldRateLimits(db: DB, olderThanSeconds: number): Promise<number> {
  const r = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
