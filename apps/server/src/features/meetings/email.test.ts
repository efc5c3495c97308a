import { afterAll, beforeAll, expect, test } from 'bun:test';
import type { TestContext } from '../../test/harness';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink';
import { createMessagingTestContext } from '../messages/testing';
import { makeGroup, makeMember } from './testing';

// A member without a phone is asked by e-mail, sent for real to an SMTP sink, with a working link to their page.
let ctx: TestContext;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createMessagingTestContext({ config: { smtpUrl: sink.url } });
});
afterAll(async () => {
  await ctx.close();
  await sink.stop();
});

test('the met e-mail arrives with the question and a personal link that opens a session on the card', async () => {
  const g = await makeGroup(ctx, 'Lakeside', 'Sunday Swimmers');
  const u = await makeMember(ctx, g, 'Mia Mail', { email: 'mia@example.com' });
  const admin = await ctx.staffCookie('admin');
  expect((await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: admin })).body).toEqual({ asked: 1 });
  const [mail] = await sink.waitForMails(1, 10_000);
  expect(mail.to).toEqual(['mia@example.com']);
  expect(mail.subject).toBe('Did you meet Sunday Swimmers?');
  expect(mail.text).toContain('Did you get to meet your group "Sunday Swimmers" (Lakeside)?');
  expect(mail.html).toContain('Answer on your page');
  const url = mail.text.match(/http:\/\/hearth\.test\/user\?\S+/)?.[0];
  expect(url).toBeDefined();
  expect(mail.html).toContain(url!.replace(/&/g, '&amp;'));
  const token = new URL(url!).hash.replace('#k=', '');
  const session = await ctx.request('POST', '/api/user-session', { body: { token } });
  expect(session.status).toBe(200);
  const cookie = session.headers.get('set-cookie')!.split(';')[0];
  const q = await ctx.request('GET', '/api/met-question', { cookie });
  expect(q.body.question).toMatchObject({ round: 'met', groupName: 'Lakeside', subgroupName: 'Sunday Swimmers' });
  expect(
    (await ctx.db.selectFrom('users').select('invited_at').where('id', '=', u.id).executeTakeFirstOrThrow()).invited_at,
  ).not.toBeNull();
});
