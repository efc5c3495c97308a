import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import type { TestContext } from '../../test/harness';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createMessagingTestContext, settled } from '../messages/testing';
import { INVALID_EMAIL, INVALID_PHONE, NO_EMAIL, NO_PHONE } from './service';

const FROM = '+15005550006';
let ctx: TestContext;
let twilio: FakeTwilio;
let sink: SmtpSink;
let admin: string;
let phoneCounter = 2600;
const nextPhone = () => `+1415555${++phoneCounter}`;

beforeAll(async () => {
  twilio = startFakeTwilio();
  sink = await startSmtpSink();
  ctx = await createMessagingTestContext({
    config: {
      twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, from: FROM, apiUrl: twilio.url },
      smtpUrl: sink.url,
      mailFrom: 'Hearth <hearth@hearth.test>',
    },
  });
  admin = await ctx.staffCookie('admin');
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

const outboxRow = (id: number) => ctx.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tokenOf = (text: string) => /#k=([A-Za-z0-9_-]{43})/.exec(text)?.[1];

describe('POST /api/twilio/send-invite-sms', () => {
  const invite = (body: object, cookie = admin) => ctx.request('POST', '/api/twilio/send-invite-sms', { cookie, body });

  test('sends the invitation through Twilio with a working personal link, from TWILIO_FROM to the number', async () => {
    const phone = nextPhone();
    const user = await ctx.createUser('Rosa', { phone_number: phone });
    const res = await invite({ userFile: user.fileName, phoneNumber: phone, moduleName: 'Get to Know You.json' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'sent', provider: 'twilio', duplicate: false, message: 'SMS sent to Rosa' });

    expect(twilio.messages).toHaveLength(1);
    const sms = twilio.messages[0];
    expect(sms.to).toBe(phone);
    expect(sms.from).toBe(FROM);
    expect(sms.body).toStartWith('Hi Rosa! Your Hearth companion is ready to talk.');
    const link = new URL(/http:\/\/hearth\.test\/user\S+/.exec(sms.body)![0]);
    expect(link.searchParams.get('id')).toBe('Rosa');
    expect(link.searchParams.get('module')).toBe('Get to Know You');
    const token = tokenOf(sms.body)!;
    const session = await ctx.request('POST', '/api/user-session', { body: { token } });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ name: 'Rosa', userFile: user.fileName });

    const row = await outboxRow(res.body.messageId);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'twilio',
      provider_message_id: sms.sid,
      attempts: 1,
      channel: 'sms',
      kind: 'invite-sms',
      to_address: phone,
      user_id: user.id,
    });
    expect(row.sent_at).toBeInstanceOf(Date);
    // The token exists only in the sent message: the stored body holds a placeholder.
    expect(row.body).not.toContain(token);
    expect(row.unique_key).toBe(`${row.campaign_id}/${user.id}/invite-sms`);
  });

  test('job payloads carry the outbox id only', async () => {
    const user = await ctx.createUser('Payload', { phone_number: nextPhone() });
    expect((await invite({ userFile: user.fileName, moduleName: 'Get to Know You' })).status).toBe(200);
    const { rows } = await sql<{
      data: unknown;
      singleton_key: string;
    }>`select data, singleton_key from pgboss.job where name = 'send-message'`.execute(ctx.db);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(Object.keys(r.data as object)).toEqual(['outboxId']);
      expect(r.singleton_key).toStartWith('outbox/');
    }
  });

  test('a national number is sent in E.164; the stored phone is used when the request has none', async () => {
    const user = await ctx.createUser('Nat', { phone_number: '+14155552690' });
    expect((await invite({ userFile: user.fileName, phoneNumber: '4155552691', moduleName: 'Get to Know You' })).status).toBe(200);
    const other = await ctx.createUser('Stored', { phone_number: '+14155552692' });
    expect((await invite({ userFile: other.fileName, phoneNumber: '', moduleName: 'Get to Know You' })).status).toBe(200);
    expect(twilio.messages.map((m) => m.to)).toEqual(['+14155552691', '+14155552692']);
  });

  test('no module chosen invites to the default module', async () => {
    const user = await ctx.createUser('Default', { phone_number: nextPhone() });
    expect((await invite({ userFile: user.fileName })).status).toBe(200);
    expect(twilio.messages[0].body).toContain('module=Get+to+Know+You');
  });

  test('an invalid phone is 400 with the SPEC text and nothing is queued', async () => {
    const user = await ctx.createUser('Bad Phone');
    for (const phoneNumber of ['12ab', '+1234', '+99999999999999999']) {
      const res = await invite({ userFile: user.fileName, phoneNumber, moduleName: 'Get to Know You' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: INVALID_PHONE });
    }
    const res = await invite({ userFile: user.fileName, phoneNumber: '  ', moduleName: 'Get to Know You' });
    expect(res.body).toEqual({ error: NO_PHONE });
    const rows = await ctx.db.selectFrom('outbox').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(0);
    expect(twilio.requests).toBe(0);
  });

  test('unknown user is 404, unknown or global module is 400', async () => {
    expect((await invite({ userFile: 'nobody_x.json', phoneNumber: nextPhone(), moduleName: 'Get to Know You' })).status).toBe(404);
    const user = await ctx.createUser('Mod', { phone_number: nextPhone() });
    for (const moduleName of ['No Such Module', 'global_prompt']) {
      const res = await invite({ userFile: user.fileName, moduleName });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The module does not exist' });
    }
  });

  test('a double click sends once: both answers name the same message', async () => {
    const user = await ctx.createUser('Double', { phone_number: nextPhone() });
    const body = { userFile: user.fileName, moduleName: 'Get to Know You' };
    const [a, b] = await Promise.all([invite(body), invite(body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.messageId).toBe(b.body.messageId);
    expect([a.body.duplicate, b.body.duplicate].sort()).toEqual([false, true]);
    // Once sent, another click is PRODUCT §6's 409; confirmed (force) within the minute it is still the same message.
    const again = await invite(body);
    expect(again.status).toBe(409);
    const forced = await invite({ ...body, force: true });
    expect(forced.body).toMatchObject({ messageId: a.body.messageId, duplicate: true });
    expect(twilio.messages).toHaveLength(1);
    // Another number, confirmed, is another message.
    const other = await invite({ ...body, phoneNumber: nextPhone(), force: true });
    expect(other.body.duplicate).toBe(false);
    expect(twilio.messages).toHaveLength(2);
  });

  test('PRODUCT §6: an invitation already sent is 409 with when, a minute later too, until the request says force', async () => {
    const user = await ctx.createUser('Twice', { phone_number: nextPhone() });
    const body = { userFile: user.fileName, moduleName: 'Get to Know You' };
    const first = await invite(body);
    expect(first.status).toBe(200);
    // Two minutes later: past the double-click window, where the second click used to send again.
    await ctx.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 120_000), sent_at: new Date(Date.now() - 120_000) })
      .where('id', '=', first.body.messageId)
      .execute();
    const again = await invite(body);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'The invitation SMS was already sent to Twice; send it again to confirm',
      alreadySent: 1,
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(twilio.messages).toHaveLength(1);
    const forced = await invite({ ...body, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ status: 'sent', duplicate: false });
    expect(forced.body.messageId).not.toBe(first.body.messageId);
    expect(twilio.messages).toHaveLength(2);
  });

  test('a Twilio outage is 502; the outbox shows the failure and the message is retried', async () => {
    const user = await ctx.createUser('Outage', { phone_number: nextPhone() });
    twilio.failNext({ status: 503, code: 20503, message: 'Service unavailable' });
    const res = await invite({ userFile: user.fileName, moduleName: 'Get to Know You' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Problems to send SMS to Outage (Twilio error 20503 (HTTP 503)); it will be retried automatically');
    const messages = await ctx.request('GET', '/api/messages?limit=1', { cookie: admin });
    expect(messages.body[0]).toMatchObject({
      userId: user.id,
      status: 'queued',
      retrying: true,
      attempts: 1,
      lastError: 'Twilio error 20503 (HTTP 503)',
    });

    // A click while the retry is pending does not add a second message.
    const click = await invite({ userFile: user.fileName, moduleName: 'Get to Know You' });
    expect(click.status).toBe(502);
    await twilio.waitForMessages(1);
    const id = messages.body[0].id;
    await Bun.sleep(300);
    expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null, provider: 'twilio' });
    expect(twilio.messages).toHaveLength(1);
    expect(tokenOf(twilio.messages[0].body)).toBeDefined();
  });

  test('a refusal by Twilio is 502 and is not retried', async () => {
    const user = await ctx.createUser('Refused', { phone_number: nextPhone() });
    twilio.failNext({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    const res = await invite({ userFile: user.fileName, moduleName: 'Get to Know You' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Problems to send SMS to Refused (Twilio error 21211 (HTTP 400)); please try again later');
    const row = await ctx.db.selectFrom('outbox').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed', attempts: 1, last_error: 'Twilio error 21211 (HTTP 400)' });
    await Bun.sleep(2_000);
    expect(twilio.requests).toBe(1);
    // Failed for good: the admin may send again at once.
    expect((await invite({ userFile: user.fileName, moduleName: 'Get to Know You' })).status).toBe(200);
  });

  test('an opted-out user gets nothing: 409 and the message is skipped', async () => {
    const user = await ctx.createUser('Stopper', { phone_number: nextPhone() });
    await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', '=', user.id).execute();
    const res = await invite({ userFile: user.fileName, moduleName: 'Get to Know You' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('Stopper has opted out of text messages (replied STOP); nothing was sent');
    const row = await ctx.db.selectFrom('outbox').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('skipped');
    expect(twilio.requests).toBe(0);
  });

  test('admins only', async () => {
    const user = await ctx.createUser('Access', { phone_number: nextPhone() });
    const body = { userFile: user.fileName, moduleName: 'Get to Know You' };
    expect((await invite(body, '')).status).toBe(401);
    expect((await invite(body, await ctx.staffCookie('operator'))).status).toBe(403);
    expect((await invite(body, await ctx.userCookie(user.id))).status).toBe(403);
    expect(twilio.requests).toBe(0);
  });
});

describe('POST /api/send-invite-email', () => {
  const invite = (body: object, cookie = admin) => ctx.request('POST', '/api/send-invite-email', { cookie, body });

  test('the invitation reaches the SMTP server as text and HTML with a working personal link', async () => {
    const user = await ctx.createUser('Mila', { email: 'stored@example.com' });
    const res = await invite({ userFile: user.fileName, email: 'mila@example.com', moduleName: 'Get to Know You' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, status: 'sent', provider: 'smtp', message: 'Email sent to Mila' });

    expect(sink.mails).toHaveLength(1);
    const mail = sink.mails[0];
    expect(mail.to).toEqual(['mila@example.com']);
    expect(mail.from).toBe('hearth@hearth.test');
    expect(mail.subject).toBe('Your Hearth invitation');
    expect(mail.text).toContain('Hi Mila,');
    const token = tokenOf(mail.text)!;
    expect(token).toBeDefined();
    expect(mail.html).toContain('<html');
    expect(mail.html).toContain(`href="http://hearth.test/user?id=Mila&amp;module=Get+to+Know+You#k=${token}"`);
    expect(mail.html).toContain('Start talking');
    expect((await ctx.request('POST', '/api/user-session', { body: { token } })).status).toBe(200);

    const row = await outboxRow(res.body.messageId);
    expect(row).toMatchObject({
      status: 'sent',
      provider: 'smtp',
      channel: 'email',
      kind: 'invite-email',
      subject: 'Your Hearth invitation',
    });
    expect(row.html).not.toContain(token);
    // PRODUCT §6: sent once; another click asks first (409), and nothing more reaches the mail server.
    const again = await invite({ userFile: user.fileName, email: 'mila@example.com', moduleName: 'Get to Know You' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ alreadySent: 1, error: 'The invitation e-mail was already sent to Mila; send it again to confirm' });
    expect(sink.mails).toHaveLength(1);
  });

  test('the stored e-mail is used when the request has none; none at all is 400', async () => {
    const user = await ctx.createUser('Stored Mail', { email: 'stored-mail@example.com' });
    expect((await invite({ userFile: user.fileName, email: '', moduleName: 'Get to Know You' })).status).toBe(200);
    expect(sink.mails[0].to).toEqual(['stored-mail@example.com']);

    const without = await ctx.createUser('No Mail');
    const res = await invite({ userFile: without.fileName, email: '', moduleName: 'Get to Know You' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: NO_EMAIL });
    const bad = await invite({ userFile: without.fileName, email: 'not-an-address', moduleName: 'Get to Know You' });
    expect(bad.body).toEqual({ error: INVALID_EMAIL });
  });

  test('a refusing mail server is 502; a temporary refusal is retried', async () => {
    const user = await ctx.createUser('Mail Fail');
    sink.refuseNext(550);
    const res = await invite({ userFile: user.fileName, email: 'gone@example.com', moduleName: 'Get to Know You' });
    expect(res.status).toBe(502);
    expect(res.body.error).toBe('Problems to send Email to Mail Fail (SMTP error 550); please try again later');

    sink.refuseNext(451);
    const retried = await invite({ userFile: user.fileName, email: 'later@example.com', moduleName: 'Get to Know You' });
    expect(retried.status).toBe(502);
    expect(retried.body.error).toContain('(SMTP error 451); it will be retried automatically');
    const [mail] = await sink.waitForMails(1);
    expect(mail.to).toEqual(['later@example.com']);
  });

  test('unknown user is 404; admins only', async () => {
    expect((await invite({ userFile: 'nobody.json', email: 'x@example.com' })).status).toBe(404);
    const user = await ctx.createUser('Mail Access');
    const body = { userFile: user.fileName, email: 'x@example.com' };
    expect((await invite(body, '')).status).toBe(401);
    expect((await invite(body, await ctx.staffCookie('operator'))).status).toBe(403);
    expect(sink.mails).toHaveLength(0);
  });
});

test('waitForOutcome returns at once for settled messages', async () => {
  const user = await ctx.createUser('Settle', { phone_number: nextPhone() });
  const res = await ctx.request('POST', '/api/twilio/send-invite-sms', { cookie: admin, body: { userFile: user.fileName } });
  expect((await settled(ctx, res.body.messageId)).status).toBe('sent');
  // Settled already: one read answers it, with no second look after a poll interval (counted, not timed).
  let reads = 0;
  const counted = ctx.db.withPlugin({
    transformQuery: (args) => {
      reads++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const [outcome] = await ctx.deps.outbox.waitForOutcome(counted, [res.body.messageId], 60_000);
  expect(outcome?.status).toBe('sent');
  expect(reads).toBe(1);
});
