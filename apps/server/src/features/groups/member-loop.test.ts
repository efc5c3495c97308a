// The group detail's members carry their community-loop state (PRODUCT §11): the met questions about their current
// subgroup. Runs on PGlite, and on PostgreSQL when DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: string;
let groupId: string;
const users: Record<string, { id: string; fileName: string }> = {};

const subgroup = (n: number) => `${groupId}-s${n}`;

async function ask(userId: string, subgroupId: string | null, round: 'met' | 'met_again', fields: Record<string, unknown> = {}) {
  await ctx.db
    .insertInto('met_asks')
    .values({
      id: `${userId}-${subgroupId}-${round}`,
      group_id: groupId,
      user_id: userId,
      subgroup_id: subgroupId,
      round,
      channel: 'sms',
      asked_at: '2026-12-03T09:00:00Z',
      last_asked_at: '2026-12-03T09:00:00Z',
      ...fields,
    })
    .execute();
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  groupId = (await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Loop Group' } })).body.id;
  for (const name of ['Ann', 'Bob', 'Cy', 'Dee', 'Eli']) {
    users[name] = await ctx.createUser(name);
    await ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId, userFile: users[name].fileName } });
  }
  await ctx.db
    .insertInto('subgroups')
    .values([1, 2].map((n) => ({ id: subgroup(n), group_id: groupId, name: `Walkers ${n}`, description: '' })))
    .execute();
  const place = (names: string[], subgroupId: string) =>
    ctx.db
      .updateTable('group_members')
      .set({ subgroup_id: subgroupId, assigned_at: '2026-12-01T09:00:00Z' })
      .where('group_id', '=', groupId)
      .where(
        'user_id',
        'in',
        names.map((n) => users[n].id),
      )
      .execute();
  // Ann: placed, never asked. Bob: asked by e-mail, no answer. Cy: said yes on the card, then asked again by SMS.
  // Dee: asked about subgroup 1, since moved to subgroup 2 (that old question is not about her group now). Eli: no subgroup.
  await place(['Ann', 'Bob', 'Cy'], subgroup(1));
  await place(['Dee'], subgroup(2));
  await ask(users.Bob.id, subgroup(1), 'met', { channel: 'email', ask_count: 2, last_asked_at: '2026-12-04T10:30:00Z' });
  await ask(users.Cy.id, subgroup(1), 'met', { answer: 'yes', answered_at: '2026-12-05T18:00:00Z', answered_via: 'card' });
  await ask(users.Cy.id, subgroup(1), 'met_again', { asked_at: '2027-01-02T09:00:00Z', last_asked_at: '2027-01-02T09:00:00Z' });
  await ask(users.Dee.id, subgroup(1), 'met', { answer: 'no', answered_at: '2026-12-05T08:00:00Z', answered_via: 'sms' });
  // A question whose subgroup was deleted by a new assignment keeps a null subgroup.
  await ask(users.Eli.id, null, 'met', { answer: 'yes', answered_at: '2026-12-05T08:00:00Z', answered_via: 'sms' });
});
afterAll(() => ctx.close());

const loopOf = async (name: string) => {
  const res = await ctx.request('GET', `/api/get-group/${groupId}?page=1`, { cookie: admin });
  expect(res.status).toBe(200);
  return res.body.members.find((m: { name: string }) => m.name === name).loop;
};

describe('GET /api/get-group/{groupId}?page= members[].loop', () => {
  test('a member never asked has no questions', async () => {
    expect(await loopOf('Ann')).toEqual({ met: null, metAgain: null });
  });

  test('an asked member shows when, how often and how, with no answer yet', async () => {
    expect(await loopOf('Bob')).toEqual({
      met: {
        askedAt: '2026-12-03T09:00:00.000Z',
        lastAskedAt: '2026-12-04T10:30:00.000Z',
        askCount: 2,
        channel: 'email',
        answer: null,
        answeredAt: null,
        answeredVia: null,
      },
      metAgain: null,
    });
  });

  test('an answer, and the second round, are shown', async () => {
    const loop = await loopOf('Cy');
    expect(loop.met).toMatchObject({ answer: 'yes', answeredAt: '2026-12-05T18:00:00.000Z', answeredVia: 'card', askCount: 1 });
    expect(loop.metAgain).toMatchObject({ askedAt: '2027-01-02T09:00:00.000Z', answer: null, channel: 'sms' });
  });

  test("a reassigned member's question about an earlier subgroup is not shown", async () => {
    expect(await loopOf('Dee')).toEqual({ met: null, metAgain: null });
    expect(await loopOf('Eli')).toEqual({ met: null, metAgain: null });
  });

  test("SPEC's unpaged answer stays without loop", async () => {
    const res = await ctx.request('GET', `/api/get-group/${groupId}`, { cookie: admin });
    expect(res.body.members).toHaveLength(5);
    expect(res.body.members[0].loop).toBeUndefined();
  });
});
