import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedGroup, seedMember } from './insights-test-support';

let ctx: TestContext;
let admin: string;
let riverside: Awaited<ReturnType<typeof seedGroup>>;
let hillside: Awaited<ReturnType<typeof seedGroup>>;

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
  // Talked without opening a link: the funnel is strict, so this member stops at invited.
  await seedMember(ctx, riverside, 'Skipped a step', { invited: 0, talked: 5 });
  // Never counted, however far they went.
  await seedMember(ctx, riverside, 'Test user', { ...full(gardeners, 0), modules: ['intro'], testUser: true });
  await seedMember(ctx, riverside, 'Scratch user', { ...full(gardeners, 0), modules: ['intro'], scratch: true });

  for (let i = 0; i < 6; i++) await seedMember(ctx, hillside, `Hill ${i}`, { invited: 10 });
  await seedMember(ctx, null, 'In no group', { invited: 1 });
});
afterAll(() => ctx.close());

const get = async (path: string) => {
  const res = await ctx.request('GET', path, { cookie: admin });
  expect(res.status).toBe(200);
  return res.body;
};
const counts = (funnel: Array<{ count: number | null }>) => funnel.map((s) => s.count);

describe('GET /api/insights?groupId=', () => {
  test('the strict funnel of one group, in order, with rates, step rates and median hours', async () => {
    const body = await get(`/api/insights?groupId=${riverside.groupId}`);
    expect(body).toMatchObject({
      groupId: riverside.groupId,
      groupName: 'Riverside',
      minimum: 5,
      members: 12,
      hidden: false,
      groups: [],
      wellbeing: null,
    });
    expect(body.funnel.map((s: { step: string }) => s.step)).toEqual([
      'invited',
      'opened',
      'talked',
      'profiled',
      'assigned',
      'told',
      'met',
      'met_again',
    ]);
    // met again is 3: fewer than five, so not shown.
    expect(counts(body.funnel)).toEqual([12, 11, 10, 10, 10, 8, 5, null]);
    expect(body.funnel[1]).toEqual({ step: 'opened', count: 11, rate: 11 / 12, stepRate: 11 / 12, medianHoursFromPrevious: 2 });
    expect(body.funnel[0]).toEqual({ step: 'invited', count: 12, rate: 1, stepRate: null, medianHoursFromPrevious: null });
    expect(body.funnel[5]).toMatchObject({ count: 8, rate: 8 / 12, stepRate: 8 / 10, medianHoursFromPrevious: 1 });
    expect(body.funnel[4].medianHoursFromPrevious).toBe(24);
    // Met at 200, 210, 220, 230, 240 hours; told at 31.
    expect(body.funnel[6]).toMatchObject({ count: 5, stepRate: 5 / 8, medianHoursFromPrevious: 189 });
    expect(body.funnel[7]).toEqual({ step: 'met_again', count: null, rate: null, stepRate: null, medianHoursFromPrevious: null });
    expect(body.biggestDropOff).toEqual({ from: 'told', to: 'met', lost: 3 });
  });

  test('by subgroup and by module, with breakdowns under five members hidden', async () => {
    const body = await get(`/api/insights?groupId=${riverside.groupId}`);
    // Sorted by group, then subgroup name.
    expect(body.subgroups.map((s: { name: string }) => s.name)).toEqual(['Cyclists', 'Gardeners']);
    const [cyclists, gardeners] = body.subgroups;
    expect(gardeners).toMatchObject({ name: 'Gardeners', groupName: 'Riverside', members: 6, hidden: false });
    expect(counts(gardeners.funnel)).toEqual([6, 6, 6, 6, 6, 6, 5, null]);
    expect(cyclists).toMatchObject({ name: 'Cyclists', members: null, hidden: true });
    expect(counts(cyclists.funnel)).toEqual(Array(8).fill(null));
    expect(cyclists.funnel.every((s: Record<string, unknown>) => s.rate === null && s.medianHoursFromPrevious === null)).toBe(true);

    const modules = Object.fromEntries(body.modules.map((m: { module: string }) => [m.module, m]));
    expect(Object.keys(modules).sort()).toEqual(['(none)', 'deep', 'intro']);
    // The module of the member's first session: four started in intro (hidden), six in deep.
    expect(modules.intro).toMatchObject({ members: null, hidden: true });
    expect(modules['(none)']).toMatchObject({ members: null, hidden: true });
    expect(modules.deep).toMatchObject({ members: 6, hidden: false });
    // Of deep's six, three were told (hidden), one met (hidden), none met again (0 is shown).
    expect(counts(modules.deep.funnel)).toEqual([6, 6, 6, 6, 6, null, null, 0]);
    expect(modules.deep.funnel[7].rate).toBe(0);
  });

  test('a group of fewer than five is hidden; a group with zero counts shows them', async () => {
    const small = await seedGroup(ctx, 'Tiny');
    for (let i = 0; i < 4; i++) await seedMember(ctx, small, `Tiny ${i}`, { invited: 0, opened: 1 });
    const body = await get(`/api/insights?groupId=${small.groupId}`);
    expect(body).toMatchObject({ members: null, hidden: true, biggestDropOff: null });
    expect(counts(body.funnel)).toEqual(Array(8).fill(null));

    const hill = await get(`/api/insights?groupId=${hillside.groupId}`);
    expect(counts(hill.funnel)).toEqual([6, 0, 0, 0, 0, 0, 0, 0]);
    expect(hill.funnel[1]).toMatchObject({ rate: 0, stepRate: 0, medianHoursFromPrevious: null });
    expect(hill.biggestDropOff).toEqual({ from: 'invited', to: 'opened', lost: 6 });

    const empty = await seedGroup(ctx, 'Empty');
    const none = await get(`/api/insights?groupId=${empty.groupId}`);
    expect(none).toMatchObject({ members: 0, hidden: true, modules: [], subgroups: [] });
  });

  test('overall: every member once, by group too; test and scratch users never', async () => {
    const body = await get('/api/insights');
    expect(body).toMatchObject({ groupId: null, groupName: null });
    // 12 in Riverside, 6 in Hillside, 1 in no group, 4 in Tiny (this file's earlier test may have added it).
    const tiny = body.groups.find((g: { name: string }) => g.name === 'Tiny') ? 4 : 0;
    expect(body.members).toBe(19 + tiny);
    expect(body.funnel[0].count).toBe(19 + tiny);
    expect(counts(body.funnel).slice(2)).toEqual([10, 10, 10, 8, 5, null]);
    const names = body.groups.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['Hillside', 'Riverside']));
    const river = body.groups.find((g: { name: string }) => g.name === 'Riverside');
    expect(counts(river.funnel)).toEqual([12, 11, 10, 10, 10, 8, 5, null]);
    expect(body.subgroups.map((s: { groupName: string; name: string }) => `${s.groupName}/${s.name}`)).toEqual([
      'Riverside/Cyclists',
      'Riverside/Gardeners',
    ]);
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
  test('a CSV attachment of the same numbers, with no names and hidden numbers empty', async () => {
    const res = await ctx.request('GET', `/api/insights/export?groupId=${riverside.groupId}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/csv');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="hearth-insights-${riverside.groupId}.csv"`);
    const lines = String(res.body).trim().split('\r\n');
    expect(lines[0]).toBe('breakdown,group,subgroup,module,members,step,count,rate,step_rate,median_hours_from_previous');
    expect(lines).toContain('group,Riverside,,,12,invited,12,1,,');
    expect(lines).toContain('group,Riverside,,,12,met,5,0.4167,0.625,189');
    expect(lines).toContain('group,Riverside,,,12,met_again,,,,');
    expect(lines).toContain('subgroup,Riverside,Cyclists,,,told,,,,');
    expect(lines).toContain('module,Riverside,,deep,6,met_again,0,0,,');
    // 1 header + 8 steps × (the group, 3 modules, 2 subgroups).
    expect(lines).toHaveLength(1 + 8 * 6);
    expect(String(res.body)).not.toMatch(/Met 0|Told 1|Test user|\+1415/);
  });
});
