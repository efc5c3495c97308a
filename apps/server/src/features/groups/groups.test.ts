import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  operator = await ctx.staffCookie('operator');
});
afterAll(() => ctx.close());

const createGroup = async (name: string) => {
  const res = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name } });
  expect(res.status).toBe(200);
  return res.body as { id: string; name: string };
};
const add = (groupId: string, userFile: string) =>
  ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId, userFile } });
const memberIds = async (groupId: string) =>
  (await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute()).map((r) => r.user_id).sort();

/** Every staff-only group endpoint: 401 without a session, 403 for an operator and for an end user. */
describe('access', () => {
  test('admins only', async () => {
    const g = await createGroup('Access Check');
    const user = await ctx.createUser('Access User');
    const endUser = await ctx.userCookie(user.id);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/get-groups'],
      ['GET', `/api/get-group/${g.id}`],
      ['POST', '/api/create-group', { name: 'Never' }],
      ['DELETE', `/api/delete-group/${g.id}`],
      ['POST', '/api/add-user-to-group', { groupId: g.id, userFile: user.fileName }],
      ['POST', '/api/remove-user-from-group', { groupId: g.id, userFile: user.fileName }],
      ['PUT', `/api/set-group-module/${g.id}`, { moduleName: null }],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await ctx.request(method, path, { body })).status]).toEqual([path, 401]);
      expect([path, (await ctx.request(method, path, { body, cookie: operator })).status]).toEqual([path, 403]);
      expect([path, (await ctx.request(method, path, { body, cookie: endUser })).status]).toEqual([path, 403]);
    }
    expect(await memberIds(g.id)).toEqual([]);
    expect(await ctx.db.selectFrom('groups').select('id').where('name', '=', 'Never').executeTakeFirst()).toBeUndefined();
  });
});

describe('POST /api/create-group', () => {
  test('creates a group with a trimmed name and a string id', async () => {
    const res = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: '  Night Owls ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(String), name: 'Night Owls' });
    const row = await ctx.db.selectFrom('groups').select('name').where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row.name).toBe('Night Owls');
  });

  test('an existing name, in any case, is 400 "Group already exists"', async () => {
    await createGroup('Early Birds');
    for (const name of ['Early Birds', 'early birds', ' EARLY BIRDS ']) {
      const res = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Group already exists' });
    }
    const rows = await ctx.db
      .selectFrom('groups')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', 'early birds'))
      .execute();
    expect(rows).toHaveLength(1);
  });

  test('a blank name is 400', async () => {
    for (const name of ['', '   ']) {
      const res = await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Group name is required' });
    }
    expect((await ctx.request('POST', '/api/create-group', { cookie: admin, body: {} })).status).toBe(400);
  });
});

describe('GET /api/get-groups', () => {
  test('lists groups by name with their member count and members', async () => {
    const b = await createGroup('zz Beta list');
    const a = await createGroup('ZZ alpha list');
    const ann = await ctx.createUser('Ann');
    const bob = await ctx.createUser('bob');
    expect((await add(b.id, ann.fileName)).status).toBe(200);
    await add(b.id, bob.id);
    const res = await ctx.request('GET', '/api/get-groups', { cookie: admin });
    expect(res.status).toBe(200);
    const mine = res.body.filter((g: { name: string }) => g.name.toLowerCase().startsWith('zz '));
    expect(mine).toEqual([
      { id: a.id, name: 'ZZ alpha list', memberCount: 0, members: [] },
      {
        id: b.id,
        name: 'zz Beta list',
        memberCount: 2,
        members: [
          { id: ann.id, name: 'Ann' },
          { id: bob.id, name: 'bob' },
        ],
      },
    ]);
    const all = res.body.map((g: { name: string }) => g.name.toLowerCase());
    expect(all).toEqual([...all].sort());
  });
});

describe('GET /api/get-group/{groupId}', () => {
  test('answers the group with admin-view members, their subgroup, and the subgroups', async () => {
    const g = await createGroup('Detail Group');
    const ann = await ctx.createUser('Dana', { email: 'dana@example.org', phone_number: '+14155550121' });
    const bob = await ctx.createUser('ben');
    await add(g.id, ann.fileName);
    await add(g.id, bob.fileName);
    await ctx.db
      .insertInto('subgroups')
      .values([
        { id: `${g.id}-s1`, group_id: g.id, name: 'Walkers', description: 'They walk' },
        { id: `${g.id}-s2`, group_id: g.id, name: 'Readers', description: 'They read' },
      ])
      .execute();
    await ctx.db
      .updateTable('group_members')
      .set({ subgroup_id: `${g.id}-s1`, user_description: 'Walks at dawn' })
      .where('group_id', '=', g.id)
      .where('user_id', '=', ann.id)
      .execute();
    await ctx.db
      .insertInto('section_records')
      .values({
        user_id: ann.id,
        module_name: 'Get to Know You',
        start_time: new Date('2026-01-01T10:00:00Z'),
        end_time: new Date('2026-01-01T10:06:00Z'),
      })
      .execute();

    const res = await ctx.request('GET', `/api/get-group/${g.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: g.id, name: 'Detail Group', isolatedModule: null });
    expect(res.body.members.map((m: { name: string }) => m.name)).toEqual(['ben', 'Dana']);
    expect(res.body.members[1]).toEqual({
      id: ann.id,
      name: 'Dana',
      email: 'dana@example.org',
      phone_number: '+14155550121',
      fileName: ann.fileName,
      profile_for_group: '',
      quizSummaries: [],
      groups: [{ id: g.id, name: 'Detail Group' }],
      analytics: {
        lastModuleUsed: 'Get to Know You',
        lastConversationDate: '2026-01-01T10:06:00.000Z',
        totalDurationOfAllSections: 6,
        sessionDurations: [{ moduleName: 'Get to Know You', duration: 6 }],
      },
      subgroup: { subgroupId: `${g.id}-s1`, subgroupName: 'Walkers', userDescription: 'Walks at dawn' },
    });
    expect(res.body.members[0].subgroup).toBeNull();
    expect(res.body.subgroups).toEqual([
      { id: `${g.id}-s2`, name: 'Readers', description: 'They read', members: [] },
      { id: `${g.id}-s1`, name: 'Walkers', description: 'They walk', members: [ann.id] },
    ]);
  });

  test('an unknown group is 404 "Group not found"', async () => {
    const res = await ctx.request('GET', '/api/get-group/no-such-group', { cookie: admin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Group not found' });
  });
});

describe('POST /api/add-user-to-group and /api/remove-user-from-group', () => {
  test('adding is idempotent; removing takes the member out', async () => {
    const g = await createGroup('Membership');
    const user = await ctx.createUser('Member One');
    for (let i = 0; i < 2; i++) {
      const res = await add(g.id, user.fileName);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true });
    }
    expect(await memberIds(g.id)).toEqual([user.id]);
    const rm = await ctx.request('POST', '/api/remove-user-from-group', {
      cookie: admin,
      body: { groupId: g.id, userFile: user.fileName },
    });
    expect(rm.status).toBe(200);
    expect(rm.body).toEqual({ ok: true });
    expect(await memberIds(g.id)).toEqual([]);
    const again = await ctx.request('POST', '/api/remove-user-from-group', {
      cookie: admin,
      body: { groupId: g.id, userFile: user.fileName },
    });
    expect(again.body).toEqual({ ok: true });
  });

  test('an unknown group or user is 404', async () => {
    const g = await createGroup('Membership 404');
    const user = await ctx.createUser('Member Two');
    for (const path of ['/api/add-user-to-group', '/api/remove-user-from-group']) {
      const noGroup = await ctx.request('POST', path, { cookie: admin, body: { groupId: 'nope', userFile: user.fileName } });
      expect(noGroup.status).toBe(404);
      expect(noGroup.body).toEqual({ error: 'Group not found' });
      const noUser = await ctx.request('POST', path, { cookie: admin, body: { groupId: g.id, userFile: 'nobody_x.json' } });
      expect(noUser.status).toBe(404);
      expect(noUser.body).toEqual({ error: 'User not found' });
    }
    expect(await memberIds(g.id)).toEqual([]);
  });
});

describe('DELETE /api/delete-group/{groupId}', () => {
  test('deletes the group, its subgroups and memberships, but not the users', async () => {
    const g = await createGroup('Doomed');
    const user = await ctx.createUser('Survivor');
    await add(g.id, user.fileName);
    await ctx.db
      .insertInto('subgroups')
      .values({ id: `${g.id}-s`, group_id: g.id, name: 'S' })
      .execute();
    const res = await ctx.request('DELETE', `/api/delete-group/${g.id}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: g.id });
    expect(await memberIds(g.id)).toEqual([]);
    expect(await ctx.db.selectFrom('subgroups').select('id').where('group_id', '=', g.id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
    expect((await ctx.request('GET', `/api/get-group/${g.id}`, { cookie: admin })).status).toBe(404);
    // The name is free again.
    await createGroup('Doomed');
  });

  test('an unknown group is 404', async () => {
    const res = await ctx.request('DELETE', '/api/delete-group/no-such-group', { cookie: admin });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Group not found' });
  });
});

describe('PUT /api/set-group-module/{groupId}', () => {
  test('isolates the group to a module (with or without .json) and lifts it with null', async () => {
    const g = await createGroup('Isolated');
    const set = await ctx.request('PUT', `/api/set-group-module/${g.id}`, { cookie: admin, body: { moduleName: 'Get to Know You.json' } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ id: g.id, isolatedModule: 'Get to Know You' });
    expect((await ctx.request('GET', `/api/get-group/${g.id}`, { cookie: admin })).body.isolatedModule).toBe('Get to Know You');
    const lift = await ctx.request('PUT', `/api/set-group-module/${g.id}`, { cookie: admin, body: { moduleName: null } });
    expect(lift.body).toEqual({ id: g.id, isolatedModule: null });
  });

  test('an unknown module or the global prompt is 400; an unknown group 404', async () => {
    const g = await createGroup('Isolated 400');
    for (const moduleName of ['No Such Module', 'global_prompt']) {
      const res = await ctx.request('PUT', `/api/set-group-module/${g.id}`, { cookie: admin, body: { moduleName } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'The module does not exist' });
    }
    const missing = await ctx.request('PUT', '/api/set-group-module/nope', { cookie: admin, body: { moduleName: null } });
    expect(missing.status).toBe(404);
  });
});
