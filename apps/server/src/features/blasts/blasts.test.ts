import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createMessagingTestContext } from '../messages/testing';
import { NO_MEMBERS, NO_SUBGROUPS } from './service';

let ctx: TestContext;
let twilio: FakeTwilio;
let sink: SmtpSink;
let admin: string;

type U = { id: string; name: string; fileName: string };
const users: Record<string, U> = {};
const ISO = /^\d{4}-\d\d-\d\dT/;

async function member(name: string, groupId: string, subgroupId: string | null, fields: { phone_number?: string; email?: string } = {}) {
  const u = await ctx.createUser(name, fields);
  await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: u.id, subgroup_id: subgroupId }).execute();
  users[name] = u;
  return u;
}

beforeAll(async () => {
  twilio = startFakeTwilio();
  sink = await startSmtpSink();
  ctx = await createMessagingTestContext({
    config: {
      twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url },
      smtpUrl: sink.url,
    },
  });
  admin = await ctx.staffCookie('admin');
  await ctx.db
    .insertInto('groups')
    .values([
      { id: 'garden', name: 'Garden Club' },
      { id: 'book', name: 'Book Club' },
      { id: 'empty', name: 'Empty Club' },
      { id: 'choir', name: 'Choir', isolated_module: 'default_Check In' },
    ])
    .execute();
  await ctx.db
    .insertInto('subgroups')
    .values([
      { id: 'roses', group_id: 'garden', name: 'Roses', description: 'Loves roses.' },
      { id: 'ferns', group_id: 'garden', name: 'Ferns', description: '' },
    ])
    .execute();
  await member('Ana', 'garden', 'roses', { phone_number: '+14155553001', email: 'ana@example.com' });
  await member('Ben', 'garden', 'roses', { phone_number: '+14155553002' });
  await member('Cal', 'garden', null, { email: 'cal@example.com' });
  await member('Dee', 'garden', 'ferns', { phone_number: '+14155553004', email: 'dee@example.com' });
  await member('Eve', 'garden', null, { phone_number: '+14155553005' });
  // Zed is in no group, but replied STOP from the phone Eve shares: nothing goes to that number.
  const zed = await ctx.createUser('Zed', { phone_number: '+14155553005' });
  await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', 'in', [users.Dee.id, zed.id]).execute();
  await member('Gil', 'book', null, { phone_number: '+14155553011' });
  await member('Hap', 'book', null, { phone_number: '+14155553012' });
  await member('Ida', 'book', null, { phone_number: '+14155553013' });
  await member('Jo', 'choir', null, { email: 'jo@example.com' });
});
afterAll(async () => {
  await ctx.close();
  await twilio.stop();
  await sink.stop();
});
beforeEach(() => {
  twilio.reset();
  sink.reset();
});

const preview = (body: object, cookie = admin) => ctx.request('POST', '/api/blasts/preview', { cookie, body });
const start = (body: object, cookie = admin) => ctx.request('POST', '/api/blasts', { cookie, body });
const progress = (campaignId: string, cookie = admin) => ctx.request('GET', `/api/blasts/${campaignId}`, { cookie });

/** Polls the progress endpoint as the group page does, until it says done. */
async function untilDone(campaignId: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await progress(campaignId);
    expect(res.status).toBe(200);
    if (res.body.done || Date.now() > deadline) return res.body;
    await Bun.sleep(100);
  }
}

const skip = (name: string, reason: string) => ({ userFile: users[name].fileName, name, reason });
const zero = { queued: 0, sending: 0, sent: 0, kept: 0, delivered: 0, undelivered: 0, failed: 0, skipped: 0, unknown: 0 };

describe('POST /api/blasts/preview (dry run)', () => {
  test('counts who would receive each kind and who is skipped and why; sends nothing', async () => {
    const sms = await preview({ groupId: 'garden', kind: 'invite-sms' });
    expect(sms.status).toBe(200);
    expect(sms.body).toEqual({
      kind: 'invite-sms',
      total: 5,
      recipients: 2,
      receiving: [
        { userFile: users.Ana.fileName, name: 'Ana' },
        { userFile: users.Ben.fileName, name: 'Ben' },
      ],
      // What Ana would read; her personal link is issued only when it is sent.
      text: { name: 'Ana', subject: null, body: expect.stringContaining('[personal link to Get to Know You]') },
      skipped: [skip('Cal', 'no phone'), skip('Dee', 'opted out'), skip('Eve', 'opted out')],
      alreadySent: 0,
      sentAt: null,
    });
    expect(sms.body.text.body).toContain('Ana');
    expect(sms.body.text.body).not.toContain('{{');
    const email = await preview({ groupId: 'garden', kind: 'invite-email', moduleName: 'Get to Know You' });
    expect(email.body).toMatchObject({ total: 5, recipients: 3, skipped: [skip('Ben', 'no e-mail'), skip('Eve', 'no e-mail')] });
    expect(email.body.receiving.map((r: { name: string }) => r.name)).toEqual(['Ana', 'Cal', 'Dee']);
    expect(email.body.text).toMatchObject({ name: 'Ana', subject: 'Your Hearth invitation' });
    const assignSms = await preview({ groupId: 'garden', kind: 'assignment-sms' });
    expect(assignSms.body).toMatchObject({
      recipients: 2,
      skipped: [skip('Cal', 'no subgroup'), skip('Dee', 'opted out'), skip('Eve', 'no subgroup')],
    });
    const assignEmail = await preview({ groupId: 'garden', kind: 'assignment-email' });
    expect(assignEmail.body).toMatchObject({
      recipients: 2,
      skipped: [skip('Ben', 'no e-mail'), skip('Cal', 'no subgroup'), skip('Eve', 'no subgroup')],
    });

    expect(twilio.requests).toBe(0);
    const rows = await ctx.db.selectFrom('outbox').select('id').execute();
    expect(rows).toHaveLength(0);
  });

  test('unknown group 404, unknown kind or module 400', async () => {
    expect((await preview({ groupId: 'nope', kind: 'invite-sms' })).status).toBe(404);
    expect((await preview({ groupId: 'garden', kind: 'carrier-pigeon' })).status).toBe(400);
    const module = await preview({ groupId: 'garden', kind: 'invite-sms', moduleName: 'No Such Module' });
    expect(module.status).toBe(400);
    expect(module.body).toEqual({ error: 'The module does not exist' });
  });
});

describe('POST /api/blasts and its progress', () => {
  let first = '';

  test('202 with the campaign; progress counts the outbox states until done', async () => {
    const res = await start({ groupId: 'garden', kind: 'invite-sms' });
    expect(res.status).toBe(202);
    // The preview's numbers: 2 of the 5 are queued, the other 3 skipped.
    expect(res.body).toEqual({ campaignId: expect.any(String), kind: 'invite-sms', total: 5, recipients: 2 });
    first = res.body.campaignId;
    const done = await untilDone(first);
    expect(done).toEqual({
      campaignId: first,
      groupId: 'garden',
      kind: 'invite-sms',
      total: 5,
      counts: { ...zero, sent: 2, skipped: 3 },
      done: true,
      failures: [],
      skipped: [skip('Cal', 'no phone'), skip('Dee', 'opted out'), skip('Eve', 'opted out')],
      retrying: 0,
      startedAt: expect.stringMatching(ISO),
      finishedAt: expect.stringMatching(ISO),
    });
    expect(twilio.messages.map((m) => m.to).sort()).toEqual(['+14155553001', '+14155553002']);
    for (const m of twilio.messages) {
      expect(m.body).toContain('module=Get+to+Know+You');
      expect(m.statusCallback).toBe('http://hearth.test/api/twilio/status');
    }
    const listed = await ctx.request('GET', '/api/blasts?groupId=garden', { cookie: admin });
    expect(listed.body.blasts.map((b: { campaignId: string }) => b.campaignId)).toEqual([first]);
    expect(listed.body.blasts[0]).toEqual(done);
  });

  test('PRODUCT §6: a finished blast again is 409 with how many got it and when; the dry run says so too', async () => {
    const again = await start({ groupId: 'garden', kind: 'invite-sms' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'The invitation SMS already went to 2 members of Garden Club. Send it again only if you mean to.',
      alreadySent: 2,
      sentAt: expect.stringMatching(ISO),
    });
    expect((await start({ groupId: 'garden', kind: 'invite-sms', force: false })).status).toBe(409);
    const dry = await preview({ groupId: 'garden', kind: 'invite-sms' });
    expect(dry.body).toMatchObject({ alreadySent: 2, sentAt: again.body.sentAt });
    // Another kind is another blast.
    expect((await preview({ groupId: 'garden', kind: 'invite-email' })).body).toMatchObject({ alreadySent: 0, sentAt: null });
    expect(twilio.requests).toBe(0);
  });

  test('force: true sends it again as a new blast', async () => {
    const forced = await start({ groupId: 'garden', kind: 'invite-sms', force: true });
    expect(forced.status).toBe(202);
    expect(forced.body.campaignId).not.toBe(first);
    expect((await untilDone(forced.body.campaignId)).counts).toEqual({ ...zero, sent: 2, skipped: 3 });
    expect(twilio.messages).toHaveLength(2);
    const listed = await ctx.request('GET', '/api/blasts?groupId=garden', { cookie: admin });
    expect(listed.body.blasts.map((b: { campaignId: string }) => b.campaignId)).toEqual([forced.body.campaignId, first]);
  });

  test('a double click, or a forced start, while the blast runs answers the running blast and sends nothing twice', async () => {
    twilio.setDelay(400);
    const [a, b] = await Promise.all([
      start({ groupId: 'garden', kind: 'assignment-sms' }),
      start({ groupId: 'garden', kind: 'assignment-sms' }),
    ]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body).toEqual(a.body);
    const running = await progress(a.body.campaignId);
    expect(running.body.done).toBe(false);
    expect(running.body.finishedAt).toBeNull();
    expect(running.body.counts.queued + running.body.counts.sending).toBeGreaterThan(0);
    const forced = await start({ groupId: 'garden', kind: 'assignment-sms', force: true });
    expect(forced.status).toBe(202);
    expect(forced.body.campaignId).toBe(a.body.campaignId);
    const done = await untilDone(a.body.campaignId);
    expect(done.counts).toEqual({ ...zero, sent: 2, skipped: 3 });
    expect(twilio.messages.map((m) => m.to).sort()).toEqual(['+14155553001', '+14155553002']);
    const campaigns = await ctx.db
      .selectFrom('campaigns')
      .select('id')
      .where('kind', '=', 'assignment-sms')
      .where('group_id', '=', 'garden')
      .execute();
    expect(campaigns).toHaveLength(1);
  });

  test('failures are listed by member with the reason; the numbers make SPEC §8 bulk text', async () => {
    twilio.failNext({ status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' });
    const res = await start({ groupId: 'book', kind: 'invite-sms' });
    const done = await untilDone(res.body.campaignId);
    expect(done.counts).toEqual({ ...zero, sent: 2, failed: 1 });
    expect(done.total).toBe(3);
    expect(done.failures).toEqual([
      { userFile: expect.any(String), name: expect.stringMatching(/^(Gil|Hap|Ida)$/), error: 'Twilio error 21610 (HTTP 400)' },
    ]);
    expect(twilio.messages).toHaveLength(2);
  });

  test("an e-mail blast goes to the group's isolated module whatever module is asked for", async () => {
    const res = await start({ groupId: 'choir', kind: 'invite-email', moduleName: 'Get to Know You' });
    expect(res.status).toBe(202);
    expect((await untilDone(res.body.campaignId)).counts).toEqual({ ...zero, sent: 1 });
    expect(sink.mails).toHaveLength(1);
    expect(sink.mails[0].to).toEqual(['jo@example.com']);
    expect(sink.mails[0].text).toContain('module=default_Check+In');
    expect(sink.mails[0].html).toContain('Start talking');
  });

  test('a group without members, or an assignment blast without subgroups, is 400; unknown ones 404', async () => {
    expect(await start({ groupId: 'empty', kind: 'invite-sms' })).toMatchObject({ status: 400, body: { error: NO_MEMBERS } });
    expect(await start({ groupId: 'book', kind: 'assignment-email' })).toMatchObject({ status: 400, body: { error: NO_SUBGROUPS } });
    expect((await start({ groupId: 'nope', kind: 'invite-sms' })).status).toBe(404);
    expect((await progress('nope')).status).toBe(404);
    expect((await start({ groupId: 'garden', kind: 'invite-sms', force: 'yes' })).status).toBe(400);
  });

  test("a member's own invite after the blast is 409 unless forced, and forced within a minute it is the blast's message", async () => {
    const again = await ctx.request('POST', '/api/twilio/send-invite-sms', { cookie: admin, body: { userFile: users.Hap.fileName } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'The invitation SMS was already sent to Hap; send it again to confirm',
      alreadySent: 1,
      sentAt: expect.stringMatching(ISO),
    });
    const forced = await ctx.request('POST', '/api/twilio/send-invite-sms', {
      cookie: admin,
      body: { userFile: users.Hap.fileName, force: true },
    });
    expect(forced.status).toBe(200);
    expect(forced.body.duplicate).toBe(true);
    expect(twilio.requests).toBe(0);
  });

  test('a single send is not a blast: its campaign has no blast progress', async () => {
    const sent = await ctx.request('POST', '/api/send-invite-email', { cookie: admin, body: { userFile: users.Cal.fileName } });
    expect(sent.status).toBe(200);
    const row = await ctx.db.selectFrom('outbox').select('campaign_id').where('id', '=', sent.body.messageId).executeTakeFirstOrThrow();
    expect((await progress(row.campaign_id!)).status).toBe(404);
  });

  test('admins only', async () => {
    const operator = await ctx.staffCookie('operator');
    for (const cookie of ['', operator, await ctx.userCookie(users.Ana.id)]) {
      const want = cookie === '' ? 401 : 403;
      expect((await preview({ groupId: 'garden', kind: 'invite-sms' }, cookie)).status).toBe(want);
      expect((await start({ groupId: 'garden', kind: 'invite-email' }, cookie)).status).toBe(want);
      expect((await progress(first, cookie)).status).toBe(want);
      expect((await ctx.request('GET', '/api/blasts?groupId=garden', { cookie })).status).toBe(want);
    }
    expect(twilio.requests + sink.mails.length).toBe(0);
  });
});
