import { afterAll, beforeAll, expect, test } from 'bun:test';
import postgres from 'postgres';
import type { DB } from '@hearth/db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { startJobs } from './jobs';
import { INTERRUPTED, SEND_WORKER_APP_PREFIX } from './service';
import { TEST_JOB_SETTINGS } from './testing';

// PRODUCT §6: a send cut off by a crash is 'unknown' — shown to the admin, never retried by itself. The crash is
// simulated as the database shows it afterwards: a row left 'sending', locked by a server instance that is gone.
let ctx: TestContext;
let twilio: FakeTwilio;
// On PostgreSQL: a connection as a live server instance's job queue holds one, named after the instance.
let liveInstance: postgres.Sql | null = null;
let admin: string;
const ids: Record<string, number> = {};

async function row(
  db: DB,
  key: string,
  status: 'sent' | 'sending',
  lockedBy: string | null,
  lockedSecondsAgo: number,
  campaignId = 'c-crash',
) {
  const user = await db
    .insertInto('users')
    .values({ id: `u-${key}`, name: `Crash ${key}`, file_name: `u-${key}_crash.json`, phone_number: '+14155553100' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const r = await db
    .insertInto('outbox')
    .values({
      unique_key: `${campaignId}/${user.id}/invite-sms`,
      campaign_id: campaignId,
      user_id: user.id,
      channel: 'sms',
      kind: 'invite-sms',
      to_address: '+14155553100',
      body: 'Hello',
      status,
      attempts: 1,
      provider: status === 'sent' ? 'twilio' : null,
      sent_at: status === 'sent' ? new Date() : null,
      locked_by: lockedBy,
      locked_at: status === 'sending' ? new Date(Date.now() - lockedSecondsAgo * 1000) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids[key] = r.id;
  if (campaignId === 'c-crash') await db.insertInto('group_members').values({ group_id: 'g-crash', user_id: user.id }).execute();
}

beforeAll(async () => {
  twilio = startFakeTwilio();
  ctx = await createTestContext({
    config: { twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url } },
    // What a server that died mid-blast leaves behind, found by the next one as it starts its job queue.
    setup: async (deps, handle) => {
      await handle.db.insertInto('groups').values({ id: 'g-crash', name: 'Crash Club' }).execute();
      await handle.db.insertInto('campaigns').values({ id: 'c-crash', kind: 'invite-sms', group_id: 'g-crash', scope: 'blast' }).execute();
      await handle.db.insertInto('campaigns').values({ id: 'c-live', kind: 'invite-sms' }).execute();
      await row(handle.db, 'sent', 'sent', null, 0);
      await row(handle.db, 'stale', 'sending', 'crashed-instance', 600);
      // Sending for 5 s under the name of an instance that has no connection left: it crashed a moment ago.
      await row(handle.db, 'fresh', 'sending', 'other-instance', 5);
      // Sending for 5 s under the name of an instance still connected: on PostgreSQL it is alive and mid-send.
      if (handle.connectionString) {
        liveInstance = postgres(handle.connectionString, {
          max: 1,
          connection: { application_name: `${SEND_WORKER_APP_PREFIX}live-instance` },
        });
        await liveInstance`select 1`;
      }
      await row(handle.db, 'live', 'sending', 'live-instance', 5, 'c-live');
      const jobs = await startJobs(deps, handle, TEST_JOB_SETTINGS);
      deps.outbox = jobs.outbox;
      return jobs;
    },
  });
  admin = await ctx.staffCookie('admin');
});
afterAll(async () => {
  await liveInstance?.end();
  await ctx.close();
  await twilio.stop();
});

const status = async (key: string) =>
  await ctx.db.selectFrom('outbox').select(['status', 'last_error', 'attempts']).where('id', '=', ids[key]).executeTakeFirstOrThrow();

test('at start, a send cut off by a crash becomes unknown and is not sent again', async () => {
  expect(await status('stale')).toEqual({ status: 'unknown', last_error: INTERRUPTED, attempts: 1 });
  expect((await status('sent')).status).toBe('sent');
  // A send of an instance with no connection left is dead at once, not after 120 s (issue 21).
  expect((await status('fresh')).status).toBe('unknown');
  // PGlite: one process per database, so every send of an earlier process is dead. PostgreSQL: a connected
  // instance is alive, and its send in flight is left alone.
  expect((await status('live')).status).toBe(ctx.deps.dbKind === 'pglite' ? 'unknown' : 'sending');
  await Bun.sleep(1_500);
  expect(twilio.requests).toBe(0);
});

test('the admin sees it: the Messages list filters by unknown, and the blast counts it', async () => {
  const listed = await ctx.request('GET', '/api/messages?status=unknown', { cookie: admin });
  expect(listed.status).toBe(200);
  expect(listed.body.map((m: { id: number }) => m.id)).toContain(ids.stale);
  expect(listed.body.find((m: { id: number }) => m.id === ids.stale)).toMatchObject({
    status: 'unknown',
    lastError: INTERRUPTED,
    groupId: 'g-crash',
    groupName: 'Crash Club',
    name: 'Crash stale',
    retrying: false,
  });
  const blast = await ctx.request('GET', '/api/blasts/c-crash', { cookie: admin });
  expect(blast.body.counts).toMatchObject({ sent: 1, unknown: 2 });
  expect(blast.body.failures).toContainEqual({ userFile: 'u-stale_crash.json', name: 'Crash stale', error: INTERRUPTED });
  // Its real state at once, on both databases: done, with two outcomes unknown.
  expect(blast.body).toMatchObject({ done: true, finishedAt: expect.any(String) });
  // Never retried automatically: the next blast of the kind is refused as already sent, unknown ones included.
  expect(
    (await ctx.request('POST', '/api/blasts', { cookie: admin, body: { groupId: 'g-crash', kind: 'invite-sms' } })).body,
  ).toMatchObject({ alreadySent: 3 });
});

test('"send to the members whose outcome is unknown" reaches those two only, once', async () => {
  const body = { groupId: 'g-crash', kind: 'invite-sms', unknownOnly: true };
  const dry = await ctx.request('POST', '/api/blasts/preview', { cookie: admin, body });
  expect(dry.body).toMatchObject({ total: 2, recipients: 2, skipped: [] });
  expect(dry.body.receiving.map((r: { name: string }) => r.name)).toEqual(['Crash fresh', 'Crash stale']);
  const started = await ctx.request('POST', '/api/blasts', { cookie: admin, body });
  expect(started.status).toBe(202);
  expect(started.body).toMatchObject({ total: 2, recipients: 2 });
  await twilio.waitForMessages(2, 10_000);
  const deadline = Date.now() + 10_000;
  let progress = await ctx.request('GET', `/api/blasts/${started.body.campaignId}`, { cookie: admin });
  while (!progress.body.done && Date.now() < deadline) {
    await Bun.sleep(100);
    progress = await ctx.request('GET', `/api/blasts/${started.body.campaignId}`, { cookie: admin });
  }
  expect(progress.body.counts).toMatchObject({ sent: 2, unknown: 0 });
  expect(twilio.requests).toBe(2);
  // Their outcome is known now: asking again finds nobody, and sends nothing.
  const again = await ctx.request('POST', '/api/blasts', { cookie: admin, body });
  expect(again.status).toBe(400);
  expect(again.body.error).toMatch(/outcome is unknown/);
  expect(twilio.requests).toBe(2);
});

test("a queued job whose message a dead worker left 'sending' marks it unknown instead of sending", async () => {
  twilio.reset();
  await ctx.db.insertInto('campaigns').values({ id: 'c-job', kind: 'invite-sms' }).execute();
  await ctx.db
    .insertInto('users')
    .values({ id: 'u-job', name: 'Job', file_name: 'u-job_job.json', phone_number: '+14155553101' })
    .execute();
  // The row and its job commit together, as a crashed attempt left the row: claimed, never answered.
  const id = await ctx.db.transaction().execute(async (trx) => {
    const [id] = await ctx.deps.outbox.enqueue(trx, [
      {
        uniqueKey: 'c-job/u-job/invite-sms',
        campaignId: 'c-job',
        userId: 'u-job',
        channel: 'sms',
        kind: 'invite-sms',
        to: '+14155553101',
        body: 'Hi',
      },
    ]);
    await trx
      .updateTable('outbox')
      .set({ status: 'sending', attempts: 1, locked_by: 'crashed-instance', locked_at: new Date() })
      .where('id', '=', id)
      .execute();
    return id;
  });
  const [o] = await ctx.deps.outbox.waitForOutcome(ctx.db, [id], 5_000);
  expect(o).toMatchObject({ status: 'unknown', lastError: INTERRUPTED, attempts: 1 });
  const campaign = await ctx.db.selectFrom('campaigns').select('finished_at').where('id', '=', 'c-job').executeTakeFirstOrThrow();
  expect(campaign.finished_at).toBeInstanceOf(Date);
  expect(twilio.requests).toBe(0);
});
