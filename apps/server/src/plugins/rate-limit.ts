import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import { RateLimited } from '../errors';
import { hashToken } from './auth';

/**
 * Fixed-window counter in PostgreSQL, so every server instance shares it. Throws 429 with Retry-After
 * once `limit` hits fall in one window. Keys are hashed: they may hold an e-mail address or an IP.
 */
export async function rateLimit(db: DB, rawKey: string, limit: number, windowSeconds: number): Promise<void> {
  const key = hashToken(rawKey);
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
  if (row.count > limit) {
    throw new RateLimited(Math.max(1, row.retry_after));
  }
}
