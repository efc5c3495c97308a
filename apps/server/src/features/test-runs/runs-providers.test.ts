import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createLocalUpstream } from '../../realtime/providers/local/local-upstream';
import { createOpenAiUpstream } from '../../realtime/providers/openai/openai-upstream';
import { startFakeRealtime, type FakeRealtime, type FakeRealtimeOptions } from '../../test/fake-openai-realtime';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertWalk, waitForRun, withTestRunJobs } from '../../test/test-runs-fixture';

// PRODUCT §10 runs over other upstreams: a local provider made to keep typed text verbatim (the canary must catch
// it), and the fake OpenAI realtime server in text mode.
const SEQ = 'Provider Walk';
const aCase = {
  name: 'Chatty',
  persona: 'Lena, a talkative florist who loves cycling.',
  turnLimit: 3,
  repeats: 1,
  expect: [{ type: 'reaches', prompt: 'welcome', within: 1 }],
};

async function runOnce(ctx: TestContext) {
  const operator = await ctx.staffCookie('operator');
  await insertWalk(ctx, SEQ);
  await ctx.request('POST', `/api/test-cases/${encodeURIComponent(SEQ)}`, { cookie: operator, body: aCase });
  const start = await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: SEQ, version: 1 } });
  const summary = await waitForRun(ctx, start.body.runId, operator);
  const detail = (await ctx.request('GET', `/api/test-runs/${start.body.runId}/detail`, { cookie: operator })).body;
  return { summary, attempt: detail.cases[0].attempts[0] };
}

/** A test context whose runs talk to the fake OpenAI realtime server; its `ctx` and `fake` exist once beforeAll has run. */
function overFakeOpenAi(options: Omit<FakeRealtimeOptions, 'apiKey'>) {
  const state = {} as { ctx: TestContext; fake: FakeRealtime };
  beforeAll(async () => {
    state.fake = startFakeRealtime({ apiKey: 'sk-test', ...options });
    state.ctx = await createTestContext({
      setup: withTestRunJobs({
        createUpstream: (h) => createOpenAiUpstream(h, { url: state.fake.url, model: 'gpt-realtime', apiKey: 'sk-test' }),
      }),
    });
  });
  afterAll(async () => {
    await state.ctx.close();
    await state.fake.stop();
  }, 60_000);
  return state;
}

describe('the privacy canary', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ setup: withTestRunJobs({ createUpstream: (h) => createLocalUpstream(h, { verbatimMemory: true }) }) });
  });
  afterAll(async () => {
    await ctx.close();
  }, 60_000);

  test('fails the attempt when the provider keeps the member’s words verbatim in memory', async () => {
    const { summary, attempt } = await runOnce(ctx);
    expect(summary.cases[0]).toMatchObject({ passed: false, runs: 1, passes: 0 });
    expect(summary.cases[0].failures[0]).toStartWith(
      'Repeat 1: the phrase said at the first member turn was kept verbatim in a memory entry',
    );
    const canary = attempt.checks.find((c: any) => c.expectation.startsWith('privacy canary'));
    expect(canary.passed).toBe(false);
    // The expectation itself held: only the canary failed.
    expect(attempt.checks.filter((c: any) => !c.passed)).toHaveLength(1);
  }, 60_000);
});

describe('the OpenAI realtime protocol in text mode', () => {
  const over = overFakeOpenAi({ replyTranscript: 'Hello! What would you like me to call you?' });

  test('asks for text only, records the written replies and their cost from usage', async () => {
    const { ctx, fake } = over;
    const { summary, attempt } = await runOnce(ctx);
    expect(summary.cases[0]).toMatchObject({ passed: true, runs: 1, passes: 1 });
    const connection = fake.connections[0];
    const update = connection.ofType('session.update')[0];
    expect(update.session.output_modalities).toEqual(['text']);
    expect(update.session.audio.output).toBeUndefined();
    expect(connection.ofType('conversation.item.create').some((e) => e.item.content?.[0]?.text?.includes('My locker code is'))).toBe(true);
    const assistant = attempt.transcript.filter((l: any) => l.role === 'assistant');
    expect(assistant).toHaveLength(3);
    expect(assistant[0].text).toBe('Hello! What would you like me to call you?');
    expect(assistant[1].latencyMs).toBeGreaterThanOrEqual(0);
    // 3 responses × (1000 text tokens in at $4/M + 100 out at $16/M) = $0.0168, plus the local member's $0.
    expect(attempt.costUsd).toBeCloseTo(0.0168, 6);
    // The attempt's conversation is filed as a test run's (no member), priced alike (features/costs).
    const filed = await ctx.db.selectFrom('voice_session_costs').selectAll().where('source', '=', 'test_run').execute();
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({ user_id: null, responses: 3, text_in_tokens: 3000, text_out_tokens: 300 });
    expect(Number(filed[0]!.cost_usd)).toBeCloseTo(0.0168, 8);
  }, 60_000);
});

describe('a provider that fails', () => {
  let ctx: TestContext;
  let opened = 0;
  beforeAll(async () => {
    ctx = await createTestContext({
      setup: withTestRunJobs({
        createUpstream: (h) => {
          opened++;
          queueMicrotask(() => h.onFailure('connection refused'));
          return { kind: 'openai', send() {}, appendAudio() {}, close() {} };
        },
      }),
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  test('is tried again, then the attempt is an error and the run failed; the error is shown', async () => {
    const { summary, attempt } = await runOnce(ctx);
    expect(summary.status).toBe('failed');
    expect(summary.cases[0]).toMatchObject({ runs: 1, passes: 0, passed: false });
    expect(summary.cases[0].failures[0]).toStartWith('Repeat 1: the attempt could not run (The realtime provider failed');
    expect(attempt).toMatchObject({ status: 'error', turns: 0 });
    expect(attempt.checks[0]).toMatchObject({ expectation: 'the attempt runs', passed: false });
    expect(opened).toBe(2);
    expect(await ctx.db.selectFrom('users').select('id').where('scratch', '=', true).execute()).toEqual([]);
  }, 60_000);
});

describe('a model that speaks and calls a tool in one response', () => {
  const over = overFakeOpenAi({ autoRespond: false });

  test('its turn ends with the follow-up response: words and calls of both are one turn, and the member waits for it', async () => {
    const { ctx, fake } = over;
    const operator = await ctx.staffCookie('operator');
    const name = `${SEQ} Mixed`;
    await insertWalk(ctx, name);
    const twoTurns = { ...aCase, turnLimit: 2, expect: [{ type: 'reaches', prompt: 'interests' }] };
    await ctx.request('POST', `/api/test-cases/${encodeURIComponent(name)}`, { cookie: operator, body: twoTurns });
    const start = await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: name, version: 1 } });

    // The model's side, scripted: a greeting; then, to the member's reply, words and change_prompt in one response;
    // then the follow-up the session asks for with the tool's output.
    const connection = await fake.nextConnection(10_000);
    const handled = new Set<unknown>();
    const nextCreate = async () => {
      const event = await connection.waitFor('response.create', (e) => !handled.has(e), 10_000);
      handled.add(event);
    };
    await nextCreate();
    connection.finishResponse('completed', [connection.write('Hello! What would you like me to call you?')]);
    await nextCreate();
    const said = connection.write('Lovely to meet you, Lena.');
    const callId = connection.functionCall('change_prompt', { prompt_name: 'interests' }, { keepOpen: true });
    const call = { type: 'function_call', name: 'change_prompt', call_id: callId, status: 'completed' };
    connection.finishResponse('completed', [said, call]);
    await connection.waitFor('conversation.item.create', (e) => e.item?.type === 'function_call_output' && e.item.call_id === callId);
    await nextCreate();
    connection.finishResponse('completed', [connection.write('What do you enjoy doing in your free time?')]);

    await waitForRun(ctx, start.body.runId, operator);
    const detail = (await ctx.request('GET', `/api/test-runs/${start.body.runId}/detail`, { cookie: operator })).body;
    const attempt = detail.cases[0].attempts[0];
    const assistant = attempt.transcript.filter((l: any) => l.role === 'assistant');
    expect(assistant.map((l: any) => l.text)).toEqual([
      'Hello! What would you like me to call you?',
      'Lovely to meet you, Lena. What do you enjoy doing in your free time?',
    ]);
    expect(assistant[1].tools.map((t: any) => t.name)).toEqual(['change_prompt']);
    // One member reply only: none was typed between the two responses of the second turn.
    expect(attempt.transcript.filter((l: any) => l.role === 'member')).toHaveLength(1);
    expect(connection.ofType('conversation.item.create').filter((e) => e.item?.role === 'user')).toHaveLength(2); // 'Hi.' and the reply
    expect(attempt.promptPath).toEqual(['welcome', 'interests']);
  }, 60_000);
});
