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

test('an invite SMS is kept in the outbox, marked as not delivered by any provider', async () => {
  const user = await ctx.createUser('Local', { phone_number: '+14155552641' });
  const res = await ctx.request('POST', '/api/twilio/send-invite-sms', {
    cookie: admin,
    body: { userFile: user.fileName, moduleName: 'Get to Know You' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    ok: true,
    status: 'sent',
    provider: 'outbox',
    message: 'SMS for Local kept in the outbox: no SMS provider is configured',
  });
  const list = await ctx.request('GET', '/api/messages', { cookie: admin });
  expect(list.body[0]).toMatchObject({
    id: res.body.messageId,
    status: 'sent',
    provider: 'outbox',
    providerMessageId: null,
    to: '+14155552641',
  });
});

test('an invite e-mail is kept in the outbox with its HTML', async () => {
  const user = await ctx.createUser('Local Mail', { email: 'local@example.com' });
  const res = await ctx.request('POST', '/api/send-invite-email', {
    cookie: admin,
    body: { userFile: user.fileName, moduleName: 'Get to Know You' },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    status: 'sent',
    provider: 'outbox',
    message: 'Email for Local Mail kept in the outbox: no e-mail provider is configured',
  });
  const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', res.body.messageId).executeTakeFirstOrThrow();
  expect(row).toMatchObject({ status: 'sent', provider: 'outbox', channel: 'email', to_address: 'local@example.com' });
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
