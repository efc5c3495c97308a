// The paged forms of get-groups and get-group (the admin screens use them); the unpaged SPEC answers are in
// groups.test.ts. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: string;
let groupId: string;
const names = ['Zoe', 'amy', 'Bea', 'Cal', 'dan', 'Eve', 'Finn'];
const users: Record<string, { id: string; fileName: string }> = {};

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  const created = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Paged Group' } });
  groupId = created.body.id;
  for (const [i, name] of names.entries()) {
    users[name] = await ctx.createUser(name, {
      email: `${name.toLowerCase()}@example.org`,
      phone_number: `+1415555${String(100 + i).padStart(4, '0')}`,
    });
    await ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId, userFile: users[name].fileName } });
  }
  // Someone outside the group never shows up.
  await ctx.createUser('Amos');
  await ctx.db
    .insertInto('subgroups')
    .values({ id: `${groupId}-s1`, group_id: groupId, name: 'Walkers', description: 'They walk' })
    .execute();
  await ctx.db
    .updateTable('group_members')
    .set({ subgroup_id: `${groupId}-s1`, user_description: 'Walks at dawn' })
    .where('group_id', '=', groupId)
    .where('user_id', 'in', [users.amy.id, users.Cal.id])
    .execute();
  await ctx.db
    .updateTable('users')
    .set({ profile_for_group: 'Likes tea' })
    .where('id', 'in', [users.Bea.id, users.Cal.id, users.Eve.id])
    .execute();
});
afterAll(() => ctx.close());

const get = (query: string) => ctx.request('GET', `/api/get-group/${groupId}${query}`, { cookie: admin });
const memberNames = (body: { members: Array<{ name: string }> }) => body.members.map((m) => m.name);

describe('GET /api/get-group/{groupId}?page=&pageSize=&q=', () => {
  test('one page of members by name (case-insensitive), with the totals and the subgroups counted', async () => {
    const res = await get('?page=1&pageSize=3');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: groupId, name: 'Paged Group', isolatedModule: null, total: 7 });
    expect(res.body.totals).toEqual({ members: 7, withSubgroup: 2, withProfile: 3 });
    expect(memberNames(res.body)).toEqual(['amy', 'Bea', 'Cal']);
    expect(res.body.subgroups).toEqual([{ id: `${groupId}-s1`, name: 'Walkers', description: 'They walk', memberCount: 2 }]);
    const amy = res.body.members[0];
    expect(amy).toMatchObject({ id: users.amy.id, fileName: users.amy.fileName, email: 'amy@example.org', phone_number: '+14155550101' });
    expect(amy.subgroup).toEqual({ subgroupId: `${groupId}-s1`, subgroupName: 'Walkers', userDescription: 'Walks at dawn' });
    expect(res.body.members[1].subgroup).toBeNull();
    expect(res.body.members[1].profile_for_group).toBe('Likes tea');

    expect(memberNames((await get('?page=3&pageSize=3')).body)).toEqual(['Zoe']);
    expect(memberNames((await get('?page=9&pageSize=3')).body)).toEqual([]);
  });

  test('the default page size is 100', async () => {
    const res = await get('?page=1');
    expect(memberNames(res.body)).toEqual(['amy', 'Bea', 'Cal', 'dan', 'Eve', 'Finn', 'Zoe']);
  });

  test('q searches name, e-mail and phone digits; total counts the matches, totals stay the whole group', async () => {
    const byName = await get(`?q=${encodeURIComponent('  AN ')}&pageSize=1`);
    expect(memberNames(byName.body)).toEqual(['dan']);
    expect(byName.body.total).toBe(1);
    const everyone = await get('?q=example.org&pageSize=2');
    expect(memberNames(everyone.body)).toEqual(['amy', 'Bea']);
    expect(everyone.body.total).toBe(7);
    expect(byName.body.totals.members).toBe(7);
    expect(memberNames((await get('?q=eve@example')).body)).toEqual(['Eve']);
    expect(memberNames((await get(`?q=${encodeURIComponent('(415) 555-0106')}`)).body)).toEqual(['Finn']);
    expect(memberNames((await get('?q=%25')).body)).toEqual([]);
    const none = await get('?q=nobody');
    expect(none.body).toMatchObject({ members: [], total: 0, totals: { members: 7 } });
  });

  test("the unpaged answer is SPEC's, unchanged: every member and subgroups with member ids", async () => {
    const res = await get('');
    expect(res.body.total).toBeUndefined();
    expect(res.body.totals).toBeUndefined();
    expect(res.body.members).toHaveLength(7);
    expect(res.body.subgroups[0].members.sort()).toEqual([users.amy.id, users.Cal.id].sort());
  });

  test('400 for a bad page or page size; 404 for an unknown group', async () => {
    for (const q of ['?page=0', '?page=abc', '?pageSize=0', '?pageSize=501']) expect([q, (await get(q)).status]).toEqual([q, 400]);
    const missing = await ctx.request('GET', '/api/get-group/nope?page=1', { cookie: admin });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Group not found' } });
  });
});

describe('GET /api/get-groups?page=&pageSize=&q=', () => {
  test('one page of groups by name with member counts, searched by name', async () => {
    for (const name of ['Knitters', 'hikers', 'Readers']) await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name } });
    const res = await ctx.request('GET', '/api/get-groups?page=1&pageSize=2', { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(4);
    expect(res.body.groups).toEqual([
      { id: expect.any(String), name: 'hikers', memberCount: 0 },
      { id: expect.any(String), name: 'Knitters', memberCount: 0 },
    ]);
    const second = await ctx.request('GET', '/api/get-groups?page=2&pageSize=2', { cookie: admin });
    expect(second.body.groups).toEqual([
      { id: groupId, name: 'Paged Group', memberCount: 7 },
      { id: expect.any(String), name: 'Readers', memberCount: 0 },
    ]);
    const found = await ctx.request('GET', '/api/get-groups?q=ER', { cookie: admin });
    expect(found.body).toEqual({
      total: 3,
      groups: [
        expect.objectContaining({ name: 'hikers' }),
        expect.objectContaining({ name: 'Knitters' }),
        expect.objectContaining({ name: 'Readers' }),
      ],
    });
    // Unpaged stays SPEC's list.
    const all = await ctx.request('GET', '/api/get-groups', { cookie: admin });
    expect(Array.isArray(all.body)).toBe(true);
  });
});
