import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import twilio from 'twilio';
import { createTestContext, type TestContext } from '../../test/harness';
import { asksOf, makeGroup, makeMember, metMessagesOf } from './testing';

// SMS replies through the real Twilio inbound webhook, signed as Twilio signs them.
const AUTH_TOKEN = 'met-reply-token';
const URL_SIGNED = 'http://hearth.test/api/twilio/inbound';
let ctx: TestContext;
let admin: string;
let phoneN = 300;

beforeAll(async () => {
  ctx = await createTestContext({
    config: { twilio: { accountSid: 'AC00000000000000000000000000000000', authToken: AUTH_TOKEN, from: '+15005550006' } },
  });
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

const params = (from: string, body: string) => ({
  MessageSid: `SM${Math.random().toString(36).slice(2, 12)}`,
  AccountSid: 'AC00000000000000000000000000000000',
  From: from,
  To: '+15005550006',
  Body: body,
});
const post = (p: Record<string, string>, signature: string) =>
  ctx.request('POST', '/api/twilio/inbound', {
    raw: new URLSearchParams(p).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
  });
const reply = (from: string, body: string) => {
  const p = params(from, body);
  return post(p, twilio.getExpectedTwilioSignature(AUTH_TOKEN, URL_SIGNED, p));
};

/** A told member asked by SMS. */
async function asked(name: string) {
  const phone = `+1415555${++phoneN}`.padEnd(12, '0');
  const g = await makeGroup(ctx);
  const user = await makeMember(ctx, g, name, { phone });
  expect((await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: admin })).body).toEqual({ asked: 1 });
  return { user, phone, g };
}
const askOf = async (userId: string) => (await asksOf(ctx, userId))[0];

describe('replies to the met question', () => {
  test('YES and NO in free words record the answer via sms', async () => {
    const a = await asked('Yes Person');
    expect((await reply(a.phone, 'yeah we did, it was lovely')).status).toBe(200);
    expect(await askOf(a.user.id)).toMatchObject({ answer: 'yes', answered_via: 'sms', next_ask_at: null });
    const b = await asked('No Person');
    await reply(b.phone, 'Nope');
    expect(await askOf(b.user.id)).toMatchObject({ answer: 'no', answered_via: 'sms' });
  });

  test('LATER sets the next ask a week on', async () => {
    const a = await asked('Later Person');
    await reply(a.phone, 'not yet, maybe next week');
    const ask = await askOf(a.user.id);
    expect(ask.answer).toBe('later');
    const inDays = (new Date(ask.next_ask_at!).getTime() - Date.now()) / 86_400_000;
    expect(inDays).toBeGreaterThan(6.9);
    expect(inDays).toBeLessThan(7.1);
  });

  test('an unclear reply gets one clarifying SMS; a second unclear reply gets none; then a clear one counts', async () => {
    const a = await asked('Unclear Person');
    await reply(a.phone, 'who is this?');
    let messages = await metMessagesOf(ctx, a.user.id);
    expect(messages).toHaveLength(2);
    expect(messages[1]).toMatchObject({ kind: 'met-sms', to_address: a.phone });
    expect(messages[1].body).toBe("Sorry, we didn't catch that. Did you meet your group? Reply YES, NO or LATER.");
    expect(await askOf(a.user.id)).toMatchObject({ answer: null });
    expect((await askOf(a.user.id)).clarified_at).not.toBeNull();
    await reply(a.phone, 'yes and no');
    messages = await metMessagesOf(ctx, a.user.id);
    expect(messages).toHaveLength(2);
    await reply(a.phone, 'YES');
    expect((await askOf(a.user.id)).answer).toBe('yes');
  });

  test('asking us to stop opts the member out and records no answer; STOP keeps its meaning', async () => {
    const a = await asked('Stop Person');
    await reply(a.phone, 'please stop texting me');
    const user = await ctx.db.selectFrom('users').select('sms_opt_out').where('id', '=', a.user.id).executeTakeFirstOrThrow();
    expect(user.sms_opt_out).toBe(true);
    expect(await askOf(a.user.id)).toMatchObject({ answer: null, answered_at: null });
    const b = await asked('Keyword Person');
    await reply(b.phone, 'STOP');
    expect((await ctx.db.selectFrom('users').select('sms_opt_out').where('id', '=', b.user.id).executeTakeFirstOrThrow()).sms_opt_out).toBe(
      true,
    );
    expect((await askOf(b.user.id)).answer).toBeNull();
  });

  test('a reply with no open question, or after the answer, changes nothing', async () => {
    const lonely = await ctx.createUser('Not Asked', { phone_number: '+14155559901' });
    expect((await reply('+14155559901', 'yes')).status).toBe(200);
    expect(await asksOf(ctx, lonely.id)).toEqual([]);
    const a = await asked('Answered Person');
    await reply(a.phone, 'no');
    await reply(a.phone, 'yes actually');
    expect((await askOf(a.user.id)).answer).toBe('no');
  });

  test('a forged signature is 403 and records nothing', async () => {
    const a = await asked('Forged Person');
    const p = params(a.phone, 'YES');
    const res = await post(p, twilio.getExpectedTwilioSignature('wrong-token', URL_SIGNED, p));
    expect(res.status).toBe(403);
    expect((await askOf(a.user.id)).answer).toBeNull();
  });

  test("the reply's words are stored nowhere", async () => {
    const a = await asked('Private Person');
    const phrase = 'zanzibar-marmalade-7731';
    await reply(a.phone, `who is this ${phrase}?`);
    await reply(a.phone, `yes we met ${phrase}`);
    expect((await askOf(a.user.id)).answer).toBe('yes');
    const asks = await ctx.db.selectFrom('met_asks').selectAll().execute();
    expect(JSON.stringify(asks)).not.toContain(phrase);
    const outbox = await ctx.db.selectFrom('outbox').selectAll().execute();
    expect(JSON.stringify(outbox)).not.toContain(phrase);
    const campaigns = await ctx.db.selectFrom('campaigns').selectAll().execute();
    expect(JSON.stringify(campaigns)).not.toContain(phrase);
  });
});
