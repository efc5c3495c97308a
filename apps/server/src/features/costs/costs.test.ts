import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence } from '../../test/sequence-fixtures';

// Issue 25 item 2: GET /api/costs groups the stored costs by day, version, conversation or member (admins only);
// the admins' users table shows and sorts by each member's total; a deleted member's costs stay, unlinked.

let ctx: TestContext;
let admin: string;
let members: { ann: { id: string; fileName: string }; bob: { id: string; fileName: string } };
let seq: { gtky: number; quiet: number };

const tokens = (n: number) => ({
  text_in_tokens: n,
  cached_text_in_tokens: 0,
  speech_in_tokens: 2 * n,
  cached_speech_in_tokens: 0,
  text_out_tokens: 0,
  speech_out_tokens: 3 * n,
});

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  members = { ann: await ctx.createUser('Ann Costly'), bob: await ctx.createUser('Bob Frugal') };
  await insertSequence(ctx.db, 'Quiet Costs', { versions: [{ version: 1 }, { version: 2 }] });
  const ids = await ctx.db.selectFrom('sequences').select(['id', 'name']).where('name', 'in', ['Get to Know You', 'Quiet Costs']).execute();
  seq = { gtky: ids.find((r) => r.name === 'Get to Know You')!.id, quiet: ids.find((r) => r.name === 'Quiet Costs')!.id };
  const row = (
    id: string,
    source: 'member' | 'staff' | 'test_run',
    userId: string | null,
    sequence: [number, string, number],
    endedAt: string,
    costUsd: number,
    n: number,
  ) => ({
    session_id: id,
    source,
    user_id: userId,
    page: source === 'staff' ? 'console' : 'user',
    sequence_id: sequence[0],
    module_name: sequence[1],
    version: sequence[2],
    provider: 'openai',
    model: 'gpt-realtime',
    responses: 3,
    ...tokens(n),
    cost_usd: costUsd,
    started_at: new Date(new Date(endedAt).getTime() - 60_000),
    ended_at: endedAt,
  });
  const q1: [number, string, number] = [seq.quiet, 'Quiet Costs', 1];
  const q2: [number, string, number] = [seq.quiet, 'Quiet Costs', 2];
  const g1: [number, string, number] = [seq.gtky, 'Get to Know You', 1];
  await ctx.db
    .insertInto('voice_session_costs')
    .values([
      row('c-1', 'member', members.ann.id, q1, '2026-11-01T10:00:00Z', 0.5, 100),
      row('c-2', 'member', members.ann.id, q2, '2026-11-01T23:59:59Z', 0.25, 10),
      row('c-3', 'member', members.bob.id, q2, '2026-11-03T00:00:00Z', 0.125, 1),
      row('c-4', 'staff', null, q2, '2026-11-03T12:00:00Z', 1, 1000),
      row('c-5', 'test_run', null, q2, '2026-11-03T13:00:00Z', 0.0625, 5),
      row('c-6', 'member', members.ann.id, g1, '2026-10-15T08:00:00Z', 2, 50),
    ])
    .execute();
});
afterAll(() => ctx.close());

const get = (query: string, cookie = admin) => ctx.request('GET', `/api/costs?${query}`, { cookie });

describe('GET /api/costs', () => {
  test('by day: every UTC day of the range, empty ones at $0, with the totals', async () => {
    const res = await get('groupBy=day&from=2026-11-01&to=2026-11-03&sequence=Quiet%20Costs.json');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      groupBy: 'day',
      from: '2026-11-01',
      to: '2026-11-03',
      sequence: 'Quiet Costs.json',
      provider: 'local',
    });
    expect(res.body.rows.map((r: any) => [r.day, r.conversations, r.costUsd])).toEqual([
      ['2026-11-01', 2, 0.75],
      ['2026-11-02', 0, 0],
      ['2026-11-03', 3, 1.1875],
    ]);
    expect(res.body.total).toEqual({
      conversations: 5,
      costUsd: 1.9375,
      meanCostUsd: 0.3875,
      tokens: { textIn: 1116, cachedTextIn: 0, audioIn: 2232, cachedAudioIn: 0, textOut: 0, audioOut: 3348 },
    });
  });

  test('by version: per sequence version and source, with the mean per conversation', async () => {
    const res = await get('groupBy=version');
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: any) => [r.sequence, r.version, r.source, r.conversations, r.costUsd, r.meanCostUsd])).toEqual([
      ['Get to Know You', 1, 'member', 1, 2, 2],
      ['Quiet Costs', 2, 'member', 2, 0.375, 0.1875],
      ['Quiet Costs', 2, 'staff', 1, 1, 1],
      ['Quiet Costs', 2, 'test_run', 1, 0.0625, 0.0625],
      ['Quiet Costs', 1, 'member', 1, 0.5, 0.5],
    ]);
    expect(res.body.total.costUsd).toBe(3.9375);
    expect(res.body.from).toBeNull();
  });

  test('by conversation (latest first) and by member (costliest first), filtered by source and dates', async () => {
    const conversations = await get('groupBy=conversation&source=member&from=2026-11-01');
    expect(conversations.body.rows.map((r: any) => [r.sessionId, r.memberName, r.sequence, r.version, r.costUsd, r.endedAt])).toEqual([
      ['c-3', 'Bob Frugal', 'Quiet Costs', 2, 0.125, '2026-11-03T00:00:00.000Z'],
      ['c-2', 'Ann Costly', 'Quiet Costs', 2, 0.25, '2026-11-01T23:59:59.000Z'],
      ['c-1', 'Ann Costly', 'Quiet Costs', 1, 0.5, '2026-11-01T10:00:00.000Z'],
    ]);
    expect(conversations.body.rows[0].tokens).toEqual({
      textIn: 1,
      cachedTextIn: 0,
      audioIn: 2,
      cachedAudioIn: 0,
      textOut: 0,
      audioOut: 3,
    });
    expect(conversations.body.truncated).toBe(false);
    const byMember = await get('groupBy=member');
    expect(byMember.body.rows.map((r: any) => [r.userId, r.memberName, r.conversations, r.costUsd])).toEqual([
      [members.ann.id, 'Ann Costly', 3, 2.75],
      [members.bob.id, 'Bob Frugal', 1, 0.125],
    ]);
  });

  test('a day grouping without dates covers the last 30 days; wrong input is 400, an unknown sequence 404', async () => {
    const res = await get('groupBy=day');
    expect(res.status).toBe(200);
    expect(res.body.rows).toHaveLength(30);
    expect(res.body.to).toBe(new Date().toISOString().slice(0, 10));
    for (const bad of [
      'groupBy=week',
      'from=2026-13-01',
      'from=yesterday',
      'from=2026-11-03&to=2026-11-01',
      'groupBy=day&from=2020-01-01&to=2026-01-01',
    ]) {
      const r = await get(bad);
      expect(r.status).toBe(400);
      expect(typeof r.body.error).toBe('string');
    }
    expect((await get('sequence=Nope')).status).toBe(404);
  });

  test('admins only: 401 signed out, 403 for operators', async () => {
    expect((await ctx.request('GET', '/api/costs')).status).toBe(401);
    expect((await get('groupBy=day', await ctx.staffCookie('operator'))).status).toBe(403);
  });
});

describe('the users table', () => {
  test("each member's total cost, sortable", async () => {
    const res = await ctx.request('GET', '/api/get-all-users-info?sort=costUsd:desc&q=o', { cookie: admin });
    expect(res.status).toBe(200);
    const costs = res.body.users.map((u: any) => [u.name, u.analytics.costUsd]);
    expect(costs.slice(0, 2)).toEqual([
      ['Ann Costly', 2.75],
      ['Bob Frugal', 0.125],
    ]);
    const ascending = await ctx.request('GET', '/api/get-all-users-info?sort=costUsd:asc&q=o', { cookie: admin });
    expect(ascending.body.users.at(-1).name).toBe('Ann Costly');
  });

  test("a member's export lists what each of their voice sessions cost", async () => {
    const startedAt = new Date('2026-11-01T09:59:00Z');
    await ctx.db
      .insertInto('voice_sessions')
      .values({ id: 'c-1', user_id: members.ann.id, module_name: 'Quiet Costs', started_at: startedAt })
      .execute();
    const res = await ctx.request('GET', `/api/export-user/${members.ann.fileName}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.voiceSessions).toEqual([
      { id: 'c-1', moduleName: 'Quiet Costs', startedAt: '2026-11-01T09:59:00.000Z', endedAt: null, costUsd: 0.5 },
    ]);
  });

  test('deleting a member keeps the money spent but no link to them', async () => {
    const before = (await get('groupBy=version')).body.total;
    const res = await ctx.request('DELETE', `/api/delete-user/${members.bob.fileName}`, { cookie: admin });
    expect(res.status).toBe(200);
    const row = await ctx.db.selectFrom('voice_session_costs').selectAll().where('session_id', '=', 'c-3').executeTakeFirst();
    expect(row?.user_id).toBeNull();
    expect((await get('groupBy=version')).body.total).toEqual(before);
    const byMember = await get('groupBy=member');
    expect(byMember.body.rows.map((r: any) => r.memberName)).toEqual(['Ann Costly']);
    const conversation = (await get('groupBy=conversation')).body.rows.find((r: any) => r.sessionId === 'c-3');
    expect(conversation).toMatchObject({ userId: null, memberName: null, costUsd: 0.125 });
  });
});
