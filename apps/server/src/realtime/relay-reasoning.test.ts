import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createProviders } from '../providers';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import { KEY, ORIGIN } from './relay-fixture';
import { TestSocket } from './test-support';

// Issue 23: the relay over a reasoning model (gpt-realtime-2) that answers with a preamble and a final answer,
// and the reasoning effort of each prompt sent only to models that take it.
const GRACE_MS = 400;
const prompt = (name: string, next: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'd',
  prompt: `Ask about ${name}.`,
  trigger_condition: 't',
  next_prompt: next,
  ...extra,
});

let fake: FakeRealtime;
const contexts: TestContext[] = [];

/** A listening app on the fake, with the given OpenAI model, and the sequence "Thinking" (its first prompt asks for 'high'). */
async function serverFor(model: string) {
  const ctx = await createTestContext({
    config: { openaiApiKey: KEY, openaiRealtimeUrl: fake.url, openaiRealtimeModel: model, voiceResumeGraceMs: GRACE_MS },
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
  });
  contexts.push(ctx);
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  const staff = await ctx.staffCookie('operator');
  const created = await ctx.request('POST', '/api/create-sequence', {
    cookie: staff,
    body: {
      name: 'Thinking',
      content: [{ module_prompt: 'm', sequential_prompts: [prompt('deep', 'light', { reasoning_effort: 'high' }), prompt('light', '')] }],
    },
  });
  expect(created.status).toBe(200);
  const url = `ws://127.0.0.1:${ctx.app.server!.port}/ws?page=console&module=Thinking`;
  return { ctx, staff, url };
}

async function connect(url: string, cookie: string) {
  const client = await TestSocket.open(url, { origin: ORIGIN, cookie });
  const upstream = await fake.nextConnection();
  const session = await client.waitFor('hearth.session');
  const resumable = await client.waitFor('hearth.resumable');
  await client.waitFor('response.created');
  return { client, upstream, session, token: String(resumable.token) };
}

/** The answer of a reasoning model: a spoken preamble, then the final answer, in one response. */
function preambleThenAnswer(upstream: FakeConnection, preamble: string, answer: string) {
  if (!upstream.activeResponseId) upstream.startResponse();
  const first = upstream.speak(preamble, undefined, { phase: 'commentary', outputIndex: 0 });
  const second = upstream.speak(answer, undefined, { phase: 'final_answer', outputIndex: 1 });
  upstream.finishResponse('completed', [first, second]);
  return { preambleId: String(first.id), answerId: String(second.id) };
}

beforeAll(() => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
});
afterAll(async () => {
  for (const ctx of contexts) {
    await ctx.app.stop(true);
    await ctx.close();
  }
  await fake.stop();
});

describe('a reasoning model (gpt-realtime-2)', () => {
  test("each prompt's effort goes up when it becomes active (start, change_prompt, a restart), the default 'low' for a prompt without one", async () => {
    const { staff, url } = await serverFor('gpt-realtime-2');
    const { client, upstream, session, token } = await connect(url, staff);
    expect(session).toMatchObject({ prompt: 'deep', reasoningEffort: 'high' });
    const first = await upstream.waitFor('session.update');
    expect(first.session.reasoning).toEqual({ effort: 'high' });
    upstream.finishResponse(); // the greeting

    upstream.functionCall('change_prompt', { prompt_name: 'light' });
    expect(await client.waitFor('hearth.prompt_changed')).toEqual({
      type: 'hearth.prompt_changed',
      prompt: 'light',
      reasoningEffort: 'low',
    });
    const update = await upstream.waitFor('session.update', (e) => e.session?.instructions?.includes('Ask about light.'));
    expect(update.session.reasoning).toEqual({ effort: 'low' });
    expect(upstream.ofType('error')).toEqual([]);

    // Dropped past the grace: the new upstream session starts at the same prompt, with its effort.
    client.close(4100);
    await upstream.closed;
    const back = await TestSocket.open(`${url}&resume=${encodeURIComponent(token)}`, { origin: ORIGIN, cookie: staff });
    const next = await fake.nextConnection();
    expect(await back.waitFor('hearth.resumed')).toMatchObject({ mode: 'restarted' });
    expect((await next.waitFor('session.update')).session.reasoning).toEqual({ effort: 'low' });
    expect(await back.waitFor('hearth.session')).toMatchObject({ prompt: 'light', reasoningEffort: 'low' });
    back.send({ type: 'hearth.end_session' });
    await back.closed;
  });

  test("an upstream session that ends (session_expired) is renewed with the active prompt's effort", async () => {
    const { staff, url } = await serverFor('gpt-realtime-2');
    const { client, upstream } = await connect(url, staff);
    upstream.finishResponse(); // the greeting
    upstream.expire();
    const next = await fake.nextConnection();
    const update = await next.waitFor('session.update');
    expect(update.session.instructions).toContain('Ask about deep.');
    expect(update.session.reasoning).toEqual({ effort: 'high' });
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued');
    expect(await client.waitFor('hearth.session', (e) => client.messages.indexOf(e) > 0)).toMatchObject({ reasoningEffort: 'high' });
    client.send({ type: 'hearth.end_session' });
    await client.closed;
  });

  test('both items reach the page in order; the carried-over conversation (what post-chat reads) has the final answer, not the preamble', async () => {
    const { staff, url } = await serverFor('gpt-realtime-2');
    const { client, upstream, token } = await connect(url, staff);
    upstream.finishResponse();
    upstream.userSpoke('I planted broad beans this morning');
    const { preambleId, answerId } = preambleThenAnswer(upstream, 'Let me think about that.', 'Broad beans in November, that is brave.');
    await client.waitFor('response.done', (e) => e.response?.output?.length === 2);
    const added = client.messages
      .filter((m) => m.type === 'response.output_item.added')
      .map((m) => [m.output_index, m.item.id, m.item.phase]);
    expect(added).toEqual([
      [0, preambleId, 'commentary'],
      [1, answerId, 'final_answer'],
    ]);

    client.close(4100);
    await upstream.closed;
    const back = await TestSocket.open(`${url}&resume=${encodeURIComponent(token)}`, { origin: ORIGIN, cookie: staff });
    const next = await fake.nextConnection();
    const instructions = String((await next.waitFor('session.update')).session.instructions);
    expect(instructions).toContain('planted broad beans');
    expect(instructions).toContain('Broad beans in November, that is brave.');
    expect(instructions).not.toContain('Let me think about that.');
    back.send({ type: 'hearth.end_session' });
    await back.closed;
  });

  test('a final answer truncated to nothing (never heard) leaves the carried-over conversation; one cut part-way stays', async () => {
    const { staff, url } = await serverFor('gpt-realtime-2');
    const { client, upstream, token } = await connect(url, staff);
    upstream.finishResponse();
    const heard = preambleThenAnswer(upstream, 'Hmm, give me a moment.', 'Tomatoes like a sunny wall.');
    const unheard = preambleThenAnswer(upstream, 'One moment.', 'Courgettes want a lot of water.');
    await client.waitFor('response.done', (e) => e.response?.output?.[1]?.id === unheard.answerId);
    client.send({ type: 'conversation.item.truncate', item_id: heard.answerId, content_index: 0, audio_end_ms: 400 });
    client.send({ type: 'conversation.item.truncate', item_id: unheard.answerId, content_index: 0, audio_end_ms: 0 });
    await client.waitFor('conversation.item.truncated', (e) => e.item_id === unheard.answerId);

    client.close(4100);
    await upstream.closed;
    const back = await TestSocket.open(`${url}&resume=${encodeURIComponent(token)}`, { origin: ORIGIN, cookie: staff });
    const instructions = String((await (await fake.nextConnection()).waitFor('session.update')).session.instructions);
    expect(instructions).toContain('Tomatoes like a sunny wall.');
    expect(instructions).not.toContain('Courgettes');
    back.send({ type: 'hearth.end_session' });
    await back.closed;
  });
});

describe('a model without reasoning (gpt-realtime)', () => {
  test('is never sent reasoning, and the page is told there is none', async () => {
    const { staff, url } = await serverFor('gpt-realtime');
    const { client, upstream, session } = await connect(url, staff);
    expect(session).toMatchObject({ prompt: 'deep', reasoningEffort: null });
    expect((await upstream.waitFor('session.update')).session).not.toHaveProperty('reasoning');
    upstream.finishResponse();
    upstream.functionCall('change_prompt', { prompt_name: 'light' });
    expect(await client.waitFor('hearth.prompt_changed')).toMatchObject({ prompt: 'light', reasoningEffort: null });
    await upstream.waitFor('session.update', (e) => e.session?.instructions?.includes('Ask about light.'));
    expect(upstream.ofType('session.update').some((e) => 'reasoning' in e.session)).toBe(false);
    expect(client.messages.filter((m) => m.type === 'error')).toEqual([]);
    client.send({ type: 'hearth.end_session' });
    await client.closed;
  });
});
