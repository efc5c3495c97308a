import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../../config';
import { createProviders } from '../../providers';
import { KEY, ORIGIN } from '../../realtime/relay-fixture';
import { TestSocket } from '../../realtime/test-support';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../../test/harness';
import { DEFAULT_PRICES, parsePriceTable } from './pricing';

// Issue 25 item 2: the relay sums the usage the provider reports with each response.done, across a renewal of the
// upstream session, prices it per model and stores the session's cost when it ends.

/** A usage report as gpt-realtime sends it with response.done (GA shape), recorded from a short spoken answer. */
const RECORDED_USAGE = {
  total_tokens: 1874,
  input_tokens: 1464,
  output_tokens: 410,
  input_token_details: {
    text_tokens: 1108,
    audio_tokens: 356,
    image_tokens: 0,
    cached_tokens: 1088,
    cached_tokens_details: { text_tokens: 1024, audio_tokens: 64, image_tokens: 0 },
  },
  output_token_details: { text_tokens: 82, audio_tokens: 328 },
};

// By hand, at gpt-realtime's default prices (USD per 1M tokens: text in 4, cached 0.40, audio in 32, cached 0.40,
// text out 16, audio out 64):
//   text in not cached   (1108 − 1024) =   84 × 4    = 0.000336
//   text in cached                        1024 × 0.40 = 0.0004096
//   audio in not cached   (356 − 64)  =  292 × 32   = 0.009344
//   audio in cached                        64 × 0.40 = 0.0000256
//   text out                               82 × 16   = 0.001312
//   audio out                             328 × 64   = 0.020992
//   one response                                     = 0.0324192 USD
const ONE_RESPONSE_USD = 0.0324192;
// With PRICE_TABLE {"gpt-realtime":{"audioOut":100}}: audio out 328 × 100 = 0.0328, so 0.0324192 − 0.020992 + 0.0328.
const ONE_RESPONSE_USD_OVERRIDDEN = 0.0442272;

let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  ctx = await createTestContext({
    // A dated snapshot is priced as the model it is a snapshot of.
    config: { openaiApiKey: KEY, openaiRealtimeUrl: fake.url, openaiRealtimeModel: 'gpt-realtime-2025-08-28', voiceResumeGraceMs: 0 },
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
    app: { realtime: { renewal: { retryDelaysMs: [0, 100, 100] } } },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
});

const rowOf = (sessionId: string) =>
  ctx.db.selectFrom('voice_session_costs').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

/** A spoken answer in the open response, finished with the recorded usage report. */
function answer(upstream: FakeConnection, text: string) {
  upstream.finishResponse('completed', [upstream.speak(text)], RECORDED_USAGE);
}

async function open(cookie: string, page = 'user') {
  const client = await TestSocket.open(`${wsUrl}?page=${page}`, { origin: ORIGIN, cookie });
  const upstream = await fake.nextConnection();
  const sessionId = String((await client.waitFor('hearth.resumable')).token).split('.')[0] as string;
  await client.waitFor('response.created');
  return { client, upstream, sessionId };
}

async function end(client: TestSocket) {
  client.send({ type: 'hearth.end_session' });
  await client.waitFor('hearth.post_chat');
  await client.closed;
}

describe('a conversation over OpenAI', () => {
  test("a member's two answers, the second after the provider renewed its session, cost twice the hand-computed figure", async () => {
    const user = await ctx.createUser('Cost Member');
    const { client, upstream, sessionId } = await open(await ctx.userCookie(user.id));
    answer(upstream, 'Hello there.');
    await client.waitFor('response.done');
    // The provider ends its session: the conversation goes on over a new one, and the sum with it.
    upstream.expire();
    const next = await fake.nextConnection();
    await client.waitFor('hearth.continued', (e) => e.phase === 'continued');
    client.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
    });
    client.send({ type: 'response.create' });
    await next.waitFor('response.create');
    answer(next, 'Good to hear from you.');
    await client.waitFor('response.done', (e) => client.ofType('response.done').indexOf(e) === 1);
    await end(client);

    const row = await rowOf(sessionId);
    expect(row).toMatchObject({
      source: 'member',
      user_id: user.id,
      page: 'user',
      module_name: 'Get to Know You',
      version: 1,
      provider: 'openai',
      model: 'gpt-realtime-2025-08-28',
      responses: 2,
      text_in_tokens: 2216,
      cached_text_in_tokens: 2048,
      speech_in_tokens: 712,
      cached_speech_in_tokens: 128,
      text_out_tokens: 164,
      speech_out_tokens: 656,
    });
    expect(row?.sequence_id).toBeNumber();
    expect(Number(row?.cost_usd)).toBeCloseTo(2 * ONE_RESPONSE_USD, 8);
  });

  test('PRICE_TABLE changes the price; a staff session is filed as staff, with no member', async () => {
    const defaults = ctx.deps.config.priceTable;
    ctx.deps.config.priceTable = parsePriceTable('{"gpt-realtime":{"audioOut":100}}');
    try {
      const { client, upstream, sessionId } = await open(await ctx.staffCookie('admin'), 'console');
      answer(upstream, 'Hello.');
      await client.waitFor('response.done');
      await end(client);
      const row = await rowOf(sessionId);
      expect(row).toMatchObject({ source: 'staff', user_id: null, page: 'console', responses: 1, speech_out_tokens: 328 });
      expect(Number(row?.cost_usd)).toBeCloseTo(ONE_RESPONSE_USD_OVERRIDDEN, 8);
    } finally {
      ctx.deps.config.priceTable = defaults;
    }
  });

  test('a response without a usage report (a cancelled one) adds nothing', async () => {
    const { client, upstream, sessionId } = await open(await ctx.staffCookie('operator'), 'console');
    upstream.finishResponse('cancelled');
    await client.waitFor('response.done');
    await end(client);
    expect(await rowOf(sessionId)).toMatchObject({ responses: 0, speech_out_tokens: 0, cost_usd: expect.anything() });
    expect(Number((await rowOf(sessionId))?.cost_usd)).toBe(0);
  });
});

describe('the local provider', () => {
  test('reports no usage: its sessions cost $0', async () => {
    const local = await createTestContext();
    try {
      local.app.listen({ port: 0, hostname: '127.0.0.1' });
      const url = `ws://127.0.0.1:${local.app.server!.port}/ws?page=user`;
      const user = await local.createUser('Local Member');
      const client = await TestSocket.open(url, { origin: ORIGIN, cookie: await local.userCookie(user.id) });
      const sessionId = String((await client.waitFor('hearth.resumable')).token).split('.')[0] as string;
      await client.waitFor('response.done');
      await end(client);
      const row = await local.db.selectFrom('voice_session_costs').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
      expect(row).toMatchObject({ source: 'member', user_id: user.id, provider: 'local', model: 'local', responses: 0 });
      expect(Number(row?.cost_usd)).toBe(0);
    } finally {
      await local.app.stop(true);
      await local.close();
    }
  });
});

describe('PRICE_TABLE', () => {
  test('merges over the defaults, field by field, and adds models', () => {
    const table = loadConfig({
      PRICE_TABLE:
        '{"gpt-realtime":{"audioOut":100},"my-model":{"textIn":1,"cachedTextIn":0.1,"audioIn":2,"cachedAudioIn":0.2,"textOut":3,"audioOut":4}}',
    }).priceTable;
    expect(table['gpt-realtime']).toEqual({ ...DEFAULT_PRICES['gpt-realtime']!, audioOut: 100 });
    expect(table['gpt-realtime-mini']).toEqual(DEFAULT_PRICES['gpt-realtime-mini']!);
    expect(table['my-model']?.audioOut).toBe(4);
    expect(loadConfig({}).priceTable).toEqual(DEFAULT_PRICES);
  });

  test('a malformed table stops the start with a message that says what is wrong', () => {
    const error = (raw: string) => {
      try {
        loadConfig({ PRICE_TABLE: raw });
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(error('{gpt-realtime: 4}')).toContain('PRICE_TABLE must be JSON');
    expect(error('[1]')).toContain('PRICE_TABLE must be a JSON object');
    expect(error('{"gpt-realtime":{"audioOut":-1}}')).toContain('"gpt-realtime".audioOut must be a non-negative number');
    expect(error('{"gpt-realtime":{"audio_out":1}}')).toContain('unknown price "audio_out"');
    expect(error('{"new-model":{"audioOut":1}}')).toContain('the new model "new-model" needs every price');
  });
});
