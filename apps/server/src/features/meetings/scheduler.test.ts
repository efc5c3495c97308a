import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness';
import { startJobs } from '../messages/jobs';
import { TEST_JOB_SETTINGS } from '../messages/testing';
import { asksOf, makeGroup, makeMember, metMessagesOf } from './testing';

// The scheduled asking: the real job queue, ticking every second, asks without any request.
const SETTINGS = { ...TEST_JOB_SETTINGS, metAskIntervalSeconds: 1 };
let ctx: TestContext;
let jobs: Awaited<ReturnType<typeof startJobs>>;

beforeAll(async () => {
  ctx = await createTestContext({
    setup: async (deps, handle) => {
      jobs = await startJobs(deps, handle, SETTINGS);
      deps.outbox = jobs.outbox;
      return { stop: () => jobs.stop() };
    },
  });
});
afterAll(() => ctx.close());

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await Bun.sleep(200);
  }
}

describe('the scheduled asking', () => {
  test('members due by met_ask_days are asked by the job; members not yet due are not', async () => {
    const g = await makeGroup(ctx);
    const due = await makeMember(ctx, g, 'Due Dana', { phone: '+14155550401', toldDaysAgo: 8 });
    const early = await makeMember(ctx, g, 'Early Eli', { phone: '+14155550402', toldDaysAgo: 2 });
    const asks = await eventually(
      () => asksOf(ctx, due.id),
      (a) => a.length === 1,
    );
    expect(asks).toHaveLength(1);
    expect(asks[0]).toMatchObject({ round: 'met', channel: 'sms', ask_count: 1 });
    // The question is sent like any message (kept in the outbox: no SMS provider in this test).
    const [m] = await eventually(
      () => metMessagesOf(ctx, due.id),
      (ms) => ms[0]?.status === 'kept',
    );
    expect(m).toMatchObject({ kind: 'met-sms', status: 'kept' });
    await Bun.sleep(2500);
    expect(await asksOf(ctx, early.id)).toEqual([]);
    // A shorter delay makes Eli due: the next tick asks.
    await ctx.db.updateTable('groups').set({ met_ask_days: 1 }).where('id', '=', g.groupId).execute();
    expect(
      await eventually(
        () => asksOf(ctx, early.id),
        (a) => a.length === 1,
      ),
    ).toHaveLength(1);
  });

  test('met_again after met_again_days for those who met; a due LATER is asked again; at most 3 asks', async () => {
    const g = await makeGroup(ctx);
    await ctx.db.updateTable('groups').set({ met_ask_days: 400 }).where('id', '=', g.groupId).execute();
    const met = await makeMember(ctx, g, 'Met Mo', { phone: '+14155550403', toldDaysAgo: 31 });
    const later = await makeMember(ctx, g, 'Later Lu', { phone: '+14155550404', toldDaysAgo: 31 });
    const tired = await makeMember(ctx, g, 'Tired Ty', { phone: '+14155550405', toldDaysAgo: 31 });
    const row = (userId: string, answer: 'yes' | 'later', askCount: number) => ({
      id: `ask-${userId}`,
      group_id: g.groupId,
      user_id: userId,
      subgroup_id: g.subgroupId,
      round: 'met' as const,
      channel: 'sms' as const,
      answer,
      ask_count: askCount,
      next_ask_at: answer === 'later' ? sql<Date>`now() - interval '1 minute'` : null,
    });
    await ctx.db
      .insertInto('met_asks')
      .values([row(met.id, 'yes', 1), row(later.id, 'later', 1), row(tired.id, 'later', 3)])
      .execute();

    const again = await eventually(
      () => asksOf(ctx, met.id),
      (a) => a.length === 2,
    );
    expect(again.map((a) => a.round)).toEqual(['met', 'met_again']);
    const reAsked = await eventually(
      () => asksOf(ctx, later.id),
      (a) => a[0].ask_count === 2,
    );
    expect(reAsked).toHaveLength(1);
    expect(reAsked[0]).toMatchObject({ ask_count: 2, answer: null, next_ask_at: null });
    expect((await metMessagesOf(ctx, later.id)).map((m) => m.unique_key)).toEqual([`met/ask-${later.id}/2`]);
    await Bun.sleep(2500);
    expect((await asksOf(ctx, tired.id))[0]).toMatchObject({ ask_count: 3, answer: 'later' });
    expect(await metMessagesOf(ctx, tired.id)).toEqual([]);
    // Later Lu answered nothing yet: not asked again and again.
    expect((await asksOf(ctx, later.id))[0].ask_count).toBe(2);
  });

  test('after a restart nothing is asked twice', async () => {
    const g = await makeGroup(ctx);
    const u = await makeMember(ctx, g, 'Restart Rae', { phone: '+14155550406', toldDaysAgo: 10 });
    await eventually(
      () => metMessagesOf(ctx, u.id),
      (ms) => ms.length === 1,
    );
    const before = await ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'met-sms')
      .executeTakeFirstOrThrow();
    await jobs.stop();
    jobs = await startJobs(ctx.deps, ctx.handle, SETTINGS);
    ctx.deps.outbox = jobs.outbox;
    // The restarted queue runs its first pass at once and then every second.
    await Bun.sleep(3000);
    const after = await ctx.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'met-sms')
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await asksOf(ctx, u.id)).toHaveLength(1);
  });
});
