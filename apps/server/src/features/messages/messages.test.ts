import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertOutboxRows } from './outbox';

// GET /api/messages and the inbound webhook need no job queue: the harness's outbox-only context will do.
const AUTH_TOKEN = 'inbound-test-token';
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: AUTH_TOKEN, from: '+15005550006' } },
  });
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

describe('GET /api/messages', () => {
  let ids: number[];
  let userId: string;
  beforeAll(async () => {
    userId = (await ctx.createUser('Listed', { phone_number: '+14155552601' })).id;
    await ctx.db.insertInto('campaigns').values({ id: 'c-list', kind: 'invite-sms' }).execute();
    ids = await insertOutboxRows(ctx.db, [
      {
        uniqueKey: `c-list/${userId}/invite-sms`,
        campaignId: 'c-list',
        userId,
        channel: 'sms',
        kind: 'invite-sms',
        to: '+14155552601',
        body: 'one',
      },
      {
        uniqueKey: `c-list/${userId}/invite-email`,
        campaignId: 'c-list',
        userId,
        channel: 'email',
        kind: 'invite-email',
        to: 'l@example.com',
        subject: 'S',
        body: 'two',
      },
      {
        uniqueKey: `c-list/${userId}/assignment-sms`,
        campaignId: 'c-list',
        userId,
        channel: 'sms',
        kind: 'assignment-sms',
        to: '+14155552601',
        body: 'three',
      },
    ]);
    await ctx.db
      .updateTable('outbox')
      .set({ status: 'sent', provider: 'twilio', provider_message_id: 'SM1', attempts: 1, sent_at: new Date() })
      .where('id', '=', ids[0])
      .execute();
    await ctx.db
      .updateTable('outbox')
      .set({ status: 'queued', attempts: 1, last_error: 'SMTP error 451', provider: 'smtp' })
      .where('id', '=', ids[1])
      .execute();
  });

  test('lists the outbox newest first with its state, and no message bodies', async () => {
    const res = await ctx.request('GET', '/api/messages', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
    const [third, second, first] = res.body;
    expect(first).toEqual({
      id: ids[0],
      channel: 'sms',
      to: '+14155552601',
      kind: 'invite-sms',
      status: 'sent',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      attempts: 1,
      lastError: null,
      provider: 'twilio',
      providerMessageId: 'SM1',
      campaignId: 'c-list',
      userId,
      name: 'Listed',
      groupId: null,
      groupName: null,
      statusAt: null,
      retrying: false,
    });
    expect(second).toMatchObject({
      channel: 'email',
      to: 'l@example.com',
      status: 'queued',
      retrying: true,
      lastError: 'SMTP error 451',
      sentAt: null,
    });
    expect(third).toMatchObject({ status: 'queued', attempts: 0, retrying: false, provider: null });
    expect(JSON.stringify(res.body)).not.toContain('three');
  });

  test('filters by status, limits, and pages with before', async () => {
    const queued = await ctx.request('GET', '/api/messages?status=queued', { cookie: admin });
    expect(queued.body.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1]]);
    const one = await ctx.request('GET', '/api/messages?limit=1', { cookie: admin });
    expect(one.body.map((m: { id: number }) => m.id)).toEqual([ids[2]]);
    const older = await ctx.request(`GET`, `/api/messages?before=${ids[2]}&limit=1`, { cookie: admin });
    expect(older.body.map((m: { id: number }) => m.id)).toEqual([ids[1]]);
  });

  test('the paged form answers one page and the total, filtered by group, kind and state', async () => {
    await ctx.db.insertInto('groups').values({ id: 'g-list', name: 'Listing Club' }).execute();
    await ctx.db.insertInto('campaigns').values({ id: 'c-group', kind: 'invite-email', group_id: 'g-list', scope: 'blast' }).execute();
    const grouped = await insertOutboxRows(ctx.db, [
      {
        uniqueKey: `c-group/${userId}/invite-email`,
        campaignId: 'c-group',
        userId,
        channel: 'email',
        kind: 'invite-email',
        to: 'g@example.com',
        subject: 'S',
        body: 'x',
      },
    ]);
    const page = await ctx.request('GET', '/api/messages?page=1&pageSize=2', { cookie: admin });
    expect(page.body.total).toBe(4);
    expect(page.body.messages.map((m: { id: number }) => m.id)).toEqual([grouped[0], ids[2]]);
    const second = await ctx.request('GET', '/api/messages?page=2&pageSize=2', { cookie: admin });
    expect(second.body.messages.map((m: { id: number }) => m.id)).toEqual([ids[1], ids[0]]);
    const byGroup = await ctx.request('GET', '/api/messages?page=1&groupId=g-list', { cookie: admin });
    expect(byGroup.body).toEqual({
      total: 1,
      messages: [expect.objectContaining({ id: grouped[0], groupId: 'g-list', groupName: 'Listing Club', name: 'Listed' })],
      groups: [{ id: 'g-list', name: 'Listing Club' }],
    });
    const byKind = await ctx.request('GET', '/api/messages?page=1&kind=invite-email&status=queued', { cookie: admin });
    expect(byKind.body.messages.map((m: { id: number }) => m.id)).toEqual([grouped[0], ids[1]]);
    expect(byKind.body.total).toBe(2);
    const none = await ctx.request('GET', '/api/messages?page=3&pageSize=2', { cookie: admin });
    expect(none.body).toEqual({ total: 4, messages: [], groups: [{ id: 'g-list', name: 'Listing Club' }] });
    await ctx.db.deleteFrom('outbox').where('id', '=', grouped[0]).execute();
  });

  test('bad query values are 400', async () => {
    for (const q of ['status=lost', 'kind=pigeon', 'page=0', 'pageSize=501', 'limit=0', 'limit=501', 'limit=abc', 'before=-1']) {
      const res = await ctx.request('GET', `/api/messages?${q}`, { cookie: admin });
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
  });

  test('admins only', async () => {
    expect((await ctx.request('GET', '/api/messages')).status).toBe(401);
    expect((await ctx.request('GET', '/api/messages', { cookie: await ctx.staffCookie('operator') })).status).toBe(403);
    expect((await ctx.request('GET', '/api/messages', { cookie: await ctx.userCookie(userId) })).status).toBe(403);
  });
});

describe('POST /api/twilio/inbound', () => {
  const URL_SIGNED = 'http://hearth.test/api/twilio/inbound';
  const inbound = (params: Record<string, string>, signature?: string) =>
    ctx.request('POST', '/api/twilio/inbound', {
      raw: new URLSearchParams(params).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature !== undefined ? { 'x-twilio-signature': signature } : {}),
      },
    });
  const signed = (params: Record<string, string>) => inbound(params, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, params));
  const optedOut = async (id: string) =>
    (await ctx.db.selectFrom('users').select('sms_opt_out').where('id', '=', id).executeTakeFirstOrThrow()).sms_opt_out;
  const params = (from: string, body: string) => ({
    MessageSid: 'SM123',
    AccountSid: 'AC00000000000000000000000000000000',
    From: from,
    To: '+15005550006',
    Body: body,
  });

  test('STOP opts every user with that number out, START opts back in; answers empty TwiML', async () => {
    const a = await ctx.createUser('Phone Owner', { phone_number: '+14155552611' });
    const b = await ctx.createUser('Same Phone', { phone_number: '+14155552611' });
    const other = await ctx.createUser('Other Phone', { phone_number: '+14155552612' });

    const stop = await signed(params('+14155552611', ' stop '));
    expect(stop.status).toBe(200);
    expect(stop.headers.get('content-type')).toContain('text/xml');
    expect(stop.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect([await optedOut(a.id), await optedOut(b.id), await optedOut(other.id)]).toEqual([true, true, false]);

    await signed(params('+14155552611', 'Hello, I am still here'));
    expect(await optedOut(a.id)).toBe(true);

    expect((await signed(params('+14155552611', 'START'))).status).toBe(200);
    expect([await optedOut(a.id), await optedOut(b.id)]).toEqual([false, false]);

    for (const word of ['STOPALL', 'Unsubscribe', 'cancel', 'END', 'quit.']) {
      await signed(params('+14155552612', word));
      expect(await optedOut(other.id)).toBe(true);
      await signed(params('+14155552612', 'unstop'));
      expect(await optedOut(other.id)).toBe(false);
    }
  });

  test('a message that merely contains stop changes nothing', async () => {
    const u = await ctx.createUser('Chatty', { phone_number: '+14155552613' });
    await signed(params('+14155552613', 'please stop calling me later'));
    expect(await optedOut(u.id)).toBe(false);
  });

  test('a bad or missing signature is 403 and changes nothing', async () => {
    const u = await ctx.createUser('Forged', { phone_number: '+14155552614' });
    const p = params('+14155552614', 'STOP');
    const forged = await inbound(p, twilio.getExpectedTwilioSignature('wrong-token', URL_SIGNED, p));
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ error: 'Invalid Twilio signature' });
    expect((await inbound(p)).status).toBe(403);
    // Signed for other parameters than those posted.
    const tampered = await inbound({ ...p, From: '+14155552615' }, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, p));
    expect(tampered.status).toBe(403);
    // Signed for another URL than PUBLIC_URL + path.
    expect((await inbound(p, twilio.getExpectedTwilioSignature(AUTH_TOKEN, 'http://evil.test/api/twilio/inbound', p))).status).toBe(403);
    expect(await optedOut(u.id)).toBe(false);
  });

  test('without TWILIO_AUTH_TOKEN inbound messages are refused', async () => {
    const saved = ctx.deps.config.twilio;
    ctx.deps.config.twilio = undefined;
    try {
      const p = params('+14155552616', 'STOP');
      const res = await inbound(p, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, p));
      expect(res.status).toBe(403);
    } finally {
      ctx.deps.config.twilio = saved;
    }
  });
});

describe('POST /api/twilio/status (delivery reports)', () => {
  const URL_SIGNED = 'http://hearth.test/api/twilio/status';
  const report = (params: Record<string, string>, signature?: string) =>
    ctx.request('POST', '/api/twilio/status', {
      raw: new URLSearchParams(params).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(signature !== undefined ? { 'x-twilio-signature': signature } : {}),
      },
    });
  const signed = (params: Record<string, string>) => report(params, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, params));
  const sid = (n: number) => `SM${n.toString(16).padStart(32, '0')}`;
  const params = (n: number, status: string, extra: Record<string, string> = {}) => ({
    MessageSid: sid(n),
    SmsSid: sid(n),
    AccountSid: 'AC00000000000000000000000000000000',
    MessageStatus: status,
    SmsStatus: status,
    To: '+14155552701',
    ...extra,
  });
  const stored = async (id: number) =>
    ctx.db.selectFrom('outbox').select(['status', 'last_error', 'status_at']).where('id', '=', id).executeTakeFirstOrThrow();
  let ids: number[];

  beforeAll(async () => {
    const user = await ctx.createUser('Reported', { phone_number: '+14155552701' });
    ids = await insertOutboxRows(
      ctx.db,
      [1, 2, 3, 4].map((n) => ({
        uniqueKey: `status-${n}/${user.id}/invite-sms`,
        userId: user.id,
        channel: 'sms' as const,
        kind: 'invite-sms',
        to: '+14155552701',
        body: 'x',
      })),
    );
    for (const [i, id] of ids.entries()) {
      await ctx.db
        .updateTable('outbox')
        .set({ status: 'sent', provider: 'twilio', provider_message_id: sid(0xabc0 + i), attempts: 1, sent_at: new Date() })
        .where('id', '=', id)
        .execute();
    }
  });

  test('delivered and undelivered move a sent SMS, found by its Twilio sid', async () => {
    const delivered = await signed(params(0xabc0, 'delivered'));
    expect(delivered.status).toBe(204);
    expect(await stored(ids[0])).toMatchObject({ status: 'delivered', last_error: null, status_at: expect.any(Date) });

    expect((await signed(params(0xabc1, 'undelivered', { ErrorCode: '30005' }))).status).toBe(204);
    expect(await stored(ids[1])).toMatchObject({ status: 'undelivered', last_error: 'Twilio reported the SMS undelivered (error 30005)' });
    expect((await signed(params(0xabc2, 'failed', { ErrorCode: '30008' }))).status).toBe(204);
    expect(await stored(ids[2])).toMatchObject({ status: 'undelivered', last_error: 'Twilio reported the SMS failed (error 30008)' });

    const listed = await ctx.request('GET', '/api/messages?status=delivered', { cookie: admin });
    expect(listed.body.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect(listed.body[0].statusAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('progress reports, late reports and unknown sids change nothing', async () => {
    for (const s of ['queued', 'sending', 'sent']) expect((await signed(params(0xabc3, s))).status).toBe(204);
    expect((await stored(ids[3])).status).toBe('sent');
    // Out of order: a report after the final one does not undo it.
    await signed(params(0xabc0, 'undelivered'));
    expect((await stored(ids[0])).status).toBe('delivered');
    expect((await signed(params(0xfff0, 'delivered'))).status).toBe(204);
  });

  test('a bad or missing signature is 403 and changes nothing; a malformed sid is 400', async () => {
    const p = params(0xabc3, 'delivered');
    expect((await report(p, twilio.getExpectedTwilioSignature('wrong-token', URL_SIGNED, p))).status).toBe(403);
    expect((await report(p)).status).toBe(403);
    expect((await report(p, twilio.getExpectedTwilioSignature(AUTH_TOKEN, 'http://evil.test/api/twilio/status', p))).status).toBe(403);
    expect(
      (await report({ ...p, MessageStatus: 'undelivered' }, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, p))).status,
    ).toBe(403);
    const forged = await report(p, 'bm90IGEgc2lnbmF0dXJl');
    expect(forged).toMatchObject({ status: 403, body: { error: 'Invalid Twilio signature' } });
    expect((await stored(ids[3])).status).toBe('sent');
    expect((await signed({ ...p, MessageSid: 'x', SmsSid: 'x' })).status).toBe(400);
  });
});
