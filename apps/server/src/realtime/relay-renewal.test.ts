import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Config } from '../config';
import { observeLog } from '../log';
import { createProviders } from '../providers';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import { KEY, ORIGIN } from './relay-fixture';
import type { RealtimeOptions } from './routes';
import { TestSocket, type Json } from './test-support';

// Issue 23 §3: a conversation outlives its upstream session. The provider ending its session (session_expired, a
// dropped socket) is renewed inside the same voice session, and before the cap the relay rotates on its own at a
// turn boundary; a renewal that keeps failing ends the chat with a clear message.

interface Suite {
  fake: FakeRealtime;
  ctx: TestContext;
  wsUrl: string;
  staff: string;
}

async function startSuite(config: Partial<Config>, realtime: RealtimeOptions = {}): Promise<Suite> {
  const fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  const ctx = await createTestContext({
    config: { openaiApiKey: KEY, openaiRealtimeUrl: fake.url, voiceResumeGraceMs: 0, ...config },
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
    app: { realtime },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  return { fake, ctx, wsUrl: `ws://127.0.0.1:${ctx.app.server!.port}/ws`, staff: await ctx.staffCookie('operator') };
}

async function stopSuite(s: Suite) {
  await s.ctx.app.stop(true);
  await s.ctx.close();
  await s.fake.stop();
}

async function connect(s: Suite) {
  const client = await TestSocket.open(s.wsUrl, { origin: ORIGIN, cookie: s.staff });
  const upstream = await s.fake.nextConnection();
  await client.waitFor('response.created');
  return { client, upstream };
}

/** One spoken exchange on `upstream`, after the greeting: the member said `said`, the assistant answered `answer`. */
function exchange(upstream: FakeConnection, said: string, answer: string) {
  upstream.userSpoke(said);
  upstream.startResponse();
  upstream.finishResponse('completed', [upstream.speak(answer)]);
}

const typed = (text: string) => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
});
const userTexts = (upstream: FakeConnection) =>
  upstream.ofType('conversation.item.create').flatMap((e) => (e.item?.type === 'message' ? e.item.content.map((c: Json) => c.text) : []));
const continued = (client: TestSocket) => client.ofType('hearth.continued').map((e) => `${e.phase}:${e.cause}`);

describe('the provider ends the session', () => {
  let s: Suite;
  beforeAll(async () => {
    s = await startSuite({ realtimeSessionCapMs: 0 }, { renewal: { retryDelaysMs: [0, 300, 300], openTimeoutMs: 500 } });
  });
  afterAll(() => stopSuite(s));

  test('session_expired between turns: a new upstream with the conversation carried over, no greeting, no answer of its own', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello, how are you?')]);
    exchange(upstream, 'I planted tomatoes today', 'Tomatoes love the sun.');
    await client.waitFor('response.done', (e) => client.ofType('response.done').indexOf(e) === 1);

    const lines: string[] = [];
    const stopObserving = observeLog((line) => lines.push(line));
    upstream.expire();
    const next = await s.fake.nextConnection();
    const update = await next.waitFor('session.update');
    expect(update.session.instructions).toContain('# Continuing the same conversation');
    expect(update.session.instructions).toContain('They said: I planted tomatoes today');
    expect(update.session.instructions).toContain('You said: Tomatoes love the sun.');
    expect(update.session.tools.length).toBeGreaterThan(0);
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued');
    expect(continued(client)).toEqual(['restarting:session_expired', 'continued:session_expired']);
    expect((await upstream.closed).code).toBe(1000);
    // The member is mid-conversation: no 'Hi.', and the new session waits for them.
    await Bun.sleep(200);
    expect(userTexts(next)).toEqual([]);
    expect(next.ofType('response.create')).toEqual([]);
    // The provider's error is the relay's business: the page only hears that the conversation goes on.
    expect(client.ofType('error')).toEqual([]);
    // One line for the renewal, with nothing personal in it.
    stopObserving();
    const renewed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'voice upstream renewed');
    expect(renewed).toHaveLength(1);
    expect(Object.keys(renewed[0]).sort()).toEqual(['attempt', 'cause', 'level', 'ms', 'msg', 'sessionId', 't']);
    expect(renewed[0]).toMatchObject({ cause: 'session_expired', attempt: 1 });
    expect(lines.join('\n')).not.toContain('tomatoes');

    // The conversation goes on over the same page socket, answered by the new upstream.
    client.send(typed('What should I plant next?'));
    client.send({ type: 'response.create' });
    await next.waitFor('response.create');
    expect(userTexts(next)).toEqual(['What should I plant next?']);
    next.startResponse();
    next.finishResponse('completed', [next.speak('Try basil.')]);
    await client.waitFor('response.output_audio_transcript.done', (e) => e.transcript === 'Try basil.');
    client.send({ type: 'hearth.end_session' });
    expect((await client.waitFor('hearth.post_chat')).status).toBeDefined();
    expect((await client.closed).code).toBe(1000);
    expect(client.ofType('hearth.resumable')).toHaveLength(1);
  });

  test('the socket dropped mid-answer: the cut answer is asked for again once, from the new upstream', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello.')]);
    upstream.userSpoke('Tell me about roses');
    upstream.startResponse(); // the answer is under way when the line drops
    await client.waitFor('response.created', (e) => client.ofType('response.created').indexOf(e) === 1);
    upstream.terminate();
    const next = await s.fake.nextConnection();
    await next.waitFor('response.create');
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued');
    expect(continued(client)).toEqual(['restarting:connection_lost', 'continued:connection_lost']);
    expect((await next.waitFor('session.update')).session.instructions).toContain('They said: Tell me about roses');
    await Bun.sleep(200);
    expect(next.ofType('response.create')).toHaveLength(1);
    expect(userTexts(next)).toEqual([]);
    client.close();
    await next.closed;
  });

  test('a typed turn sent while the new upstream is opening is answered by it, once', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello.')]);
    await client.waitFor('response.done');
    const attempts = s.fake.attempts;
    s.fake.refuseConnections = true;
    upstream.terminate();
    await client.waitFor('hearth.continued', (e) => e.phase === 'restarting');
    client.send(typed('Are you still there?'));
    client.send({ type: 'response.create' });
    while (s.fake.attempts < attempts + 1) await Bun.sleep(10);
    s.fake.refuseConnections = false; // the second attempt gets through
    const next = await s.fake.nextConnection();
    await next.waitFor('response.create');
    expect(userTexts(next)).toEqual(['Are you still there?']);
    // The update configuring the session went first, then the held turn.
    expect(next.received.map((e) => e.type)).toEqual(['session.update', 'conversation.item.create', 'response.create']);
    next.startResponse();
    next.finishResponse('completed', [next.speak('Yes, I am here.')]);
    await client.waitFor('response.output_audio_transcript.done', (e) => e.transcript === 'Yes, I am here.');
    expect(next.ofType('response.create')).toHaveLength(1);
    client.close();
    await next.closed;
  });

  test('a renewal that keeps failing ends the chat with a clear message, never a silent hang', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello.')]);
    const attempts = s.fake.attempts;
    s.fake.refuseConnections = true;
    try {
      upstream.expire();
      const error = await client.waitFor('error');
      expect(error.error).toMatchObject({ type: 'server_error', code: 'upstream_failed' });
      expect(error.error.message).toContain('could not be reached again');
      expect(await client.closed).toEqual({ code: 1011, reason: 'Voice service unavailable', wasClean: true });
      expect(s.fake.attempts - attempts).toBe(3);
      expect(continued(client)).toEqual(['restarting:session_expired']);
    } finally {
      s.fake.refuseConnections = false;
    }
  });
});

describe('a renewal whose connects hang', () => {
  let s: Suite;
  beforeAll(async () => {
    s = await startSuite({ realtimeSessionCapMs: 0 }, { renewal: { retryDelaysMs: [0, 100, 100], openTimeoutMs: 400 } });
  });
  afterAll(() => stopSuite(s));

  test('gives each attempt a bounded time, then ends the chat with the message', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello.')]);
    const attempts = s.fake.attempts;
    s.fake.stallConnections = true;
    try {
      upstream.terminate();
      // Without a bound an attempt would wait for ever (waitFor gives up after 5 s).
      expect((await client.waitFor('error')).error).toMatchObject({ code: 'upstream_failed' });
      expect((await client.closed).code).toBe(1011);
      expect(s.fake.attempts - attempts).toBe(3);
    } finally {
      s.fake.stallConnections = false;
    }
  });
});

describe('rotation before the cap', () => {
  let s: Suite;
  // Prepared 400 ms after an upstream opened; the cap itself is far enough that the fake never reaches it here.
  beforeAll(async () => {
    s = await startSuite({ realtimeSessionCapMs: 60_000, realtimeRotateBeforeMs: 59_600 });
  });
  afterAll(() => stopSuite(s));

  test('prepared in the background, switched only at a turn boundary, and the conversation goes on', async () => {
    const { client, upstream } = await connect(s);
    // The greeting is still being spoken when the rotation is prepared.
    const next = await s.fake.nextConnection(3000);
    const update = await next.waitFor('session.update');
    // Fully configured ahead (nothing was said yet, so nothing to carry over).
    expect(update.session.tools.length).toBeGreaterThan(0);
    expect(update.session.instructions).toContain('name: check_in');
    await Bun.sleep(150);
    expect(continued(client)).toEqual([]);
    expect(next.ofType('response.create')).toEqual([]);

    // The response ends while the member has begun to speak: still no boundary.
    upstream.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_speaking' });
    upstream.finishResponse('completed', [upstream.speak('Hello there.')]);
    await client.waitFor('response.done');
    await Bun.sleep(150);
    expect(continued(client)).toEqual([]);

    // They stop, are answered; after that answer's response.done the new upstream takes over.
    upstream.send({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 900, item_id: 'item_speaking' });
    upstream.send({
      type: 'conversation.item.input_audio_transcription.completed',
      item_id: 'item_speaking',
      content_index: 0,
      transcript: 'My dog is called Rex',
    });
    upstream.startResponse();
    await Bun.sleep(100);
    expect(continued(client)).toEqual([]);
    const rex = upstream.speak('Rex is a fine name.');
    upstream.finishResponse('completed', [rex]);
    await client.waitFor('hearth.continued');
    expect(continued(client)).toEqual(['continued:rotation']);
    expect((await upstream.closed).code).toBe(1000);
    // Configured again at the switch, with the turns spoken while it waited.
    const last = await next.waitFor('session.update', (e) => e.session.instructions?.includes('Rex is a fine name.'));
    expect(last.session.instructions).toContain('The voice line was renewed');
    expect(last.session.instructions).toContain('They said: My dog is called Rex');

    // The page cuts the tail of the last answer it is still playing: that item was the old session's only.
    client.send({ type: 'conversation.item.truncate', item_id: rex.id, content_index: 0, audio_end_ms: 200 });
    client.send(typed('What was my dog called?'));
    client.send({ type: 'response.create' });
    await next.waitFor('response.create');
    expect(userTexts(next)).toEqual(['What was my dog called?']);
    expect(next.ofType('conversation.item.truncate')).toEqual([]);
    expect(upstream.ofType('response.create')).toHaveLength(1); // the greeting's only
    client.close();
    await next.closed;
  });
});

describe('a prepared rotation when the session ends before a boundary', () => {
  let s: Suite;
  beforeAll(async () => {
    s = await startSuite({ realtimeSessionCapMs: 60_000, realtimeRotateBeforeMs: 59_600 });
  });
  afterAll(() => stopSuite(s));

  test('takes over at once, told that the line was cut', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello there.')]);
    // The member is speaking: no boundary comes.
    upstream.send({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'item_speaking' });
    const next = await s.fake.nextConnection(3000);
    await next.waitFor('session.update');
    await Bun.sleep(100); // its session.updated is back: prepared
    expect(continued(client)).toEqual([]);
    const attempts = s.fake.attempts;

    upstream.expire();
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued');
    expect(continued(client)).toEqual(['restarting:session_expired', 'continued:session_expired']);
    const told = await next.waitFor('session.update', (e) => e.session.instructions?.includes('The voice line was cut for a moment'));
    expect(told.session.instructions).toContain('You said: Hello there.');
    expect(s.fake.attempts).toBe(attempts); // no new connection: the prepared one serves
    client.close();
    await next.closed;
  });
});

describe('a tool call in flight when the session ends', () => {
  let s: Suite;
  beforeAll(async () => {
    s = await startSuite({ realtimeSessionCapMs: 0 }, { renewal: { retryDelaysMs: [0, 300, 300], openTimeoutMs: 500 } });
  });
  afterAll(() => stopSuite(s));

  test('its effect stays, its output never reaches the new upstream, and one answer is asked for', async () => {
    const { client, upstream } = await connect(s);
    upstream.finishResponse('completed', [upstream.speak('Hello.')]);
    upstream.userSpoke('I keep bees');
    upstream.startResponse();
    upstream.functionCall('set_memory', { key: 'hobby', value: 'bees' }, { keepOpen: true });
    upstream.terminate();
    const next = await s.fake.nextConnection();
    await next.waitFor('response.create');
    expect((await client.waitFor('hearth.memory')).value).toBe('bees');
    await Bun.sleep(200);
    expect(next.ofType('conversation.item.create')).toEqual([]);
    expect(next.ofType('response.create')).toHaveLength(1);
    client.close();
    await next.closed;
  });
});

describe('over the local provider, which ends its sessions at the cap too', () => {
  let ctx: TestContext;
  let wsUrl: string;
  let staff: string;
  beforeAll(async () => {
    // Prepared 600 ms after each upstream session opened, which the local provider ends at 8 s (longer than an answer).
    ctx = await createTestContext({ config: { realtimeSessionCapMs: 8000, realtimeRotateBeforeMs: 7400, voiceResumeGraceMs: 0 } });
    ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
    wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
    staff = await ctx.staffCookie('operator');
  });
  afterAll(async () => {
    await ctx.app.stop(true);
    await ctx.close();
  });

  test('the conversation goes on across renewals and a typed turn is answered after them', async () => {
    const client = await TestSocket.open(wsUrl, { origin: ORIGIN, cookie: staff });
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued', 10_000);
    const before = client.ofType('response.output_audio_transcript.done').length;
    client.send(typed('Tell me something about rivers'));
    client.send({ type: 'response.create' });
    // Answered in full (after its tool calls: the new session knows the conversation goes on).
    const answer = await client.waitFor(
      'response.output_audio_transcript.done',
      (e) => client.ofType('response.output_audio_transcript.done').indexOf(e) >= before,
      15_000,
    );
    expect(answer.transcript.length).toBeGreaterThan(0);
    const done = await client.waitFor('response.done', (e) => e.response.id === answer.response_id, 10_000);
    expect(done.response.status).toBe('completed');
    expect(client.ofType('hearth.memory').length).toBeGreaterThan(0);
    // The provider's own end never reached the page as an error, and the socket is still the first one.
    expect(client.ofType('error')).toEqual([]);
    expect(client.ofType('hearth.resumable')).toHaveLength(1);
    expect(client.ofType('hearth.continued').every((e) => e.phase === 'continued' || e.cause === 'session_expired')).toBe(true);
    client.send({ type: 'hearth.end_session' });
    expect((await client.closed).code).toBe(1000);
  });
});
