import { afterAll, afterEach, beforeAll, describe, expect, setSystemTime, test } from 'bun:test';
import { sql } from 'kysely';
import { runPostChat } from '../features/post-chat/run';
import { createProviders } from '../providers';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import { startJobs } from '../features/messages/jobs';
import { TEST_JOB_SETTINGS } from '../features/messages/testing';
import { startFakeTwilio, type FakeTwilio } from '../test/fake-twilio';
import { TestSocket } from './test-support';

const KEY = 'sk-test-post-chat';
const ORIGIN = 'http://hearth.test';
// Said aloud (transcribed) and typed; must never be stored anywhere.
const CANARY = 'violet kumquat lighthouse 4471';

let fake: FakeRealtime;
let twilio: FakeTwilio;
let ctx: TestContext;
let wsUrl: string;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  // Real SMS sending through the job queue to a fake Twilio, so a refused SMS is a real failed send.
  twilio = startFakeTwilio();
  const sms = { accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', apiUrl: twilio.url };
  const config = { openaiApiKey: KEY, openaiRealtimeUrl: fake.url, twilio: sms };
  ctx = await createTestContext({
    config,
    deps: { providers: { ...createProviders(testConfig({ twilio: sms })), realtime: { kind: 'openai' } } },
    setup: async (deps, handle) => {
      const jobs = await startJobs(deps, handle, TEST_JOB_SETTINGS);
      deps.outbox = jobs.outbox;
      return jobs;
    },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws?page=user`;
});
afterEach(() => setSystemTime());
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
  await twilio.stop();
});

/** One assistant turn in its own response. */
function assistantSays(upstream: FakeConnection, text: string) {
  if (!upstream.activeResponseId) upstream.startResponse();
  const item = upstream.speak(text);
  upstream.finishResponse('completed', [item]);
}

/** Every row of every table, as text. */
async function everything(): Promise<string> {
  const tables = await sql<{ schema: string; name: string }>`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`.execute(ctx.db);
  const dumps: string[] = [];
  for (const t of tables.rows) {
    const rows = await sql`select * from ${sql.table(`${t.schema}.${t.name}`)}`.execute(ctx.db);
    dumps.push(JSON.stringify(rows.rows));
  }
  return dumps.join('\n').toLowerCase();
}

async function count(table: 'section_records' | 'outbox' | 'voice_sessions', userId: string) {
  const row = await ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('post-chat work at the end of a voice session', () => {
  test('a session over the thresholds updates profile and memory, saves the section and queues the SMS once; the transcript is stored nowhere', async () => {
    const user = await ctx.createUser('Casey', { phone_number: '+14155550123' });
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: await ctx.userCookie(user.id) });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    client.send({ type: 'hearth.settings', reminder: true });

    assistantSays(upstream, 'Welcome! What would you like to be called?');
    for (let turn = 1; turn <= 3; turn++) {
      upstream.userSpoke(`Call me Casey, and my secret phrase is ${CANARY}, turn ${turn}, I enjoy gardening and chess`);
      assistantSays(upstream, `Lovely to hear about gardening and chess, turn ${turn}.`);
    }
    client.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: `typed: ${CANARY}` }] },
    });
    await upstream.waitFor('conversation.item.create', (e) => JSON.stringify(e).includes('typed:'));
    assistantSays(upstream, 'Thank you for telling me about your week.');
    await client.waitFor('response.output_audio_transcript.done', (m) => m.transcript.startsWith('Thank you for telling'));

    // 9 messages over more than 20 s.
    setSystemTime(new Date(Date.now() + 25_000));
    client.send({ type: 'hearth.end_session' });
    const result = await client.waitFor('hearth.post_chat', () => true, 15_000);
    expect(result).toEqual({
      type: 'hearth.post_chat',
      status: 'done',
      did: { profile: true, memory: true, section: true, recapSms: true, taglineSms: true, reminderSms: true },
    });
    expect((await client.closed).code).toBe(1000);
    await upstream.closed;

    const stored = await ctx.db
      .selectFrom('users')
      .select(['profile_for_group', 'memory_document'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.profile_for_group.length).toBeGreaterThan(0);
    expect(stored.memory_document.length).toBeGreaterThan(0);
    const section = await ctx.db
      .selectFrom('section_records')
      .select(['module_name', 'voice_session_id', 'start_time', 'end_time'])
      .where('user_id', '=', user.id)
      .execute();
    expect(section).toHaveLength(1);
    expect(section[0].module_name).toBe('Get to Know You');
    expect(section[0].end_time.getTime() - section[0].start_time.getTime()).toBeGreaterThanOrEqual(20_000);
    const kinds = (await ctx.db.selectFrom('outbox').select('kind').where('user_id', '=', user.id).execute()).map((r) => r.kind).sort();
    expect(kinds).toEqual(['recap', 'reminder', 'tagline']);
    const voiceSession = await ctx.db.selectFrom('voice_sessions').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(voiceSession.id).toBe(section[0].voice_session_id!);
    expect(voiceSession.post_chat_status).toBe('done');

    // Once: running it again for the same session (a retry, a second close) does nothing.
    const again = await runPostChat(ctx.deps, {
      voiceSessionId: voiceSession.id,
      userId: user.id,
      moduleName: 'Get to Know You',
      startTime: voiceSession.started_at,
      endTime: new Date(),
      transcript: [{ role: 'user', text: 'more' }],
      reminder: true,
    });
    expect(again.ran).toBe(false);
    expect(await count('section_records', user.id)).toBe(1);
    expect(await count('outbox', user.id)).toBe(3);
    expect(await count('voice_sessions', user.id)).toBe(1);

    const all = await everything();
    expect(all).toContain('+14155550123'); // the dump does reach the users table
    expect(all).not.toContain(CANARY);
    expect(all).not.toContain('kumquat lighthouse');
    expect(all).not.toContain('typed:');
  });

  test('a recap, tagline or reminder SMS the provider refuses is reported as a disconnect process error (no personal data in it)', async () => {
    const phone = '+14155550126';
    const user = await ctx.createUser('Gale', { phone_number: phone });
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: await ctx.userCookie(user.id) });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    client.send({ type: 'hearth.settings', reminder: true });
    assistantSays(upstream, 'Welcome! How was your week?');
    for (let turn = 1; turn <= 4; turn++) {
      upstream.userSpoke(`I went sailing on the lake, turn ${turn}`);
      assistantSays(upstream, `Sailing sounds wonderful, turn ${turn}.`);
    }
    await client.waitFor('response.output_audio_transcript.done', (m) => m.transcript.includes('turn 4'));
    setSystemTime(new Date(Date.now() + 25_000));
    // Twilio refuses every message of this session (a refusal is final: no retry).
    twilio.failNext({ status: 400, code: 21211, message: `The 'To' number ${phone} is not a valid phone number.` }, 3);
    client.send({ type: 'hearth.end_session' });
    const result = await client.waitFor('hearth.post_chat', () => true, 20_000);
    expect(result).toMatchObject({ type: 'hearth.post_chat', status: 'error', did: { profile: true, memory: true, section: true } });
    expect(result.error).toBe('the recap, tagline and reminder SMS could not be sent');
    expect(JSON.stringify(result)).not.toContain(phone);
    await upstream.closed;
    const statuses = (await ctx.db.selectFrom('outbox').select('status').where('user_id', '=', user.id).execute()).map((r) => r.status);
    expect(statuses).toEqual(['failed', 'failed', 'failed']);
    expect(twilio.messages.filter((m) => m.to === phone)).toHaveLength(0);
  });

  test('a closed tab also runs post-chat, once; a short chat stores nothing but the session row', async () => {
    const user = await ctx.createUser('Drew', { phone_number: '+14155550124' });
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: await ctx.userCookie(user.id) });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    assistantSays(upstream, 'Hello there.');
    upstream.userSpoke(`Hi, ${CANARY}`);
    await client.waitFor('conversation.item.input_audio_transcription.completed');
    client.close();
    await upstream.closed;
    let status: string | null = null;
    for (let i = 0; i < 50 && !status; i++) {
      await Bun.sleep(40);
      status =
        (await ctx.db.selectFrom('voice_sessions').select('post_chat_status').where('user_id', '=', user.id).executeTakeFirst())
          ?.post_chat_status ?? null;
    }
    expect(status).toBe('below-threshold');
    expect(await count('section_records', user.id)).toBe(0);
    expect(await count('outbox', user.id)).toBe(0);
    const stored = await ctx.db
      .selectFrom('users')
      .select(['profile_for_group', 'memory_document'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ profile_for_group: '', memory_document: '' });
    expect(await everything()).not.toContain(CANARY);
  });

  test('a user deleted during the session: post-chat is skipped and nothing is written', async () => {
    const user = await ctx.createUser('Erin');
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: await ctx.userCookie(user.id) });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    // The user is deleted mid-session (an admin action): the session row cannot be claimed.
    await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    client.send({ type: 'hearth.end_session' });
    const result = await client.waitFor('hearth.post_chat');
    expect(result).toEqual({ type: 'hearth.post_chat', status: 'skipped', did: expect.any(Object) });
    await upstream.closed;
    expect(await count('voice_sessions', user.id)).toBe(0);
  });
  test('a stopping server ends live sessions with their post-chat work before the database closes', async () => {
    const user = await ctx.createUser('Fran', { phone_number: '+14155550125' });
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: await ctx.userCookie(user.id) });
    const upstream = await fake.nextConnection();
    await client.waitFor('hearth.session');
    assistantSays(upstream, 'Welcome back.');
    for (let turn = 1; turn <= 2; turn++) {
      upstream.userSpoke(`I spent the weekend on my allotment, turn ${turn}`);
      assistantSays(upstream, `That sounds restful, turn ${turn}.`);
    }
    await client.waitFor('response.output_audio_transcript.done', (m) => m.transcript.includes('turn 2'));
    setSystemTime(new Date(Date.now() + 25_000));

    await ctx.deps.shutdown.run();
    expect(await client.waitFor('hearth.post_chat')).toMatchObject({ status: 'done', did: { section: true, profile: true } });
    expect(await client.closed).toMatchObject({ code: 1001, reason: 'The server is restarting' });
    await upstream.closed;
    expect(await count('section_records', user.id)).toBe(1);
  });
});
