import { afterAll, beforeAll, describe, expect, setSystemTime, test } from 'bun:test';
import { createProviders } from '../providers';
import { TestSocket } from '../realtime/test-support';
import { startFakeRealtime, type FakeRealtime } from './fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from './harness';

// PRODUCT §7: logs carry no phone numbers, e-mail addresses, names, tokens, keys or anything said or typed.
const KEY = 'sk-log-privacy-key-123456';
const PHONE = '+14155550199';
const EMAIL = 'quietperson@example.org';
const NAME = 'Philippa Quince';
const CANARY = 'amber walrus semaphore 8812';

let fake: FakeRealtime;
let ctx: TestContext;
const lines: string[] = [];
const original = { log: console.log, error: console.error, warn: console.warn };

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  ctx = await createTestContext({
    config: { openaiApiKey: KEY, openaiRealtimeUrl: fake.url },
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  process.env.LOG_LEVEL = 'info';
  for (const k of ['log', 'error', 'warn'] as const) console[k] = (...args: unknown[]) => lines.push(args.map(String).join(' '));
});
afterAll(async () => {
  Object.assign(console, original);
  delete process.env.LOG_LEVEL;
  setSystemTime();
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
});

describe('logs', () => {
  test('a whole journey logs ids and counts only', async () => {
    const operator = await ctx.staffCookie('operator');
    const admin = await ctx.staffCookie('admin');
    const created = await ctx.request('POST', '/api/create-user', {
      cookie: operator,
      body: { name: NAME, phone_number: PHONE, email: EMAIL },
    });
    expect(created.status).toBe(200);
    const link = await ctx.request('POST', '/api/user-link', {
      cookie: operator,
      body: { userFile: created.body.fileName, moduleName: 'Get to Know You' },
    });
    const token = new URL(link.body.url).hash.slice(3);
    const session = await ctx.request('POST', '/api/user-session', { body: { token } });
    const userCookie = session.headers.get('set-cookie')!.split(';')[0];
    await ctx.request('POST', '/api/auth/login', { body: { email: EMAIL, password: 'wrong' } });
    await ctx.request('POST', '/api/twilio/send-invite-sms', {
      cookie: admin,
      body: { userFile: created.body.fileName, phoneNumber: PHONE, moduleName: 'Get to Know You' },
    });
    await ctx.request('POST', '/api/send-invite-email', {
      cookie: admin,
      body: { userFile: created.body.fileName, email: EMAIL, moduleName: 'Get to Know You' },
    });

    const port = ctx.app.server!.port;
    const client = await TestSocket.open(`ws://127.0.0.1:${port}/ws?page=user`, { origin: 'http://hearth.test', cookie: userCookie });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    client.send({ type: 'hearth.settings', reminder: true });
    for (let turn = 0; turn < 4; turn++) {
      upstream.userSpoke(`My name is ${NAME}, reach me at ${PHONE} or ${EMAIL}; ${CANARY}`);
      if (!upstream.activeResponseId) upstream.startResponse();
      upstream.finishResponse('completed', [upstream.speak(`Thanks ${NAME}, noted ${CANARY}.`)]);
    }
    client.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: CANARY }] },
    });
    setSystemTime(new Date(Date.now() + 25_000));
    client.send({ type: 'hearth.end_session' });
    const result = await client.waitFor('hearth.post_chat', () => true, 15_000);
    expect(result.status).toBe('done');
    setSystemTime();

    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3); // the journey did log: the capture works
    expect(text).toContain('voice session ended');
    for (const secret of [PHONE, PHONE.slice(2), EMAIL, NAME, 'Philippa', CANARY, 'walrus', token, KEY]) {
      expect(text).not.toContain(secret);
    }
  });
});
