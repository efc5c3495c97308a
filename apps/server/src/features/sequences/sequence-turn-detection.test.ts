import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

// Issue 23: a sequence's turn detection, set beside PRODUCT §10's gate and returned with its status.
let ctx: TestContext;
let operator: string;
let admin: string;

const path = (route: string, name: string) => `/api/${route}/${encodeURIComponent(name)}`;
const put = (body: unknown, cookie = admin, name = 'Get to Know You.json') =>
  ctx.request('PUT', path('sequence-settings', name), { cookie, body });
const status = async () => (await ctx.request('GET', path('get-sequence-status', 'Get to Know You'), { cookie: operator })).body;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  admin = await ctx.staffCookie('admin');
}, 60_000);
afterAll(() => ctx.close());

describe('turnDetection in PUT /api/sequence-settings/{name}', () => {
  test('none chosen: the status says null; semantic VAD with its eagerness is stored and returned', async () => {
    expect(await status()).toMatchObject({ requireTests: false, turnDetection: null });
    const semantic = { type: 'semantic_vad', eagerness: 'high' };
    expect(await put({ turnDetection: semantic })).toMatchObject({ status: 200, body: { requireTests: false, turnDetection: semantic } });
    expect(await status()).toMatchObject({ requireTests: false, turnDetection: semantic });
    const row = await ctx.db
      .selectFrom('sequences')
      .select('turn_detection')
      .where('name', '=', 'Get to Know You')
      .executeTakeFirstOrThrow();
    expect(row.turn_detection).toEqual(semantic as never);
  });

  test('requireTests alone keeps working and leaves the detection; both at once set both', async () => {
    expect(await put({ requireTests: true })).toMatchObject({
      status: 200,
      body: { requireTests: true, turnDetection: { type: 'semantic_vad', eagerness: 'high' } },
    });
    expect(await put({ requireTests: false, turnDetection: { type: 'server_vad' } })).toMatchObject({
      status: 200,
      body: { requireTests: false, turnDetection: { type: 'server_vad' } },
    });
    expect(await status()).toMatchObject({ requireTests: false, turnDetection: { type: 'server_vad' } });
  });

  test('a bad detection is 400 with a message that says the accepted shapes, and nothing changes', async () => {
    for (const turnDetection of [
      { type: 'semantic_vad' },
      { type: 'semantic_vad', eagerness: 'eager' },
      { type: 'llm_vad' },
      'semantic_vad',
    ]) {
      const res = await put({ turnDetection });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain('turnDetection must be');
    }
    // Fields the shape does not have are dropped, not stored.
    expect((await put({ turnDetection: { type: 'server_vad', silence_duration_ms: 100 } })).body.turnDetection).toEqual({
      type: 'server_vad',
    });
    const empty = await put({});
    expect(empty).toMatchObject({ status: 400, body: { error: 'Send requireTests, turnDetection or wellbeing' } });
    expect((await status()).turnDetection).toEqual({ type: 'server_vad' });
  });

  test('admins only, as the gate; an unknown sequence is 404', async () => {
    expect((await put({ turnDetection: { type: 'semantic_vad', eagerness: 'low' } }, operator)).status).toBe(403);
    expect((await put({ turnDetection: { type: 'semantic_vad', eagerness: 'low' } }, '')).status).toBe(401);
    expect((await put({ turnDetection: { type: 'server_vad' } }, admin, 'Nowhere')).status).toBe(404);
    expect((await status()).turnDetection).toEqual({ type: 'server_vad' });
  });
});
