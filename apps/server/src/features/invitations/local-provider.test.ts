import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { TestContext } from '../../test/harness';
import { createMessagingTestContext } from '../messages/testing';

// No TWILIO_* and no SMTP_URL (PRODUCT §2): messages go through the queue but stay in the outbox.
let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createMessagingTestContext();
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

test('health reports the outbox providers', async () => {
  const res = await ctx.request('GET', '/api/health');
  expect(res.body.providers).toMatchObject({ sms: 'outbox', email: 'outbox' });
});

test("an invite SMS is kept in the outbox: its state is 'kept', never 'sent'", async () => {
  const user = await ctx.createUser('Local', { phone_number: '+14155552641' });
  const res = await ctx.request('POST', '/api/twilio/send-invite-sms', {
    cookie: admin,
    body: { userFile: user.fileName, moduleName: 'Get to Know You' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    ok: true,
    status: 'kept',
    provider: 'outbox',
    message: 'SMS for Local kept in the outbox — no SMS provider configured',
  });
  const list = await ctx.request('GET', '/api/messages', { cookie: admin });
  expect(list.body[0]).toMatchObject({
    id: res.body.messageId,
    status: 'kept',
    provider: 'outbox',
    providerMessageId: null,
    sentAt: null,
    statusAt: expect.any(String),
    to: '+14155552641',
  });
  expect((await ctx.request('GET', '/api/messages?status=sent', { cookie: admin })).body).toEqual([]);
  expect((await ctx.request('GET', '/api/messages?status=kept', { cookie: admin })).body).toHaveLength(1);

  // An admin reads what it said; the personal link is named, never issued.
  const one = await ctx.request('GET', `/api/messages/${res.body.messageId}`, { cookie: admin });
  expect(one.status).toBe(200);
  expect(one.body).toMatchObject({ id: res.body.messageId, status: 'kept', kind: 'invite-sms', subject: null, bodyNote: null });
  expect(one.body.body).toContain('Local');
  expect(one.body.body).toContain('[personal link to Get to Know You]');
  expect(one.body.body).not.toContain('#k=');
});

test("a post-chat message's text is not kept once handled: the admin is told so", async () => {
  const user = await ctx.createUser('Recap', { phone_number: '+14155552643' });
  const [id] = await ctx.deps.outbox.enqueue(ctx.db, [
    { uniqueKey: `recap/${user.id}`, userId: user.id, channel: 'sms', kind: 'recap', to: '+14155552643', body: 'You talked about gardens' },
  ]);
  const [o] = await ctx.deps.outbox.waitForOutcome(ctx.db, [id], 10_000);
  expect(o.status).toBe('kept');
  const one = await ctx.request('GET', `/api/messages/${id}`, { cookie: admin });
  expect(one.body).toMatchObject({ status: 'kept', kind: 'recap', body: null, bodyNote: expect.stringContaining('no longer kept') });
  expect(JSON.stringify(one.body)).not.toContain('gardens');
  expect((await ctx.request('GET', '/api/messages/999999', { cookie: admin })).status).toBe(404);
  expect((await ctx.request('GET', `/api/messages/${id}`, { cookie: await ctx.staffCookie('operator') })).status).toBe(403);
});

test('an invite e-mail is kept in the outbox with its HTML', async () => {
  const user = await ctx.createUser('Local Mail', { email: 'local@example.com' });
  const res = await ctx.request('POST', '/api/send-invite-email', {
    cookie: admin,
    body: { userFile: user.fileName, moduleName: 'Get to Know You' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'kept',
    provider: 'outbox',
    message: 'Email for Local Mail kept in the outbox — no e-mail provider configured',
  });
  const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', res.body.messageId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'kept', provider: 'outbox', channel: 'email', to_address: 'local@example.com', sent_at: null });
  const one = await ctx.request('GET', `/api/messages/${res.body.messageId}`, { cookie: admin });
  expect(one.body).toMatchObject({ subject: 'Your Hearth invitation', body: expect.stringContaining('Local Mail') });
  expect(row.html).toContain('Start talking');
});

test('opted-out numbers are skipped with the local provider too', async () => {
  const user = await ctx.createUser('Local Stop', { phone_number: '+14155552642' });
  await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', '=', user.id).execute();
  const res = await ctx.request('POST', '/api/twilio/send-invite-sms', { cookie: admin, body: { userFile: user.fileName } });
  expect(res.status).toBe(409);
  const row = await ctx.db.selectFrom('outbox').select('status').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  expect(row.status).toBe('skipped');
});

test("a blast with no SMS provider counts its messages as kept, not sent; a repeat is still PRODUCT §6's 409", async () => {
  await ctx.db.insertInto('groups').values({ id: 'g-local', name: 'Local Club' }).execute();
  for (const [name, phone] of [
    ['Kept One', '+14155552651'],
    ['Kept Two', '+14155552652'],
  ]) {
    const u = await ctx.createUser(name, { phone_number: phone });
    await ctx.db.insertInto('group_members').values({ group_id: 'g-local', user_id: u.id }).execute();
  }
  const started = await ctx.request('POST', '/api/blasts', { cookie: admin, body: { groupId: 'g-local', kind: 'invite-sms' } });
  expect(started.status).toBe(202);
  let progress = await ctx.request('GET', `/api/blasts/${started.body.campaignId}`, { cookie: admin });
  for (const deadline = Date.now() + 10_000; !progress.body.done && Date.now() < deadline; ) {
    await Bun.sleep(100);
    progress = await ctx.request('GET', `/api/blasts/${started.body.campaignId}`, { cookie: admin });
  }
  expect(progress.body.counts).toMatchObject({ kept: 2, sent: 0, failed: 0 });
  const again = await ctx.request('POST', '/api/blasts', { cookie: admin, body: { groupId: 'g-local', kind: 'invite-sms' } });
  expect(again.status).toBe(409);
  expect(again.body).toMatchObject({ alreadySent: 2, sentAt: expect.any(String) });
});

test('the dry run of one invitation shows its text and recipient, sends nothing, and says when it went before', async () => {
  const user = await ctx.createUser('Preview Me', { phone_number: '+14155552661', email: 'preview@example.com' });
  const dry = () =>
    ctx.request('POST', '/api/invitations/preview', {
      cookie: admin,
      body: { userFile: user.fileName, channel: 'sms', moduleName: 'Get to Know You' },
    });
  const first = await dry();
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({
    name: 'Preview Me',
    to: '+14155552661',
    moduleName: 'Get to Know You',
    subject: null,
    alreadySent: 0,
    sentAt: null,
  });
  expect(first.body.body).toContain('[personal link to Get to Know You]');
  expect(await ctx.db.selectFrom('outbox').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  const mail = await ctx.request('POST', '/api/invitations/preview', {
    cookie: admin,
    body: { userFile: user.fileName, channel: 'email' },
  });
  expect(mail.body).toMatchObject({ to: 'preview@example.com', subject: 'Your Hearth invitation' });
  const nobody = await ctx.createUser('No Phone');
  expect(
    (await ctx.request('POST', '/api/invitations/preview', { cookie: admin, body: { userFile: nobody.fileName, channel: 'sms' } })).status,
  ).toBe(400);

  expect((await ctx.request('POST', '/api/twilio/send-invite-sms', { cookie: admin, body: { userFile: user.fileName } })).status).toBe(200);
  expect((await dry()).body).toMatchObject({ alreadySent: 1, sentAt: expect.any(String) });
});
