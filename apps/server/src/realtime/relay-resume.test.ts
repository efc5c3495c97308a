import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLOSE_CODES } from '@hearth/protocol';
import { createProviders } from '../providers';
import { startFakeRealtime, type FakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import { loadModuleVersion } from '../features/sequences/lookup';
import { AUDIO_TOO_FAST } from './audio-budget';
import { KEY, ORIGIN } from './relay-fixture';
import { dropAbruptly, openRawSocket } from './raw-socket';
import { TestSocket, toneBase64, type Json } from './test-support';

// Issue 10: a page whose socket drops comes back to the same session within the grace period; after it, a new
// session goes on from the relay's memory of the conversation. Post-chat work runs once, at the real end.
const GRACE_MS = 2500;
const FRAME = toneBase64(20); // 20 ms of 24 kHz PCM16

let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;
let staff: string;
/** The audio rate limit's clock (audio-budget.ts): still, so a budget spent here is not refilled meanwhile. */
const audioClock = () => 0;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  const config = { openaiApiKey: KEY, openaiRealtimeUrl: fake.url, voiceResumeGraceMs: GRACE_MS };
  ctx = await createTestContext({
    config,
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
    app: { realtime: { audioClock } },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
  staff = await ctx.staffCookie('operator');
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
});

async function connect(cookie: string, query = '') {
  const client = await TestSocket.open(`${wsUrl}${query}`, { origin: ORIGIN, cookie });
  const upstream = await fake.nextConnection();
  const resumable = await client.waitFor('hearth.resumable');
  // The page and the fake hear the relay on separate sockets, in either order: the tests start once the greeting
  // is on at the fake and the relay has said so to the page.
  await client.waitFor('response.created');
  return { client, upstream, token: String(resumable.token) };
}

const reopen = (cookie: string, query: string, token: string) =>
  TestSocket.open(`${wsUrl}${query}${query ? '&' : '?'}resume=${encodeURIComponent(token)}`, { origin: ORIGIN, cookie });

const types = (messages: Json[]) => messages.map((m) => m.type);

async function waitUntil(check: () => Promise<boolean> | boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await Bun.sleep(25);
  }
}

describe('within the grace period', () => {
  test('a dropped page comes back to the same upstream: what it missed (audio excepted), then the session state', async () => {
    const { client, upstream, token } = await connect(staff);
    expect((await client.waitFor('hearth.resumable')).graceMs).toBe(GRACE_MS);
    const attempts = fake.attempts;
    upstream.finishResponse(); // the greeting
    const responseId = upstream.startResponse();
    await client.waitFor('response.created', (e) => e.response?.id === responseId); // the relay knows it is on
    client.close(4100); // a page that stopped hearing the relay closes the dead socket with a code of its own
    // Nobody would hear the answer in progress: it is cancelled, and the session does not end.
    expect((await upstream.waitFor('response.cancel')).response_id).toBe(responseId);
    upstream.speak('Said while you were away.');
    upstream.finishResponse();
    await Bun.sleep(100);

    const back = await reopen(staff, '', token);
    const session = await back.waitFor('hearth.session');
    const first = back.messages[0]!;
    expect(first).toMatchObject({ type: 'hearth.resumed', mode: 'resumed', summarised: false });
    const replayed = back.messages.slice(1, 1 + first.missed);
    expect(types(replayed)).toContain('response.output_audio_transcript.done');
    expect(types(replayed).filter((t) => t.endsWith('.delta'))).toEqual([]);
    expect(replayed.find((m) => m.type === 'response.output_audio_transcript.done')!.transcript).toBe('Said while you were away.');
    expect(session.module).toBeString();
    expect(fake.attempts).toBe(attempts); // no new upstream connection

    // The conversation goes on on the same upstream, and ends once.
    back.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'still here' }] },
    });
    expect((await upstream.waitFor('conversation.item.create', (e) => e.item?.content?.[0]?.text === 'still here')).type).toBeDefined();
    back.send({ type: 'hearth.end_session' });
    expect((await back.closed).code).toBe(1000);
    await upstream.closed;
  });

  test('a connection that drops without a close frame (1006) is waited for too', async () => {
    const raw = await openRawSocket(`${wsUrl}?page=console`, { origin: ORIGIN, cookie: staff });
    const upstream = await fake.nextConnection();
    const token = String((await raw.waitFor('hearth.resumable')).token);
    dropAbruptly(raw);
    await Bun.sleep(300);
    const back = await reopen(staff, '?page=console', token);
    expect((await back.waitFor('hearth.resumed')).mode).toBe('resumed');
    back.close();
    await upstream.closed;
  });

  test('a reconnect while the old socket still looks open takes over: the old one is closed with 4006', async () => {
    const { client, upstream, token } = await connect(staff);
    const back = await reopen(staff, '', token);
    expect((await back.waitFor('hearth.resumed')).mode).toBe('resumed');
    expect(await client.closed).toMatchObject({ code: CLOSE_CODES.takenOver });
    // The old socket closing changes nothing for the session the new one holds.
    await Bun.sleep(100);
    upstream.finishResponse(); // the greeting: a response.create during it would wait for it
    back.send({ type: 'response.create' });
    expect((await upstream.waitFor('response.create', (e) => e !== upstream.received[2])).type).toBe('response.create');
    back.close();
    await upstream.closed;
  });

  test("another person's token never reaches the session: they get a new one, and the owner can still come back", async () => {
    const { client, upstream, token } = await connect(staff);
    client.close(4100);
    await upstream.waitFor('response.cancel').catch(() => {});
    const other = await ctx.staffCookie('operator', 'other-operator@hearth.test');
    const stranger = await reopen(other, '', token);
    expect(await stranger.waitFor('hearth.resumed')).toMatchObject({ mode: 'restarted', summarised: false });
    const strangerUpstream = await fake.nextConnection();
    const owner = await reopen(staff, '', token);
    expect((await owner.waitFor('hearth.resumed')).mode).toBe('resumed');
    for (const socket of [stranger, owner]) socket.close();
    await Promise.all([upstream.closed, strangerUpstream.closed]);
  });

  test('a deliberate close (1000) or a close the relay made ends the session at once: nothing to resume', async () => {
    const { client, upstream, token } = await connect(staff);
    client.close(1000);
    await upstream.closed;
    const back = await reopen(staff, '', token);
    expect(await back.waitFor('hearth.resumed')).toMatchObject({ mode: 'restarted', summarised: false });
    const next = await fake.nextConnection();
    back.send({ type: 'not.allowed' });
    expect((await back.closed).code).toBe(CLOSE_CODES.policy);
    await next.closed;
  });

  test('coming back buys no new burst of audio: the budget is the session’s, not the socket’s', async () => {
    const sixSeconds = (socket: TestSocket) => {
      for (let i = 0; i < 300; i++) socket.send({ type: 'input_audio_buffer.append', audio: FRAME });
    };
    const { client, upstream, token } = await connect(staff);
    sixSeconds(client);
    await waitUntil(() => upstream.ofType('input_audio_buffer.append').length === 300);
    client.close(4100);
    await upstream.waitFor('response.cancel');
    const back = await reopen(staff, '', token);
    expect((await back.waitFor('hearth.resumed')).mode).toBe('resumed');
    sixSeconds(back); // 12 s of audio at once in all: more than the 8 s burst
    const closed = await Promise.race([back.closed, Bun.sleep(5000).then(() => 'still open')]);
    expect(closed).toMatchObject({ code: CLOSE_CODES.policy, reason: AUDIO_TOO_FAST });
    await upstream.closed;
  });

  test('pings are answered at once with the same id', async () => {
    const { client, upstream } = await connect(staff);
    client.send({ type: 'hearth.ping', id: 7 });
    expect(await client.waitFor('hearth.pong')).toEqual({ type: 'hearth.pong', id: 7 });
    client.send({ type: 'hearth.ping', id: 'x' });
    expect((await client.closed).code).toBe(CLOSE_CODES.policy);
    await upstream.closed;
  });
});

describe('a session resumed with another sign-in of the same person', () => {
  /** An operator with a password, signed in twice (two browsers), as the sign-in endpoint does it. */
  async function signedInTwice(): Promise<[string, string]> {
    const email = `twice.${Math.random().toString(36).slice(2, 8)}@hearth.test`;
    const password = 'a long enough password';
    const admin = await ctx.staffCookie('admin');
    expect((await ctx.request('POST', '/api/staff', { cookie: admin, body: { email, role: 'operator', password } })).status).toBe(200);
    const signIn = async () => {
      const res = await ctx.request('POST', '/api/auth/login', { body: { email, password } });
      expect(res.status).toBe(200);
      return (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    };
    return [await signIn(), await signIn()];
  }

  /** Opens with `opening`, drops, and comes back with `resuming` to the same session. */
  async function resumedWith(opening: string, resuming: string) {
    const { client, upstream, token } = await connect(opening, '?page=console');
    client.close(4100);
    await upstream.waitFor('response.cancel');
    const back = await reopen(resuming, '?page=console', token);
    expect((await back.waitFor('hearth.resumed')).mode).toBe('resumed');
    return { back, upstream };
  }

  const SIGNED_OUT = { code: CLOSE_CODES.signedOut, reason: 'Signed out: this sign-in is no longer valid' };
  const closedWithin = (socket: TestSocket, ms: number) => Promise.race([socket.closed, Bun.sleep(ms).then(() => 'still open')]);

  test('signing out of the sign-in it was resumed with ends it within 2 s', async () => {
    const [opening, resuming] = await signedInTwice();
    const { back, upstream } = await resumedWith(opening, resuming);
    expect((await ctx.request('POST', '/api/auth/logout', { cookie: resuming })).status).toBe(200);
    expect(await closedWithin(back, 2000)).toMatchObject(SIGNED_OUT);
    await upstream.closed;
  });

  test('signing out of the sign-in that opened it ends it as well', async () => {
    const [opening, resuming] = await signedInTwice();
    const { back, upstream } = await resumedWith(opening, resuming);
    expect((await ctx.request('POST', '/api/auth/logout', { cookie: opening })).status).toBe(200);
    expect(await closedWithin(back, 2000)).toMatchObject(SIGNED_OUT);
    await upstream.closed;
  });
});

describe('after the grace period', () => {
  test('the session ends with its post-chat work once; a new one goes on from a summary, at the same prompt', async () => {
    const user = await ctx.createUser('Rowan');
    const cookie = await ctx.userCookie(user.id);
    const { client, upstream, token } = await connect(cookie, '?page=user');
    const before = await client.waitFor('hearth.session');
    const second = (await loadModuleVersion(ctx.db, before.module))!.prompts[1]!.name;
    upstream.functionCall('change_prompt', { prompt_name: second });
    await client.waitFor('hearth.prompt_changed');
    upstream.userSpoke('I spent the morning in my allotment planting broad beans');
    upstream.speak('Broad beans in November, that is brave.');
    upstream.finishResponse();
    await client.waitFor('response.output_audio_transcript.done');
    client.close(4100);

    const ended = () => ctx.db.selectFrom('voice_sessions').select(['id', 'ended_at']).where('user_id', '=', user.id).execute();
    await Bun.sleep(GRACE_MS / 2);
    expect((await ended())[0]!.ended_at).toBeNull(); // still waiting for the page
    await waitUntil(async () => (await ended())[0]!.ended_at !== null);
    await upstream.closed;

    const back = await reopen(cookie, '?page=user', token);
    const next = await fake.nextConnection();
    expect(back.messages[0] ?? (await back.waitFor('hearth.resumed'))).toMatchObject({
      type: 'hearth.resumed',
      mode: 'restarted',
      summarised: true,
    });
    const instructions = String((await next.waitFor('session.update')).session.instructions);
    expect(instructions).toContain('Continuing after a dropped connection');
    expect(instructions).toContain('planting broad beans');
    expect(instructions).toContain('Broad beans in November');
    expect(await back.waitFor('hearth.session')).toMatchObject({ module: before.module, version: before.version, prompt: second });
    const fresh = await back.waitFor('hearth.resumable');
    expect(fresh.token).not.toBe(token);

    // Two sessions in the database, the first ended once; the summary is taken once only.
    const rows = await ended();
    expect(rows.length).toBe(2);
    back.close();
    await next.closed;
    const again = await reopen(cookie, '?page=user', token);
    expect(await again.waitFor('hearth.resumed')).toMatchObject({ mode: 'restarted', summarised: false });
    again.close();
    await (await fake.nextConnection()).closed;
  });

  test('a long conversation: the turns before the last twelve are summarised by the text provider, not dropped', async () => {
    const { client, upstream, token } = await connect(staff, '?page=console');
    await client.waitFor('hearth.session');
    const turns = [
      'We keep bees on the allotment by the canal',
      'My granddaughter helps me with the beehives on Saturdays',
      ...Array.from({ length: 6 }, (_, i) => `Something else entirely, number ${i}`),
    ];
    for (const turn of turns) {
      upstream.userSpoke(turn);
      upstream.speak('Tell me more.');
      upstream.finishResponse();
      await client.waitFor('response.done');
      client.messages.length = 0;
    }
    client.close(4100);
    await upstream.closed; // the grace passed: the session ended and left its carry-over

    const back = await reopen(staff, '?page=console', token);
    const next = await fake.nextConnection();
    expect(await back.waitFor('hearth.resumed')).toMatchObject({ mode: 'restarted', summarised: true });
    const instructions = String((await next.waitFor('session.update')).session.instructions);
    // 16 turns: the first 4 summarised (local text provider: their keywords, never their sentences), 12 quoted.
    expect(instructions).toContain('The conversation had 16 turns; the last 12 were');
    const summaryLine = instructions.split('\n').find((line) => line.startsWith('The first 4 turns, summarised: '));
    expect(summaryLine).toBeDefined();
    expect(summaryLine).toMatch(/beehives|allotment|granddaughter/);
    expect(summaryLine).not.toContain('We keep bees on the allotment');
    expect(instructions).not.toContain('- They said: We keep bees');
    expect(instructions).toContain('- They said: Something else entirely, number 0');
    back.close();
    await next.closed;
  });
});
