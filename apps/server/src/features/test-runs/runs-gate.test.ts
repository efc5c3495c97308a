import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertWalk, waitForRun, withTestRunJobs } from '../../test/test-runs-fixture';

// PRODUCT §10: starting a run (bad input answered in words), the publishing gate on runs, and real members untouched.
let ctx: TestContext;
let operator: string;
let admin: string;
const SEQ = 'Gate Walk';
const seqPath = (route: string) => `/api/${route}/${encodeURIComponent(SEQ)}`;

const good = {
  name: 'Good',
  persona: 'Ana, a cheerful nurse who loves hiking.',
  turnLimit: 2,
  repeats: 1,
  expect: [{ type: 'reaches', prompt: 'welcome', within: 1 }],
};
const bad = {
  name: 'Bad',
  persona: 'Ben, a quiet clerk.',
  turnLimit: 1,
  repeats: 1,
  expect: [{ type: 'never_reaches', prompt: 'welcome' }],
};
let goodId: string;
let badId: string;

const startRun = (body: unknown, cookie = operator) => ctx.request('POST', '/api/test-runs', { cookie, body });
const publish = (body: unknown, cookie = operator) => ctx.request('POST', seqPath('publish-sequence'), { cookie, body });

beforeAll(async () => {
  ctx = await createTestContext({ setup: withTestRunJobs() });
  operator = await ctx.staffCookie('operator');
  admin = await ctx.staffCookie('admin');
  await insertWalk(ctx, SEQ);
  await insertWalk(ctx, 'No Cases Walk');
  goodId = (await ctx.request('POST', seqPath('test-cases'), { cookie: operator, body: good })).body.caseId;
  badId = (await ctx.request('POST', seqPath('test-cases'), { cookie: operator, body: bad })).body.caseId;
  expect((await ctx.request('PUT', seqPath('sequence-settings'), { cookie: admin, body: { requireTests: true } })).status).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('starting a run', () => {
  test('unknown sequence or version is a 404, no cases or an unknown case id a 400 naming it', async () => {
    expect(await startRun({ sequence: 'Nope', version: 1 })).toMatchObject({ status: 404, body: { error: 'Sequence not found' } });
    const v = await startRun({ sequence: SEQ, version: 9 });
    expect(v.status).toBe(404);
    expect(v.body.error).toContain('Version 9');
    const none = await startRun({ sequence: 'No Cases Walk', version: 1 });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('no test cases');
    const unknown = await startRun({ sequence: SEQ, version: 1, caseIds: [goodId, 'case-that-is-not'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('case-that-is-not');
    expect((await startRun({ sequence: SEQ, version: 0 })).status).toBe(400);
    expect((await startRun({ sequence: SEQ, version: 1, repeats: 11 })).status).toBe(400);
    expect((await ctx.request('GET', '/api/test-runs/not-a-run', { cookie: operator })).status).toBe(404);
    expect((await ctx.request('GET', '/api/test-runs/not-a-run/detail', { cookie: operator })).status).toBe(404);
    expect((await ctx.request('GET', '/api/test-runs?sequence=Nope', { cookie: operator })).status).toBe(404);
  }, 60_000);
});

describe('the gate', () => {
  test('409 with the failing names until a finished run of that version passed every case; admin force is recorded', async () => {
    const none = await publish({ version: 1 });
    expect(none.status).toBe(409);
    expect(none.body.failing.sort()).toEqual(['Bad', 'Good']);
    expect(none.body.error).toContain('no finished test run');

    const mixed = await startRun({ sequence: SEQ, version: 1 });
    await waitForRun(ctx, mixed.body.runId, operator);
    const blocked = await publish({ version: 1 });
    expect(blocked.status).toBe(409);
    expect(blocked.body.failing).toEqual(['Bad']);
    expect(blocked.body.error).toContain('Bad');
    let status = (await ctx.request('GET', seqPath('get-sequence-status'), { cookie: operator })).body;
    expect(status.versions.find((v: any) => v.version === 1).lastRun).toEqual({ runId: mixed.body.runId, passed: 1, failed: 1 });
    expect(status.versions.find((v: any) => v.version === 2).lastRun).toBeNull();

    // A run of only the good case does not cover the bad one: still refused, naming it as not run.
    const partial = await startRun({ sequence: SEQ, version: 1, caseIds: [goodId] });
    await waitForRun(ctx, partial.body.runId, operator);
    expect((await publish({ version: 1 })).body.failing).toEqual(['Bad']);

    // The bad case is changed to one that passes: a new full run opens the gate.
    await ctx.request('PUT', `${seqPath('test-cases')}/${badId}`, {
      cookie: operator,
      body: { ...bad, expect: [{ type: 'never_reaches', prompt: 'goodbye' }] },
    });
    const fixed = await startRun({ sequence: SEQ, version: 1 });
    await waitForRun(ctx, fixed.body.runId, operator);
    expect(await publish({ version: 1 })).toMatchObject({ status: 200, body: { published: 1 } });
    status = (await ctx.request('GET', seqPath('get-sequence-status'), { cookie: operator })).body;
    expect(status.versions.find((v: any) => v.version === 1).lastRun).toEqual({ runId: fixed.body.runId, passed: 2, failed: 0 });

    // Version 2 has no run: an admin forces it, and the override is recorded.
    expect((await publish({ version: 2, force: true })).status).toBe(403);
    expect(await publish({ version: 2, force: true }, admin)).toMatchObject({ status: 200, body: { published: 2 } });
    const rows = await ctx.db
      .selectFrom('sequence_publications as p')
      .innerJoin('sequences as s', 's.id', 'p.sequence_id')
      .select(['p.version', 'p.forced'])
      .where('s.name', '=', SEQ)
      .orderBy('p.published_at')
      .execute();
    expect(rows.slice(-2)).toEqual([
      { version: 1, forced: false },
      { version: 2, forced: true },
    ]);
    // ... and shown, newest first, with who published.
    const history = await ctx.request('GET', seqPath('get-sequence-publications'), { cookie: operator });
    expect(history.status).toBe(200);
    expect(
      history.body.publications.slice(0, 2).map((p: any) => [p.version, p.forced, typeof p.publishedBy, typeof p.publishedAt]),
    ).toEqual([
      [2, true, 'string', 'string'],
      [1, false, 'string', 'string'],
    ]);
  }, 60_000);
});

describe('real members', () => {
  test('a run changes no real member: memory, mood and profile stay as they were; no scratch member is left', async () => {
    const member = await ctx.createUser('Real Person', { email: 'real@example.com', phone_number: '+14155550123' });
    await ctx.db
      .updateTable('users')
      .set({ memory_document: 'Real memory.', profile_for_group: 'Real profile.' })
      .where('id', '=', member.id)
      .execute();
    await ctx.db.insertInto('memory_entries').values({ user_id: member.id, key: 'typed_note', value: 'real value' }).execute();
    const before = await snapshot(member.id);
    const run = await startRun({ sequence: SEQ, version: 1, repeats: 2 });
    await waitForRun(ctx, run.body.runId, operator);
    expect(await snapshot(member.id)).toEqual(before);
    expect(await ctx.db.selectFrom('users').select('id').where('scratch', '=', true).execute()).toEqual([]);
  }, 60_000);

  test('a scratch member, while alive, shows in no users list', async () => {
    await ctx.db
      .insertInto('users')
      .values({ id: 'scratch-visible', name: 'Test run', file_name: 'test_run_x.json', scratch: true })
      .execute();
    const names = await ctx.request('GET', '/api/get-user-names', { cookie: admin });
    const all = await ctx.request('GET', '/api/get-all-users-info', { cookie: admin });
    const searched = await ctx.request('GET', '/api/get-all-users-info?q=test', { cookie: admin });
    for (const res of [names, all, searched]) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain('scratch-visible');
    }
    expect(JSON.stringify(all.body)).toContain('Real Person');
    await ctx.db.deleteFrom('users').where('id', '=', 'scratch-visible').execute();
  }, 60_000);
});

async function snapshot(userId: string) {
  const [user, memory, mood, outbox] = await Promise.all([
    ctx.db.selectFrom('users').select(['memory_document', 'profile_for_group']).where('id', '=', userId).executeTakeFirst(),
    ctx.db.selectFrom('memory_entries').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute(),
    ctx.db.selectFrom('mood_entries').select(['key', 'value']).where('user_id', '=', userId).orderBy('key').execute(),
    ctx.db.selectFrom('outbox').select('id').where('user_id', '=', userId).execute(),
  ]);
  return { user, memory, mood, outbox };
}
