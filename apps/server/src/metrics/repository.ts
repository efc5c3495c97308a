import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { OutboxChannel, OutboxStatus, TestRunStatus } from '@hearth/db/schema';

/** The figures every instance shares, read from the database at scrape time (counts only, nothing personal). */

export const OUTBOX_CHANNELS = ['sms', 'email'] as const satisfies readonly OutboxChannel[];
export const OUTBOX_STATUSES = [
  'queued',
  'sending',
  'sent',
  'kept',
  'delivered',
  'undelivered',
  'failed',
  'skipped',
  'unknown',
] as const satisfies readonly OutboxStatus[];
export const TEST_RUN_STATUSES = ['queued', 'running', 'done', 'failed'] as const satisfies readonly TestRunStatus[];

export interface Count<K extends string> {
  key: Record<K, string>;
  count: number;
}

/**
 * Every pg-boss queue (send-message, purge, test runs, …) with its jobs still to do per state, zeros included:
 * created (waiting), retry (waiting to be retried), active (being worked on). Counted from the job table, not
 * pg-boss's cached queue counts, which lag by its monitor interval.
 */
export async function jobQueueDepth(db: DB): Promise<Count<'queue' | 'state'>[]> {
  const { rows } = await sql<{ queue: string; state: string; count: number }>`
    select q.name as queue, s.state, coalesce(c.count, 0)::int as count
    from pgboss.queue q
    cross join (values ('created'), ('retry'), ('active')) as s(state)
    left join (
      select name, state::text as state, count(*)::int as count
      from pgboss.job
      where state in ('created', 'retry', 'active')
      group by name, state
    ) c on c.name = q.name and c.state = s.state
    order by q.name, s.state`.execute(db);
  return rows.map((r) => ({ key: { queue: r.queue, state: r.state }, count: Number(r.count) }));
}

/** Outbox messages by channel and status. */
export async function outboxCounts(db: DB): Promise<Count<'channel' | 'state'>[]> {
  const rows = await db
    .selectFrom('outbox')
    .select(['channel', 'status', sql<number>`count(*)::int`.as('count')])
    .groupBy(['channel', 'status'])
    .execute();
  return rows.map((r) => ({ key: { channel: r.channel, state: r.status }, count: Number(r.count) }));
}

/** Test runs by status. */
export async function testRunCounts(db: DB): Promise<Count<'status'>[]> {
  const rows = await db
    .selectFrom('test_runs')
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ key: { status: r.status }, count: Number(r.count) }));
}
