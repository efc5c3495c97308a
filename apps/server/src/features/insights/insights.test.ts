import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedGroup, seedMember } from './insights-test-support';

let ctx: TestContext;
let admin: string;
let riverside: Awaited<ReturnType<typeof seedGroup>>;
let hillside: Awaited<ReturnType<typeof seedGroup>>;
let allotment: Awaited<ReturnType<typeof seedGroup>>;
let lakeside: Awaited<ReturnType<typeof seedGroup>>;

// Riverside: 12 members; its first subgroup has 6, its second 4. Hours: invited 0, opened 2, talked 5, profiled 6,
// assigned 30, told 31, met 200–240 (median 220), met again 900.
const full = (sub: string, i: number) => ({
  invited: 0,
  opened: 2,
  talked: 5,
  profiled: 6,
  assigned: { subgroupId: sub, at: 30 },
  told: { at: 31 },
  met: 200 + i * 10,
});

let answerCounter = 0;
/** A loneliness scale answer at intake (score 3..9), as the voice tool records it. */
async function intake(userId: string, score: number) {
  const first = Math.min(3, score - 2);
  const second = Math.min(3, score - 1 - first);
  await ctx.db
    .insertInto('wellbeing_answers')
    .values({
      id: `wa${++answerCounter}`,
      user_id: userId,
      module_name: 'Get to Know You',
      phase: 'intake',
      lack_companionship: first,
      left_out: second,
      isolated: score - first - second,
      score,
      recorded_at: new Date(),
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  riverside = await seedGroup(ctx, 'Riverside', ['Gardeners', 'Cyclists']);
  hillside = await seedGroup(ctx, 'Hillside');
  const [gardeners, cyclists] = riverside.subgroupIds as [string, string];
  for (let i = 0; i < 5; i++) {
    await seedMember(ctx, riverside, `Met ${i}`, {
      ...full(gardeners, i),
      metAgain: i < 3 ? 900 : undefined,
      modules: [i < 4 ? 'intro' : 'deep', 'deep'],
    });
  }
  await seedMember(ctx, riverside, 'Told 1', { ...full(gardeners, 0), met: undefined, modules: ['deep'] });
  await seedMember(ctx, riverside, 'Told 2', { ...full(cyclists, 0), met: undefined, modules: ['deep'] });
  await seedMember(ctx, riverside, 'Told 3', { ...full(cyclists, 0), met: undefined, modules: ['deep'] });
  // A failed assignment SMS does not tell; nor does one sent before the current assignment.
  await seedMember(ctx, riverside, 'Failed SMS', {
    ...full(cyclists, 0),
    told: { at: 31, status: 'failed' },
    met: undefined,
    modules: ['deep'],
  });
  await seedMember(ctx, riverside, 'Old SMS', { ...full(cyclists, 0), told: { at: 20 }, met: undefined, modules: ['deep'] });
  await seedMember(ctx, riverside, 'Opened only', { invited: 0, opened: 2 });
  // Talked without opening a link: counted at talked all the same.
  await seedMember(ctx, riverside, 'Skipped a step', { invited: 0, talked: 5 });
  // Never counted, however far they went.
  await seedMember(ctx, riverside, 'Test user', { ...full(gardeners, 0), modules: ['intro'], testUser: true });
  await seedMember(ctx, riverside, 'Scratch user', { ...full(gardeners, 0), modules: ['intro'], scratch: true });

  for (let i = 0; i < 6; i++) await seedMember(ctx, hillside, `Hill ${i}`, { invited: 10 });
  await seedMember(ctx, null, 'In no group', { invited: 1 });

  // Allotment: six members added by hand, never invited through Hearth; assigned, told (the SMS kept) and five met
  // (hours 100–140 after being told at 31: median 89). Five answered the loneliness scale at intake (mean 6).
  allotment = await seedGroup(ctx, 'Allotment', ['Beds']);
  for (let i = 0; i < 6; i++) {
    const user = await seedMember(ctx, allotment, `Plot ${i}`, {
      assigned: { subgroupId: allotment.subgroupIds[0]!, at: 30 },
      told: { at: 31, status: 'kept' },
      met: i < 5 ? 100 + i * 10 : undefined,
    });
    if (i < 5) await intake(user.id, 4 + i);
  }
  // Lakeside: seven members, five opened their link and five talked, but only three did both (two talked by phone).
  // Four answered the scale: fewer than five, so no mean.
  lakeside = await seedGroup(ctx, 'Lakeside');
  for (let i = 0; i < 7; i++) {
    const user = await seedMember(ctx, lakeside, `Lake ${i}`, { opened: i < 5 ? 2 : undefined, talked: i >= 2 ? 5 : undefined });
    if (i < 4) await intake(user.id, 3);
  }
});
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await ctx.request('GET', path, { cookie: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const counts = (funnel: Array<{ count: number | null }>) => funnel.map((s) => s.count);
const ALL_STEPS = ['invited', 'opened', 'talked', 'profiled', 'assigned', 'told', 'met', 'met_again'];

describe('GET /api/insights?groupId=', () => {
  test('each step counts the members for whom it happened, with rates, step rates and median hours', async () => {
    const body = await get(`/api/insights?groupId=${riverside.groupId}`);
    expect(body).toMatchObject({ groupId: riverside.groupId, groupName: 'Riverside', minimum: 5, members: 12, hidden: false, groups: [] });
    expect(body.funnel.map((s: { step: string }) => s.step)).toEqual(ALL_STEPS);
    // The member who talked without opening a link counts at talked. Met again is 3: fewer than five, not shown.
    expect(counts(body.funnel)).toEqual([12, 11, 11, 10, 10, 8, 5, null]);
    expect(body.funnel[0]).toEqual({ step: 'invited', count: 12, rate: 1, stepRate: null, medianHoursFromPrevious: null });
    expect(body.funnel[1]).toEqual({ step: 'opened', count: 11, rate: 11 / 12, stepRate: 11 / 12, medianHoursFromPrevious: 2 });
    // Of the 11 who opened, 10 talked; of the 11 who talked, 10 have a profile.
    expect(body.funnel[2]).toEqual({ step: 'talked', count: 11, rate: 11 / 12, stepRate: 10 / 11, medianHoursFromPrevious: 3 });
    expect(body.funnel[3]).toMatchObject({ count: 10, stepRate: 10 / 11, medianHoursFromPrevious: 1 });
    expect(body.funnel[4]).toMatchObject({ stepRate: 1, medianHoursFromPrevious: 24 });
    expect(body.funnel[5]).toMatchObject({ count: 8, rate: 8 / 12, stepRate: 8 / 10, medianHoursFromPrevious: 1 });
    // Met at 200, 210, 220, 230, 240 hours; told at 31.
    expect(body.funnel[6]).toMatchObject({ count: 5, stepRate: 5 / 8, medianHoursFromPrevious: 189 });
    expect(body.funnel[7]).toEqual({ step: 'met_again', count: null, rate: null, stepRate: null, medianHoursFromPrevious: null });
    // Every pair loses 1 to 4 members (told → met loses 3): none may be told.
    expect(body.biggestDropOff).toBeNull();
  });

  test('members never invited through Hearth still count as assigned, told and met', async () => {
    const body = await get(`/api/insights?groupId=${allotment.groupId}`);
    expect(body).toMatchObject({ members: 6, hidden: false });
    expect(counts(body.funnel)).toEqual([0, 0, 0, 0, 6, 6, 5, 0]);
    expect(body.funnel[4]).toMatchObject({ rate: 1, stepRate: null, medianHoursFromPrevious: null });
    expect(body.funnel[5]).toEqual({ step: 'told', count: 6, rate: 1, stepRate: 1, medianHoursFromPrevious: 1 });
    expect(body.funnel[6]).toEqual({ step: 'met', count: 5, rate: 5 / 6, stepRate: 5 / 6, medianHoursFromPrevious: 89 });
    expect(body.funnel[7]).toMatchObject({ count: 0, rate: 0, stepRate: 0 });
    // Told → met loses one (not shown); met → met again loses all five.
    expect(body.biggestDropOff).toEqual({ from: 'met', to: 'met_again', lost: 5 });
    expect(body.subgroups).toEqual([
      expect.objectContaining({
        name: 'Beds',
        members: 6,
        hidden: false,
        funnel: expect.arrayContaining([expect.objectContaining({ step: 'met', count: 5 })]),
      }),
    ]);
  });

  test('a step rate from a pair of 1 to 4 members is withheld, even when both counts are shown', async () => {
    const body = await get(`/api/insights?groupId=${lakeside.groupId}`);
    expect(counts(body.funnel)).toEqual([0, 5, 5, 0, 0, 0, 0, 0]);
    expect(body.funnel[2]).toEqual({ step: 'talked', count: 5, rate: 5 / 7, stepRate: null, medianHoursFromPrevious: null });
    // Opened → talked loses 2 (not shown); talked → profiled loses all 5.
    expect(body.biggestDropOff).toEqual({ from: 'talked', to: 'profiled', lost: 5 });
  });

  test('by subgroup and by module; breakdowns under five members are hidden and carry no steps', async () => {
    const body = await get(`/api/insights?groupId=${riverside.groupId}`);
    // Sorted by group, then subgroup name.
    expect(body.subgroups.map((s: { name: string }) => s.name)).toEqual(['Cyclists', 'Gardeners']);
    const [cyclists, gardeners] = body.subgroups;
    expect(gardeners).toMatchObject({ name: 'Gardeners', groupName: 'Riverside', members: 6, hidden: false });
    expect(counts(gardeners.funnel)).toEqual([6, 6, 6, 6, 6, 6, 5, null]);
    expect(cyclists).toEqual({
      subgroupId: riverside.subgroupIds[1],
      name: 'Cyclists',
      groupId: riverside.groupId,
      groupName: 'Riverside',
      members: null,
      hidden: true,
      funnel: [],
    });

    const modules = Object.fromEntries(body.modules.map((m: { module: string }) => [m.module, m]));
    expect(Object.keys(modules).sort()).toEqual(['(none)', 'deep', 'intro']);
    // The module of the member's first session: four started in intro (hidden), six in deep.
    expect(modules.intro).toEqual({ module: 'intro', members: null, hidden: true, funnel: [] });
    expect(modules['(none)']).toMatchObject({ members: null, hidden: true, funnel: [] });
    expect(modules.deep).toMatchObject({ members: 6, hidden: false });
    // Of deep's six, four were told (hidden), one met (hidden), none met again (0 is shown; its step rate, from
    // the one who met, is not).
    expect(counts(modules.deep.funnel)).toEqual([6, 6, 6, 6, 6, null, null, 0]);
    expect(modules.deep.funnel[7]).toMatchObject({ rate: 0, stepRate: null });
  });

  test('a group of fewer than five is hidden but keeps its eight steps; a group with zero counts shows them', async () => {
    const small = await seedGroup(ctx, 'Tiny');
    for (let i = 0; i < 4; i++) await seedMember(ctx, small, `Tiny ${i}`, { invited: 0, opened: 1 });
    const body = await get(`/api/insights?groupId=${small.groupId}`);
    expect(body).toMatchObject({ members: null, hidden: true, biggestDropOff: null });
    expect(body.funnel.map((s: { step: string }) => s.step)).toEqual(ALL_STEPS);
    expect(body.funnel.every((s: Record<string, unknown>) => s.count === null && s.rate === null && s.stepRate === null)).toBe(true);

    const hill = await get(`/api/insights?groupId=${hillside.groupId}`);
    expect(counts(hill.funnel)).toEqual([6, 0, 0, 0, 0, 0, 0, 0]);
    expect(hill.funnel[1]).toMatchObject({ rate: 0, stepRate: 0, medianHoursFromPrevious: null });
    expect(hill.funnel[2]).toMatchObject({ rate: 0, stepRate: null });
    expect(hill.biggestDropOff).toEqual({ from: 'invited', to: 'opened', lost: 6 });

    const empty = await seedGroup(ctx, 'Empty');
    const none = await get(`/api/insights?groupId=${empty.groupId}`);
    expect(none).toMatchObject({ members: 0, hidden: true, modules: [], subgroups: [] });
  });

  test('overall: every member once, by group too; test and scratch users never', async () => {
    const body = await get('/api/insights');
    expect(body).toMatchObject({ groupId: null, groupName: null });
    // 12 in Riverside, 6 in Hillside, 1 in no group, 6 in Allotment, 7 in Lakeside, 4 in Tiny (if this file's
    // earlier test added it).
    const tiny = body.groups.find((g: { name: string }) => g.name === 'Tiny') ? 4 : 0;
    expect(body.members).toBe(32 + tiny);
    expect(counts(body.funnel)).toEqual([19 + tiny, 16 + tiny, 16, 10, 16, 14, 10, null]);
    const names = body.groups.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Allotment', 'Hillside', 'Lakeside', 'Riverside']));
    const river = body.groups.find((g: { name: string }) => g.name === 'Riverside');
    expect(counts(river.funnel)).toEqual([12, 11, 11, 10, 10, 8, 5, null]);
    if (tiny) expect(body.groups.find((g: { name: string }) => g.name === 'Tiny')).toMatchObject({ hidden: true, funnel: [] });
    expect(body.subgroups.map((s: { groupName: string; name: string }) => `${s.groupName}/${s.name}`)).toEqual([
      'Allotment/Beds',
      'Riverside/Cyclists',
      'Riverside/Gardeners',
    ]);
  });

  test('the well-being summary: a mean from five answers, none from four', async () => {
    const allot = await get(`/api/insights?groupId=${allotment.groupId}`);
    // Scores 4, 5, 6, 7, 8.
    expect(allot.wellbeing).toEqual({ minimum: 5, intake: { members: 5, meanScore: 6 }, later: null, paired: null });
    const lake = await get(`/api/insights?groupId=${lakeside.groupId}`);
    expect(lake.wellbeing).toEqual({ minimum: 5, intake: null, later: null, paired: null });
    // All groups: the nine answers together, (30 + 4 × 3) / 9.
    const all = await get('/api/insights');
    expect(all.wellbeing.intake).toEqual({ members: 9, meanScore: 4.67 });
  });

  test('who may ask, and bad group ids', async () => {
    const user = await ctx.createUser('Curious member');
    expect((await ctx.request('GET', '/api/insights')).status).toBe(401);
    expect((await ctx.request('GET', '/api/insights', { cookie: await ctx.staffCookie('operator') })).status).toBe(403);
    expect((await ctx.request('GET', '/api/insights', { cookie: await ctx.userCookie(user.id) })).status).toBe(403);
    const missing = await ctx.request('GET', '/api/insights?groupId=nope123', { cookie: admin });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Group not found' } });
    for (const bad of ['', 'a%20b', 'x'.repeat(101), "1'or'1"]) {
      const res = await ctx.request('GET', `/api/insights?groupId=${bad}`, { cookie: admin });
      expect([bad, res.status]).toEqual([bad, 400]);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await ctx.request('GET', '/api/insights/export?groupId=nope123', { cookie: admin })).status).toBe(404);
    expect((await ctx.request('GET', '/api/insights/export')).status).toBe(401);
  });
});

describe('GET /api/insights/export', () => {
  test('a CSV attachment of the same numbers, with no names, hidden breakdowns one line and withheld numbers empty', async () => {
    const res = await ctx.request('GET', `/api/insights/export?groupId=${riverside.groupId}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="hearth-insights-${riverside.groupId}.csv"`);
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('breakdown,group,subgroup,module,members,step,count,rate,step_rate,median_hours_from_previous,mean_score');
    expect(lines).toContain('group,Riverside,,,12,invited,12,1,,,');
    expect(lines).toContain('group,Riverside,,,12,talked,11,0.9167,0.9091,3,');
    expect(lines).toContain('group,Riverside,,,12,met,5,0.4167,0.625,189,');
    expect(lines).toContain('group,Riverside,,,12,met_again,,,,,');
    expect(lines).toContain('subgroup,Riverside,Cyclists,,,hidden,,,,,');
    expect(lines).toContain('module,Riverside,,intro,,hidden,,,,,');
    expect(lines).toContain('module,Riverside,,deep,6,met_again,0,0,,,');
    // Nobody in Riverside answered the loneliness scale.
    expect(lines).toContain('wellbeing,Riverside,,,,intake,,,,,');
    // 1 header + 8 steps × (the group, deep, Gardeners) + one line each for intro, (none), Cyclists + 5 well-being.
    expect(lines).toHaveLength(1 + 8 * 3 + 3 + 5);
    expect(String(res.body)).not.toMatch(/Met 0|Told 1|Test user|\+1415/);
  });

  test('the well-being lines: members who answered and their mean score', async () => {
    const res = await ctx.request('GET', `/api/insights/export?groupId=${allotment.groupId}`, { cookie: admin });
    const lines = String(res.body).trim().split('\r\n');
    expect(lines).toContain('group,Allotment,,,6,met,5,0.8333,0.8333,89,');
    expect(lines.filter((l) => l.startsWith('wellbeing,'))).toEqual([
      'wellbeing,Allotment,,,5,intake,,,,,6',
      'wellbeing,Allotment,,,,later,,,,,',
      'wellbeing,Allotment,,,,paired_intake,,,,,',
      'wellbeing,Allotment,,,,paired_later,,,,,',
      'wellbeing,Allotment,,,,paired_change,,,,,',
    ]);
  });

  test('a name a spreadsheet would run as a formula stays text, and commas and quotes are quoted', async () => {
    const odd = await seedGroup(ctx, '=Hack, "Club"');
    const res = await ctx.request('GET', `/api/insights/export?groupId=${odd.groupId}`, { cookie: admin });
    expect(res.status).toBe(200);
    const lines = String(res.body).trim().split('\r\n');
    // No members: hidden, with the 0 shown.
    expect(lines[1]).toBe(`group,"'=Hack, ""Club""",,,0,hidden,,,,,`);
  });
});
