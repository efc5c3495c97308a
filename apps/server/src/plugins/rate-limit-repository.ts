import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds` that starts at the key's first hit, and starts a
 * new window once the old one is over. Returns the window's count so far and the seconds until it ends.
 */
export async function countHit(db: DB, key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: sql`now()`, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end`,
        window_start: sql`case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end`,
      }),
    )
    .returning([
      'count',
      sql<number>`ceil(extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())))::int`.as('retry_after'),
    ])
    .executeTakeFirstOrThrow();
  return { count: row.count, retryAfter: row.retry_after };
}
