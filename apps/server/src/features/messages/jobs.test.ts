import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import type { TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { enqueueOnce, personalLinkPlaceholder, type OutgoingMessage } from './outbox';
import { deliverMessage, INTERRUPTED, OPTED_OUT } from './service';
import { createMessagingTestContext, settled, TEST_JOB_SETTINGS } from './testing';

let ctx: TestContext;
let twilio: FakeTwilio;
let n = 0;

beforeAll(async () => {
  twilio = startFakeTwilio();
  ctx = await createMessagingTestContext({
    config: { twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url } },
  });
});
afterAll(async () => {
  await ctx.close();
  await twilio.stop();
});
beforeEach(() => twilio.reset());

async function campaign() {
  const id = `c${++n}-${Math.random().toString(36).slice(2, 8)}`;
  await ctx.db.insertInto('campaigns').values({ id, kind: 'test' }).execute();
  return id;
}

function sms(campaignId: string, userId: string, to: string, body = 'Hello from the job test'): OutgoingMessage {
  return { uniqueKey: `${campaignId}/${userId}/test`, campaignId, userId, channel: 'sms', kind: 'test', to, body };
}

const row = (id: number) => ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the send-message queue', () => {
  test('a message is sent once even when its unique key is enqueued again, one after another or at once', async () => {
    const user = await ctx.createUser('Once', { phone_number: '+14155552621' });
    const c = await campaign();
    const message = sms(c, user.id, '+14155552621');
    const [id] = await ctx.deps.outbox.enqueue(ctx.db, [message]);
    expect(await ctx.deps.outbox.enqueue(ctx.db, [message])).toEqual([]);
    const concurrent = await Promise.all([1, 2, 3].map(() => ctx.deps.outbox.enqueue(ctx.db, [message])));
    expect(concurrent.flat()).toEqual([]);
    expect((await settled(ctx, id)).status).toBe('sent');
    await Bun.sleep(700);
    expect(twilio.messages.map((m) => m.body)).toEqual(['Hello from the job test']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1, provider: 'twilio' });
  });

  test('a message enqueued in a transaction that rolls back is never sent', async () => {
    const user = await ctx.createUser('Rollback', { phone_number: '+14155552622' });
    const c = await campaign();
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await ctx.deps.outbox.enqueue(trx, [sms(c, user.id, '+14155552622')]);
        throw new Error('changed my mind');
      })
      .catch(() => {});
    await Bun.sleep(1_000);
    expect(await ctx.db.selectFrom('outbox').select('id').where('campaign_id', '=', c).execute()).toEqual([]);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'send-message' and singleton_key = ${`outbox/${c}/${user.id}/test`}`.execute(
      ctx.db,
    );
    expect(rows[0].n).toBe(0);
    expect(twilio.requests).toBe(0);
  });

  test('nothing goes to a number whose owner replied STOP, whichever user the message is for', async () => {
    const owner = await ctx.createUser('Owner', { phone_number: '+14155552623' });
    const other = await ctx.createUser('Other');
    await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', '=', owner.id).execute();
    const [id] = await ctx.deps.outbox.enqueue(ctx.db, [sms(await campaign(), other.id, '+14155552623')]);
    const o = await settled(ctx, id);
    expect(o).toMatchObject({ status: 'skipped', lastError: OPTED_OUT });
    expect(twilio.requests).toBe(0);
  });

  test('temporary failures are retried with backoff up to the limit, then the message fails for good', async () => {
    const user = await ctx.createUser('Flaky', { phone_number: '+14155552624' });
    const attempts = 1 + TEST_JOB_SETTINGS.retryLimit!;
    twilio.failNext({ status: 500, code: 20500 }, attempts);
    const [id] = await ctx.deps.outbox.enqueue(ctx.db, [sms(await campaign(), user.id, '+14155552624')]);
    const first = await settled(ctx, id);
    expect(first).toMatchObject({ status: 'queued', retrying: true, attempts: 1, lastError: 'Twilio error 20500 (HTTP 500)' });
    const deadline = Date.now() + 15_000;
    while ((await row(id)).status !== 'failed' && Date.now() < deadline) await Bun.sleep(200);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts,
      last_error: `Twilio error 20500 (HTTP 500); gave up after ${attempts} attempts`,
    });
    expect(twilio.requests).toBe(attempts);
    expect(twilio.messages).toHaveLength(0);
  });

  test('a message found mid-send (a crash) is not sent again: its outcome is unknown', async () => {
    const user = await ctx.createUser('Crashed', { phone_number: '+14155552625' });
    const c = await campaign();
    // Written without a job, then put where a crashed attempt leaves it.
    const { id } = await ctx.db
      .insertInto('outbox')
      .values({
        unique_key: `${c}/${user.id}/test`,
        campaign_id: c,
        user_id: user.id,
        channel: 'sms',
        kind: 'test',
        to_address: '+14155552625',
        body: 'x',
        status: 'sending',
        attempts: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await deliverMessage(ctx.deps, id, { finalAttempt: false })).outcome).toBe('done');
    expect(await row(id)).toMatchObject({ status: 'unknown', last_error: INTERRUPTED, attempts: 1 });
    // A job for a message already sent does nothing either.
    await ctx.db.updateTable('outbox').set({ status: 'sent' }).where('id', '=', id).execute();
    expect((await deliverMessage(ctx.deps, id, { finalAttempt: false })).outcome).toBe('done');
    expect(twilio.requests).toBe(0);
  });

  test('personal links are issued at send time, one per module, and never stored', async () => {
    const user = await ctx.createUser('Linked', { phone_number: '+14155552626' });
    const body = `A ${personalLinkPlaceholder('Get to Know You')} B ${personalLinkPlaceholder('default_Check In')} C ${personalLinkPlaceholder('Get to Know You')}`;
    const [id] = await ctx.deps.outbox.enqueue(ctx.db, [sms(await campaign(), user.id, '+14155552626', body)]);
    expect((await settled(ctx, id)).status).toBe('sent');
    const sent = twilio.messages[0].body;
    const links = [...sent.matchAll(/http:\/\/hearth\.test\/user\?\S+/g)].map((m) => m[0]);
    expect(links).toHaveLength(3);
    expect(links[0]).toBe(links[2]);
    expect(links[1]).toContain('module=default_Check+In');
    expect(links[0]).not.toBe(links[1]);
    expect((await row(id)).body).toBe(body);
    const tokens = await ctx.db.selectFrom('user_link_tokens').select('module_name').where('user_id', '=', user.id).execute();
    expect(tokens.map((t) => t.module_name).sort()).toEqual(['Get to Know You', 'default_Check In']);
  });
});

describe('enqueueOnce', () => {
  test('the same message again for the same user and address answers the first one', async () => {
    const a = await ctx.createUser('Dup A', { phone_number: '+14155552627' });
    const b = await ctx.createUser('Dup B', { phone_number: '+14155552628' });
    const first = await enqueueOnce(ctx.deps.outbox, ctx.db, { kind: 'dup-test' }, [
      { userId: a.id, channel: 'sms', to: '+14155552627', body: 'one' },
    ]);
    expect(first[0].duplicate).toBe(false);
    const second = await enqueueOnce(ctx.deps.outbox, ctx.db, { kind: 'dup-test' }, [
      { userId: a.id, channel: 'sms', to: '+14155552627', body: 'one' },
      { userId: b.id, channel: 'sms', to: '+14155552628', body: 'two' },
    ]);
    expect(second[0]).toEqual({ id: first[0].id, userId: a.id, duplicate: true });
    expect(second[1].duplicate).toBe(false);
    await ctx.deps.outbox.waitForOutcome(ctx.db, [first[0].id, second[1].id], 5_000);
    expect(twilio.messages.map((m) => m.body).sort()).toEqual(['one', 'two']);
    const campaigns = await ctx.db
      .selectFrom('outbox')
      .select(['campaign_id', 'unique_key', 'user_id'])
      .where('id', 'in', [first[0].id, second[1].id])
      .execute();
    expect(new Set(campaigns.map((c) => c.campaign_id)).size).toBe(2);
    for (const c of campaigns) expect(c.unique_key).toBe(`${c.campaign_id}/${c.user_id}/dup-test`);
    // Another text (another module, another subgroup) is another message.
    const changed = await enqueueOnce(ctx.deps.outbox, ctx.db, { kind: 'dup-test' }, [
      { userId: a.id, channel: 'sms', to: '+14155552627', body: 'one, changed' },
    ]);
    expect(changed[0].duplicate).toBe(false);
  });

  test('once the window has passed, the same message can be sent again', async () => {
    const a = await ctx.createUser('Later', { phone_number: '+14155552629' });
    const msg = { userId: a.id, channel: 'sms' as const, to: '+14155552629', body: 'hi' };
    const [first] = await enqueueOnce(ctx.deps.outbox, ctx.db, { kind: 'window-test' }, [msg]);
    await settled(ctx, first.id);
    await ctx.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('id', '=', first.id)
      .execute();
    const [again] = await enqueueOnce(ctx.deps.outbox, ctx.db, { kind: 'window-test' }, [msg]);
    expect(again.duplicate).toBe(false);
    expect(again.id).not.toBe(first.id);
  });
});
