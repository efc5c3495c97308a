import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { sendRecapSms } from '../post-chat/sms';
import type { TranscriptLine } from '../post-chat/transcript';
import { startJobs } from '../messages/jobs';
import { settled, TEST_JOB_SETTINGS } from '../messages/testing';
import { purgeExpiredData } from './purge';

// Bounded growth and PRODUCT §7: the purge job, and post-chat bodies cleared once a message is settled.
let ctx: TestContext;
let twilio: FakeTwilio;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);

beforeAll(async () => {
  twilio = startFakeTwilio();
  ctx = await createTestContext({
    config: { twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url } },
    setup: async (deps, handle) => {
      // Left over from before this start: the purge run at start removes it.
      const staff = await deps.db
        .insertInto('staff')
        .values({ email: 'purge@hearth.test', password_hash: 'x', role: 'operator' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await deps.db
        .insertInto('sessions')
        .values({ token_hash: 'expired-before-start', staff_id: staff.id, expires_at: hoursAgo(2) })
        .execute();
      // An hour between runs: the tests below see what the send job clears, not the sweeper.
      const jobs = await startJobs(deps, handle, { ...TEST_JOB_SETTINGS, retryLimit: 0, purgeIntervalSeconds: 3600 });
      deps.outbox = jobs.outbox;
      return jobs;
    },
  });
});
afterAll(async () => {
  await ctx.close();
  await twilio.stop();
});
beforeEach(() => twilio.reset());

const CANARY = 'quartz pelican saffron windmill';
const transcript: TranscriptLine[] = Array.from({ length: 8 }, (_, i) =>
  i % 2 === 0
    ? { role: 'assistant' as const, text: 'What did you do this week?' }
    : { role: 'user' as const, text: `I went sailing, ${CANARY}.` },
);

const outboxRow = (id: number) => ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('purgeExpiredData', () => {
  test('the job queue purges at start, then queues one next run an interval later', async () => {
    const deadline = Date.now() + 20_000;
    let left = 1;
    while (left > 0 && Date.now() < deadline) {
      left = (await ctx.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', 'expired-before-start').execute()).length;
      if (left > 0) await Bun.sleep(250);
    }
    expect(left).toBe(0);
    const { rows } = await sql<{ n: number; in_seconds: number }>`
      select count(*)::int as n, min(extract(epoch from (start_after - now())))::int as in_seconds
      from pgboss.job where name = 'purge-data' and state = 'created'`.execute(ctx.db);
    expect(rows[0].n).toBe(1); // one next run waiting, not one per run or per instance start
    expect(rows[0].in_seconds).toBeGreaterThan(3500);
  });

  test('deletes expired sessions and day-old rate-limit rows, and clears settled post-chat bodies only', async () => {
    const user = await ctx.createUser('Purge', { phone_number: '+14155553001' });
    const staff = await ctx.db.selectFrom('staff').select('id').where('email', '=', 'purge@hearth.test').executeTakeFirstOrThrow();
    const tag = Math.random().toString(36).slice(2, 8);
    await ctx.db
      .insertInto('sessions')
      .values([
        { token_hash: `${tag}-expired-user`, user_id: user.id, expires_at: hoursAgo(1) },
        { token_hash: `${tag}-expired-staff`, staff_id: staff.id, expires_at: hoursAgo(0.01) },
        { token_hash: `${tag}-live`, user_id: user.id, expires_at: hoursAgo(-1) },
      ])
      .execute();
    await ctx.db
      .insertInto('rate_limits')
      .values([
        { key: `${tag}-old`, window_start: hoursAgo(25), count: 3 },
        { key: `${tag}-hour`, window_start: hoursAgo(1), count: 3 },
      ])
      .execute();
    const message = (kind: string, status: 'sent' | 'failed' | 'queued' | 'unknown' | 'delivered') => ({
      unique_key: `${tag}/${kind}/${status}`,
      user_id: user.id,
      channel: 'sms' as const,
      kind,
      to_address: '+14155553001',
      body: `${kind} ${CANARY}`,
      status,
    });
    const rows = await ctx.db
      .insertInto('outbox')
      .values([
        message('recap', 'sent'),
        message('tagline', 'failed'),
        message('reminder', 'unknown'),
        message('recap', 'delivered'),
        message('recap', 'queued'),
        message('blast', 'sent'),
      ])
      .returning(['id', 'kind', 'status'])
      .execute();

    const purged = await purgeExpiredData(ctx.db);
    expect(purged).toMatchObject({ sessions: 2, rateLimits: 1, messageBodies: 4 });

    const sessions = await ctx.db.selectFrom('sessions').select('token_hash').where('token_hash', 'like', `${tag}-%`).execute();
    expect(sessions.map((s) => s.token_hash)).toEqual([`${tag}-live`]);
    const limits = await ctx.db.selectFrom('rate_limits').select('key').where('key', 'like', `${tag}-%`).execute();
    expect(limits.map((r) => r.key)).toEqual([`${tag}-hour`]);
    const after = await ctx.db
      .selectFrom('outbox')
      .select(['kind', 'status', 'body', 'created_at'])
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('id')
      .execute();
    expect(after.map((r) => [r.kind, r.status, r.body])).toEqual([
      ['recap', 'sent', ''],
      ['tagline', 'failed', ''],
      ['reminder', 'unknown', ''],
      ['recap', 'delivered', ''],
      ['recap', 'queued', `recap ${CANARY}`], // not sent yet: the job needs its body
      ['blast', 'sent', `blast ${CANARY}`], // staff-written text, not what a person said
    ]);
    for (const r of after) expect(r.created_at).toBeInstanceOf(Date);
  });
});

describe('post-chat bodies in the outbox', () => {
  test('a recap SMS sent through the outbox (Twilio) keeps kind, state and times, and no longer its body', async () => {
    const user = await ctx.createUser('Recap Sent', { phone_number: '+14155553002' });
    const { id } = await sendRecapSms(ctx.deps, user.id, transcript);
    expect(id).not.toBeNull();
    expect((await settled(ctx, id!)).status).toBe('sent');
    expect(twilio.messages).toHaveLength(1);
    expect(twilio.messages[0].body.length).toBeGreaterThan(0);
    const row = await outboxRow(id!);
    expect(row).toMatchObject({ kind: 'recap', status: 'sent', channel: 'sms', body: '', html: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    expect(row.created_at).toBeInstanceOf(Date);
  });

  test('a recap SMS that finally failed loses its body too', async () => {
    const user = await ctx.createUser('Recap Failed', { phone_number: '+14155553003' });
    twilio.failNext({ status: 400, code: 21211, message: 'Invalid To number' });
    const { id } = await sendRecapSms(ctx.deps, user.id, transcript);
    expect((await settled(ctx, id!)).status).toBe('failed');
    expect(await outboxRow(id!)).toMatchObject({ kind: 'recap', status: 'failed', body: '' });
  });
});
