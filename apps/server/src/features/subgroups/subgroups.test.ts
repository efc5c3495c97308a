import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { randomUUID } from 'node:crypto';
import { createTestContext, type TestContext } from '../../test/harness';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';

const OUTDOORS = [
  'Loves hiking in the mountains, trail running and camping under the stars.',
  'Goes camping most weekends, enjoys hiking and mountain trail maps.',
  'Trail running and hiking; dreams of camping trips in the mountains.',
  'Mountain hiking, camping gear and early trail runs.',
  'Camping with friends, hiking trails and mountain sunrises.',
  'Hiking club member who loves camping and trail running in the mountains.',
];
const MAKERS = [
  'Builds robots, writes code for microcontrollers and solders electronics.',
  'Electronics tinkerer who codes robots and repairs old radios.',
  'Codes robotics projects and designs electronics circuits at home.',
  'Solders electronics kits and programs small robots with code.',
  'Robotics and coding hobbyist building electronics gadgets.',
  'Writes code, designs circuits, and builds robots from electronics scrap.',
];

async function groupWith(ctx: TestContext, profiles: string[]) {
  const groupId = randomUUID();
  await ctx.db
    .insertInto('groups')
    .values({ id: groupId, name: `Group ${groupId.slice(0, 8)}` })
    .execute();
  const users = [];
  for (const [i, profile] of profiles.entries()) {
    const u = await ctx.createUser(`Member${i}`);
    await ctx.db.updateTable('users').set({ profile_for_group: profile }).where('id', '=', u.id).execute();
    await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: u.id }).execute();
    users.push(u);
  }
  return { groupId, users };
}

async function membersBySubgroup(ctx: TestContext, groupId: string) {
  const rows = await ctx.db
    .selectFrom('group_members')
    .leftJoin('subgroups', 'subgroups.id', 'group_members.subgroup_id')
    .select([
      'group_members.user_id',
      'group_members.subgroup_id',
      'group_members.user_description',
      'subgroups.name',
      'subgroups.description',
    ])
    .where('group_members.group_id', '=', groupId)
    .execute();
  const map = new Map<string, typeof rows>();
  for (const r of rows) map.set(r.subgroup_id ?? 'none', [...(map.get(r.subgroup_id ?? 'none') ?? []), r]);
  return map;
}

function checkClusters(bySubgroup: Map<string, Array<{ user_id: string }>>, users: Array<{ id: string }>) {
  const outdoors = new Set(users.slice(0, OUTDOORS.length).map((u) => u.id));
  expect(bySubgroup.size).toBe(2);
  for (const members of bySubgroup.values()) {
    expect(members).toHaveLength(6);
    expect(new Set(members.map((m) => outdoors.has(m.user_id))).size).toBe(1);
  }
}

describe('subgroups (local provider)', () => {
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffCookie('admin');
  }, 60_000);
  afterAll(() => ctx.close());

  test('similar profiles end up together, and each subgroup is named and each member described', async () => {
    // Interleaved so that order alone cannot separate them.
    const profiles = OUTDOORS.flatMap((p, i) => [p, MAKERS[i]]);
    const { groupId, users } = await groupWith(ctx, profiles);
    const r = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup: 6 } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ usersAssigned: 12, cost: { total_cost: 0 } });
    const outdoorsUsers = users.filter((_, i) => i % 2 === 0);
    checkClusters(await membersBySubgroup(ctx, groupId), [...outdoorsUsers, ...users.filter((_, i) => i % 2 === 1)]);
    const bySubgroup = await membersBySubgroup(ctx, groupId);
    const names = [...bySubgroup.values()].map((m) => m[0].name);
    expect(names.some((n) => /Hiking|Camping|Trail|Mountain/.test(n!))).toBe(true);
    expect(names.some((n) => /Robots|Electronics|Code/i.test(n!))).toBe(true);
    for (const members of bySubgroup.values()) {
      expect(members[0].description).toStartWith('Members who share an interest in');
      for (const m of members) expect(m.user_description).toContain(m.name!);
    }
  });

  test('10 members in subgroups of 3 gives sizes 4, 3, 3; re-running replaces the subgroups', async () => {
    const profiles = Array.from({ length: 10 }, (_, i) => (i < 5 ? OUTDOORS[i] : MAKERS[i - 5]));
    const { groupId } = await groupWith(ctx, profiles);
    for (let run = 0; run < 2; run++) {
      const r = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup: '3' } });
      expect(r.status).toBe(200);
      expect(r.body.usersAssigned).toBe(10);
      const sizes = [...(await membersBySubgroup(ctx, groupId)).values()].map((m) => m.length).sort();
      expect(sizes).toEqual([3, 3, 4]);
      const subgroups = await ctx.db.selectFrom('subgroups').select('name').where('group_id', '=', groupId).execute();
      expect(subgroups).toHaveLength(3);
      expect(new Set(subgroups.map((s) => s.name)).size).toBe(3);
    }
  });

  test('errors: usersPerGroup below 1, no members, unknown group', async () => {
    const { groupId } = await groupWith(ctx, [OUTDOORS[0]]);
    for (const usersPerGroup of [0, -2, 1.5, 'abc']) {
      const r = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup } });
      expect(r.status).toBe(400);
    }
    const empty = randomUUID();
    await ctx.db
      .insertInto('groups')
      .values({ id: empty, name: `Empty ${empty}` })
      .execute();
    const none = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId: empty, usersPerGroup: 2 } });
    expect(none).toMatchObject({ status: 400, body: { error: 'The group has no members' } });
    const unknown = await ctx.request('POST', '/api/assign-subgroups', {
      cookie: admin,
      body: { groupId: 'no-such-group', usersPerGroup: 2 },
    });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Group not found' } });
  });

  test('access: admins only', async () => {
    const { groupId, users } = await groupWith(ctx, [OUTDOORS[0], MAKERS[0]]);
    const body = { groupId, usersPerGroup: 1 };
    expect((await ctx.request('POST', '/api/assign-subgroups', { body })).status).toBe(401);
    expect((await ctx.request('POST', '/api/assign-subgroups', { cookie: await ctx.staffCookie('operator'), body })).status).toBe(403);
    expect((await ctx.request('POST', '/api/assign-subgroups', { cookie: await ctx.userCookie(users[0].id), body })).status).toBe(403);
    const gen = { groupId, usersToGenerate: 2 };
    expect((await ctx.request('POST', '/api/generate-test-users', { body: gen })).status).toBe(401);
    expect((await ctx.request('POST', '/api/generate-test-users', { cookie: await ctx.staffCookie('operator'), body: gen })).status).toBe(
      403,
    );
    expect(await ctx.db.selectFrom('subgroups').select('id').where('group_id', '=', groupId).execute()).toEqual([]);
  });

  test('generate-test-users creates marked test users with profiles in the group', async () => {
    const groupId = randomUUID();
    await ctx.db.insertInto('groups').values({ id: groupId, name: 'Test Valley' }).execute();
    const r = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId, usersToGenerate: 8 } });
    expect(r.status).toBe(200);
    expect(r.body.created).toBe(8);
    expect(r.body.users).toHaveLength(8);
    const ids = r.body.users.map((u: { id: string }) => u.id);
    const rows = await ctx.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(row.is_test_user).toBe(true);
      expect(row.profile_for_group).toContain(row.name);
      expect(row.name).not.toContain('_');
      expect(r.body.users).toContainEqual({ id: row.id, name: row.name, fileName: row.file_name });
      expect(row.file_name).toBe(`${row.id}_${row.name.toLowerCase()}.json`);
    }
    const members = await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
    expect(members.map((m) => m.user_id).sort()).toEqual([...ids].sort());
    // And they can be split into subgroups right away.
    const assign = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup: 4 } });
    expect(assign.body.usersAssigned).toBe(8);
  });

  test("subgroup names and descriptions never use people's names or places, only what members share", async () => {
    const groupId = randomUUID();
    await ctx.db.insertInto('groups').values({ id: groupId, name: 'Name Check' }).execute();
    const made = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId, usersToGenerate: 12 } });
    expect(made.status).toBe(200);
    // A member with no profile yet, and two whose profiles mention friends by name.
    const bare = await ctx.createUser('Shelley');
    const friends = await ctx.createUser('Mary');
    const other = await ctx.createUser('Omar');
    await ctx.db
      .updateTable('users')
      .set({ profile_for_group: 'Interests and themes: mary, shelley, pottery, hiking, james.' })
      .where('id', 'in', [friends.id, other.id])
      .execute();
    for (const u of [bare, friends, other]) await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: u.id }).execute();
    const assign = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup: 3 } });
    expect(assign.status).toBe(200);

    const users = await ctx.db
      .selectFrom('users')
      .innerJoin('group_members', 'group_members.user_id', 'users.id')
      .select(['users.name', 'users.profile_for_group'])
      .where('group_members.group_id', '=', groupId)
      .execute();
    // Every member's name, and every capitalised word inside a sentence of a profile (the faker cities).
    const personal = new Set(users.map((u) => u.name.toLowerCase()));
    // A capitalised word that some profile also uses in lower case is an ordinary word there, which a description may
    // share; so are the first words of place names that plain English uses ("New Haven", "glad to meet new people").
    const ordinary = new Set(users.flatMap((u) => u.profile_for_group.match(/\b[a-z]+\b/g) ?? []));
    for (const word of ['new', 'north', 'south', 'east', 'west', 'lake', 'port']) ordinary.add(word);
    for (const u of users) {
      for (const m of u.profile_for_group.matchAll(/(?<![.!?]\s|^)\b([A-Z][a-z]+)/g)) {
        if (!ordinary.has(m[1].toLowerCase())) personal.add(m[1].toLowerCase());
      }
    }
    personal.add('james');
    const texts = [...(await membersBySubgroup(ctx, groupId)).values()].flatMap((rows) => [
      rows[0].name ?? '',
      rows[0].description ?? '',
      ...rows.map((r) => r.user_description ?? ''),
    ]);
    expect(texts.filter(Boolean).length).toBeGreaterThan(15);
    const used = texts.flatMap((t) => t.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => personal.has(w));
    expect(used).toEqual([]);
  }, 60_000);

  test('generate-test-users clamps the amount into 1 to 40 and makes 15 when it is missing', async () => {
    const cases: Array<[unknown, number]> = [
      [0, 1],
      [-5, 1],
      [41, 40],
      [1000, 40],
      [2.4, 2],
      [' 3 ', 3],
      [undefined, 15],
      [null, 15],
      ['', 15],
    ];
    for (const [usersToGenerate, expected] of cases) {
      const groupId = randomUUID();
      await ctx.db
        .insertInto('groups')
        .values({ id: groupId, name: `Clamp ${groupId}` })
        .execute();
      const body = usersToGenerate === undefined ? { groupId } : { groupId, usersToGenerate };
      const r = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body });
      expect([usersToGenerate, r.status, r.body.created]).toEqual([usersToGenerate, 200, expected]);
      const members = await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
      expect(members).toHaveLength(expected);
    }
  }, 60_000);

  test('generate-test-users errors: an amount that is no number, unknown group', async () => {
    const groupId = randomUUID();
    await ctx.db
      .insertInto('groups')
      .values({ id: groupId, name: `G ${groupId}` })
      .execute();
    for (const usersToGenerate of ['many', 'NaN', true]) {
      const r = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId, usersToGenerate } });
      expect(r.status).toBe(400);
    }
    const unknown = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId: 'nope', usersToGenerate: 3 } });
    expect(unknown.status).toBe(404);
    expect(await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute()).toEqual([]);
  });
});

describe('subgroups (OpenAI provider against a fake OpenAI REST server)', () => {
  let fake: FakeOpenAiRest;
  let ctx: TestContext;
  let admin: string;
  beforeAll(async () => {
    fake = startFakeOpenAiRest();
    ctx = await createTestContext({ config: { openaiApiKey: 'sk-test', openaiBaseUrl: fake.baseUrl } });
    admin = await ctx.staffCookie('admin');
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fake.stop();
  });

  test('embeddings split the clusters, the model names them with the admin prompt, and the cost is reported', async () => {
    await ctx.db.updateTable('prompts').set({ prompt: 'ADMIN NAMING PROMPT' }).where('name', '=', 'subgroup_naming').execute();
    const { groupId, users } = await groupWith(ctx, [...OUTDOORS, ...MAKERS]);
    let n = 0;
    fake.reply = (body) =>
      body.response_format ? JSON.stringify({ name: `Circle ${++n}`, description: `Described ${n}.` }) : 'Fits this circle well.';
    const r = await ctx.request('POST', '/api/assign-subgroups', { cookie: admin, body: { groupId, usersPerGroup: 6 } });
    expect(r.status).toBe(200);
    expect(r.body.usersAssigned).toBe(12);
    expect(r.body.cost.total_cost).toBeGreaterThan(0);
    checkClusters(await membersBySubgroup(ctx, groupId), users);
    const naming = fake.chatRequests().filter((b) => b.response_format);
    expect(naming).toHaveLength(2);
    expect(naming[0].messages[0].content).toStartWith('ADMIN NAMING PROMPT');
    const subgroups = await ctx.db
      .selectFrom('subgroups')
      .select(['name', 'description'])
      .where('group_id', '=', groupId)
      .orderBy('name')
      .execute();
    expect(subgroups).toEqual([
      { name: 'Circle 1', description: 'Described 1.' },
      { name: 'Circle 2', description: 'Described 2.' },
    ]);
  });

  test('test users come from the model; an unusable answer is 502 and creates nobody', async () => {
    const groupId = randomUUID();
    await ctx.db.insertInto('groups').values({ id: groupId, name: 'Model Town' }).execute();
    let n = 0;
    fake.reply = () => JSON.stringify({ name: `Tess_${++n}`, profile: `Tess ${n} loves kayaking.` });
    const ok = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId, usersToGenerate: 3 } });
    expect(ok.status).toBe(200);
    expect(ok.body.users.map((u: { name: string }) => u.name).sort()).toEqual(['Tess1', 'Tess2', 'Tess3']);
    fake.reply = () => 'Sorry, I cannot help with that.';
    const bad = await ctx.request('POST', '/api/generate-test-users', { cookie: admin, body: { groupId, usersToGenerate: 2 } });
    expect(bad.status).toBe(502);
    const members = await ctx.db.selectFrom('group_members').select('user_id').where('group_id', '=', groupId).execute();
    expect(members).toHaveLength(3);
  });
});
