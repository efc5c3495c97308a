import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { wellbeingSummary } from './lookup';

// Issue 24: a member's own loneliness scale answers (see, clear), the organiser's aggregates of five or more,
// the module's opt-in, and the answers in the user's export and gone with the user.
let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  operator = await ctx.staffCookie('operator');
});
afterAll(() => ctx.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
let answerCounter = 0;

async function answer(
  userId: string,
  phase: 'intake' | 'later',
  items: [number, number, number],
  at = daysAgo(phase === 'intake' ? 40 : 1),
) {
  await ctx.db
    .insertInto('wellbeing_answers')
    .values({
      id: `w${++answerCounter}-${userId}`,
      user_id: userId,
      module_name: 'Get to Know You',
      phase,
      lack_companionship: items[0],
      left_out: items[1],
      isolated: items[2],
      score: items[0] + items[1] + items[2],
      recorded_at: at,
    })
    .execute();
}

async function group(name: string, userIds: string[]) {
  const id = `g${Math.random().toString(36).slice(2, 10)}`;
  await ctx.db.insertInto('groups').values({ id, name }).execute();
  for (const userId of userIds) await ctx.db.insertInto('group_members').values({ group_id: id, user_id: userId }).execute();
  return id;
}

async function members(n: number, prefix: string) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push((await ctx.createUser(`${prefix} ${i}`)).id);
  return out;
}

describe('GET and DELETE /api/my-wellbeing', () => {
  test("a member sees only their own answers, oldest first, then clears them; another member's stay", async () => {
    const [me, other] = await members(2, 'Own');
    const intakeAt = daysAgo(40);
    await answer(me, 'intake', [3, 2, 3], intakeAt);
    await answer(me, 'later', [1, 2, 1], daysAgo(2));
    await answer(other, 'intake', [1, 1, 1]);
    const cookie = await ctx.userCookie(me);
    const res = await ctx.request('GET', '/api/my-wellbeing', { cookie });
    expect(res.status).toBe(200);
    expect(res.body.answers).toEqual([
      expect.objectContaining({ moduleName: 'Get to Know You', phase: 'intake', lackCompanionship: 3, leftOut: 2, isolated: 3, score: 8 }),
      expect.objectContaining({ phase: 'later', lackCompanionship: 1, leftOut: 2, isolated: 1, score: 4 }),
    ]);
    expect(res.body.answers[0].recordedAt).toBe(intakeAt.toISOString());
    expect(typeof res.body.answers[0].id).toBe('string');

    expect(await ctx.request('DELETE', '/api/my-wellbeing', { cookie })).toMatchObject({ status: 200, body: { deleted: 2 } });
    expect((await ctx.request('GET', '/api/my-wellbeing', { cookie })).body).toEqual({ answers: [] });
    expect(await ctx.request('DELETE', '/api/my-wellbeing', { cookie })).toMatchObject({ status: 200, body: { deleted: 0 } });
    const left = await ctx.db.selectFrom('wellbeing_answers').select('user_id').where('user_id', 'in', [me, other]).execute();
    expect(left.map((r) => r.user_id)).toEqual([other]);
  });

  test('an end-user session only: staff 403, nobody 401, and nothing is deleted', async () => {
    const [u] = await members(1, 'Guarded');
    await answer(u, 'intake', [2, 2, 2]);
    for (const method of ['GET', 'DELETE']) {
      const asStaff = await ctx.request(method, '/api/my-wellbeing', { cookie: admin });
      expect(asStaff.status).toBe(403);
      expect(asStaff.body.error).toBe('Only a member can see their own well-being answers');
      expect((await ctx.request(method, '/api/my-wellbeing', { cookie: operator })).status).toBe(403);
      const nobody = await ctx.request(method, '/api/my-wellbeing');
      expect(nobody.status).toBe(401);
      expect(typeof nobody.body.error).toBe('string');
    }
    expect(await ctx.db.selectFrom('wellbeing_answers').select('id').where('user_id', '=', u).execute()).toHaveLength(1);
  });
});

describe('wellbeingSummary (the insights aggregates)', () => {
  test('a part with 4 members is null; with 5 it shows the mean; paired compares the same members', async () => {
    const ids = await members(6, 'Summary');
    const groupId = await group('Summary group', ids);
    // Four intakes: below the minimum.
    for (const id of ids.slice(0, 4)) await answer(id, 'intake', [3, 3, 2]);
    expect(await wellbeingSummary(ctx.db, groupId)).toEqual({ minimum: 5, intake: null, later: null, paired: null });
    // A fifth intake (score 5): intake shows, mean (4 * 8 + 5) / 5 = 7.4.
    await answer(ids[4], 'intake', [2, 2, 1]);
    expect((await wellbeingSummary(ctx.db, groupId)).intake).toEqual({ members: 5, meanScore: 7.4 });
    // Later answers from all five: lower by two each, except the last who stays at 5. The sixth member answered
    // only later: counted in `later`, not in `paired`.
    for (const id of ids.slice(0, 4)) await answer(id, 'later', [2, 2, 2]);
    await answer(ids[4], 'later', [2, 2, 1]);
    await answer(ids[5], 'later', [3, 3, 3]);
    expect(await wellbeingSummary(ctx.db, groupId)).toEqual({
      minimum: 5,
      intake: { members: 5, meanScore: 7.4 },
      later: { members: 6, meanScore: 6.33 },
      paired: { members: 5, meanIntake: 7.4, meanLater: 5.8, meanChange: -1.6 },
    });
  });

  test("each member counts once, with their latest answers; test users, scratch members and other groups' members do not count", async () => {
    const ids = await members(5, 'Latest');
    const groupId = await group('Latest group', ids);
    for (const id of ids) await answer(id, 'intake', [3, 3, 3], daysAgo(60));
    // A newer intake of one member replaces their older one in the mean: (4 * 9 + 3) / 5 = 7.8.
    await answer(ids[0], 'intake', [1, 1, 1], daysAgo(50));
    const [test, scratch, outsider] = await members(3, 'Excluded');
    await ctx.db.updateTable('users').set({ is_test_user: true }).where('id', '=', test).execute();
    await ctx.db.updateTable('users').set({ scratch: true }).where('id', '=', scratch).execute();
    await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: test }).execute();
    await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: scratch }).execute();
    for (const id of [test, scratch, outsider]) await answer(id, 'intake', [1, 1, 1]);
    expect((await wellbeingSummary(ctx.db, groupId)).intake).toEqual({ members: 5, meanScore: 7.8 });
    // Overall: every member of any group or none, still without test and scratch users.
    const overall = await wellbeingSummary(ctx.db, null);
    const all = await ctx.db
      .selectFrom('wellbeing_answers as w')
      .innerJoin('users as u', 'u.id', 'w.user_id')
      .select('w.user_id')
      .distinct()
      .where('w.phase', '=', 'intake')
      .where('u.is_test_user', '=', false)
      .where('u.scratch', '=', false)
      .execute();
    expect(overall.intake?.members).toBe(all.length);
    expect(await wellbeingSummary(ctx.db, 'no-such-group')).toEqual({ minimum: 5, intake: null, later: null, paired: null });
  });
});

describe('privacy: export and delete (PRODUCT §7)', () => {
  test("the user's export holds their answers as numbers; deleting the user deletes them", async () => {
    const u = await ctx.createUser('Export Wellbeing');
    await answer(u.id, 'intake', [2, 3, 1]);
    const exported = await ctx.request('GET', `/api/export-user/${u.fileName}`, { cookie: admin });
    expect(exported.status).toBe(200);
    expect(exported.body.wellbeingAnswers).toEqual([
      expect.objectContaining({ moduleName: 'Get to Know You', phase: 'intake', lackCompanionship: 2, leftOut: 3, isolated: 1, score: 6 }),
    ]);
    expect((await ctx.request('DELETE', `/api/delete-user/${u.fileName}`, { cookie: admin })).status).toBe(200);
    expect(await ctx.db.selectFrom('wellbeing_answers').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
  });
});

describe('the module opt-in (PUT /api/sequence-settings/{name} wellbeing)', () => {
  const put = (body: unknown, cookie = admin) => ctx.request('PUT', '/api/sequence-settings/Get%20to%20Know%20You.json', { cookie, body });
  const status = async () => (await ctx.request('GET', '/api/get-sequence-status/Get%20to%20Know%20You', { cookie: operator })).body;

  test('off by default; on and off again, leaving the other settings; admins only; a non-boolean is 400', async () => {
    expect(await status()).toMatchObject({ wellbeing: false, requireTests: false });
    expect(await put({ wellbeing: true })).toMatchObject({
      status: 200,
      body: { wellbeing: true, requireTests: false, turnDetection: null },
    });
    expect(await status()).toMatchObject({ wellbeing: true });
    expect(await put({ requireTests: true })).toMatchObject({ status: 200, body: { wellbeing: true, requireTests: true } });
    expect(await put({ wellbeing: false, requireTests: false })).toMatchObject({
      status: 200,
      body: { wellbeing: false, requireTests: false },
    });
    expect(await status()).toMatchObject({ wellbeing: false });
    expect((await put({ wellbeing: true }, operator)).status).toBe(403);
    const bad = await put({ wellbeing: 'yes' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
    expect(await status()).toMatchObject({ wellbeing: false });
  });
});
