import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

// The admin users table (GET /api/get-all-users-info) on a known set of users in a database of its own.
let ctx: TestContext;
let admin: string;
const u: Record<string, { id: string; name: string; fileName: string }> = {};
const at = (minutesAgo: number) => new Date(Date.UTC(2026, 0, 10, 12, 0, 0) - minutesAgo * 60_000);

async function section(userId: string, moduleName: string, endedMinutesAgo: number, minutes: number) {
  await ctx.db
    .insertInto('section_records')
    .values({ user_id: userId, module_name: moduleName, start_time: at(endedMinutesAgo + minutes), end_time: at(endedMinutesAgo) })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  u.ann = await ctx.createUser('Ann', { email: 'ann@example.org', phone_number: '+14155550001' });
  u.bob = await ctx.createUser('bob', { phone_number: '+14155550002' });
  u.carl = await ctx.createUser('Carl', { email: 'carl@example.org' });
  u.dora = await ctx.createUser('dora', { email: 'aaa@example.org', phone_number: '+447911123456' });
  u.eve = await ctx.createUser('100% Eve');
  await ctx.db
    .insertInto('groups')
    .values([
      { id: 'gb', name: 'Bakers' },
      { id: 'ga', name: 'artists' },
    ])
    .execute();
  await ctx.db
    .insertInto('group_members')
    .values([
      { group_id: 'gb', user_id: u.ann.id, subgroup_id: null },
      { group_id: 'ga', user_id: u.ann.id, subgroup_id: null },
      { group_id: 'gb', user_id: u.bob.id, subgroup_id: null },
    ])
    .execute();
  await ctx.db.updateTable('users').set({ profile_for_group: 'Ann likes bread.' }).where('id', '=', u.ann.id).execute();
  await ctx.db
    .insertInto('quiz_summaries')
    .values([
      { user_id: u.ann.id, date: at(500), summary: 'First quiz' },
      { user_id: u.ann.id, date: at(50), summary: 'Second quiz' },
    ])
    .execute();
  await section(u.ann.id, 'Module A', 60, 30);
  await section(u.ann.id, 'Module A', 10, 15);
  await section(u.ann.id, 'Module B', 300, 10);
  await section(u.bob.id, 'Zeta', 1, 5);
  await section(u.dora.id, 'Module C', 1000, 90);
});
afterAll(() => ctx.close());

const get = (query = '') => ctx.request('GET', `/api/get-all-users-info${query}`, { cookie: admin });
const names = (users: Array<{ name: string }>) => users.map((x) => x.name);

describe('GET /api/get-all-users-info without a query', () => {
  test('lists every user in the admin view (SPEC §3), by name', async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(['100% Eve', 'Ann', 'bob', 'Carl', 'dora']);
    expect(res.body[1]).toEqual({
      id: u.ann.id,
      name: 'Ann',
      email: 'ann@example.org',
      phone_number: '+14155550001',
      fileName: u.ann.fileName,
      profile_for_group: 'Ann likes bread.',
      quizSummaries: [
        { date: at(500).toISOString(), summary: 'First quiz' },
        { date: at(50).toISOString(), summary: 'Second quiz' },
      ],
      groups: [
        { id: 'ga', name: 'artists' },
        { id: 'gb', name: 'Bakers' },
      ],
      analytics: {
        lastModuleUsed: 'Module A',
        lastConversationDate: at(10).toISOString(),
        totalDurationOfAllSections: 55,
        sessionDurations: [
          { moduleName: 'Module A', duration: 45 },
          { moduleName: 'Module B', duration: 10 },
        ],
        // What Ann's voice sessions cost (features/costs): none yet.
        costUsd: 0,
      },
    });
  });

  test('a user with nothing recorded has empty lists and zero minutes', async () => {
    const carl = (await get()).body.find((x: { id: string }) => x.id === u.carl.id);
    expect(carl).toMatchObject({
      email: 'carl@example.org',
      phone_number: null,
      profile_for_group: '',
      quizSummaries: [],
      groups: [],
      analytics: { lastModuleUsed: null, lastConversationDate: null, totalDurationOfAllSections: 0, sessionDurations: [] },
    });
  });
});

describe('GET /api/get-all-users-info with page, pageSize, q and sort', () => {
  test('answers { users, total } for one page', async () => {
    const res = await get('?page=2&pageSize=2');
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(5);
    expect(names(res.body.users)).toEqual(['bob', 'Carl']);
    expect(res.body.users[0].groups).toEqual([{ id: 'gb', name: 'Bakers' }]);
    const past = await get('?page=9&pageSize=2');
    expect(past.body).toEqual({ users: [], total: 5 });
  });

  test('the default page size is 100', async () => {
    const res = await get('?page=1');
    expect(res.body.users).toHaveLength(5);
  });

  test('q matches the name case-insensitively or the phone by its digits', async () => {
    expect(names((await get('?q=ANN')).body.users)).toEqual(['Ann']);
    expect(names((await get('?q=0002')).body.users)).toEqual(['bob']);
    expect(names((await get(`?q=${encodeURIComponent('+44 7911')}`)).body.users)).toEqual(['dora']);
    const pct = await get(`?q=${encodeURIComponent('%')}`);
    expect(pct.body).toMatchObject({ total: 1 });
    expect(names(pct.body.users)).toEqual(['100% Eve']);
    expect((await get('?q=zzz')).body).toEqual({ users: [], total: 0 });
    expect((await get('?q=b&pageSize=1')).body.total).toBe(1);
  });

  test('q matches the e-mail too; name matches come first, then e-mails, then phones', async () => {
    expect(names((await get('?q=AAA@')).body.users)).toEqual(['dora']);
    // "ann" is Ann's name and e-mail: she is found once, first.
    expect(names((await get('?q=ann')).body.users)).toEqual(['Ann']);
    const mixed = [
      await ctx.createUser('Room 555', { email: 'room@example.org' }),
      await ctx.createUser('Zed', { email: 'zed555@example.org' }),
    ];
    try {
      // Digits only: the name with them first, then the e-mail, then the phones (by name among equals).
      const digits = await get('?q=555');
      expect(names(digits.body.users)).toEqual(['Room 555', 'Zed', 'Ann', 'bob']);
      expect(digits.body.total).toBe(4);
      // Letters and digits are a name (or e-mail), never a piece of a phone: phones holding 555 stay out.
      expect(names((await get(`?q=${encodeURIComponent('room 555')}`)).body.users)).toEqual(['Room 555']);
      // A chosen order still decides.
      expect(names((await get('?q=555&sort=name:asc')).body.users)).toEqual(['Ann', 'bob', 'Room 555', 'Zed']);
    } finally {
      for (const user of mixed) await ctx.db.deleteFrom('users').where('id', '=', user.id).execute();
    }
  });

  test('sorts by each column, nulls last in both directions', async () => {
    const cases: Array<[string, string[]]> = [
      ['name:desc', ['dora', 'Carl', 'bob', 'Ann', '100% Eve']],
      ['email:asc', ['dora', 'Ann', 'Carl']],
      ['email:desc', ['Carl', 'Ann', 'dora']],
      ['phone_number:asc', ['Ann', 'bob', 'dora']],
      ['phone_number:desc', ['dora', 'bob', 'Ann']],
      ['lastModuleUsed:asc', ['Ann', 'dora', 'bob']],
      ['lastModuleUsed:desc', ['bob', 'dora', 'Ann']],
      ['lastConversationDate:desc', ['bob', 'Ann', 'dora']],
      ['lastConversationDate:asc', ['dora', 'Ann', 'bob']],
      ['totalDurationOfAllSections:desc', ['dora', 'Ann', 'bob']],
    ];
    for (const [sort, first] of cases) {
      const res = await get(`?sort=${sort}`);
      expect([sort, names(res.body.users).slice(0, first.length)]).toEqual([sort, first]);
      expect(res.body.total).toBe(5);
    }
    const emailAsc = names((await get('?sort=email:asc')).body.users);
    expect(emailAsc.slice(3).sort()).toEqual(['100% Eve', 'bob']);
    const totalAsc = (await get('?sort=totalDurationOfAllSections:asc')).body.users;
    expect(totalAsc.map((x: any) => x.analytics.totalDurationOfAllSections)).toEqual([0, 0, 5, 55, 90]);
    expect(names((await get('?sort=name')).body.users)[0]).toBe('100% Eve');
  });

  test('sorting, filtering and paging combine', async () => {
    const res = await get(`?q=${encodeURIComponent('+1415')}&sort=totalDurationOfAllSections:desc&pageSize=1&page=2`);
    expect(res.body.total).toBe(2);
    expect(names(res.body.users)).toEqual(['bob']);
  });

  test('400 for a bad page, page size or sort', async () => {
    for (const q of ['?pageSize=501', '?pageSize=0', '?page=0', '?page=abc', '?sort=age', '?sort=name:up', '?sort=name:asc:x']) {
      const res = await get(q);
      expect([q, res.status]).toEqual([q, 400]);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await get('?pageSize=500')).status).toBe(200);
  });

  test('401 without a session, 403 for an operator and an end user', async () => {
    expect((await ctx.request('GET', '/api/get-all-users-info')).status).toBe(401);
    expect((await ctx.request('GET', '/api/get-all-users-info', { cookie: await ctx.staffCookie('operator') })).status).toBe(403);
    expect((await ctx.request('GET', '/api/get-all-users-info?page=1', { cookie: await ctx.userCookie(u.ann.id) })).status).toBe(403);
  });
});
