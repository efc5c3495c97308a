import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { checkClientEvent } from '../../realtime/client-events';
import { TestSocket } from '../../realtime/test-support';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence } from '../../test/sequence-fixtures';

// Issue 23 §4: the page's hearth.turn_taking totals, checked by the relay, stored when the session ends, and
// summed per sequence version for admins. The relay runs on the local provider (no OPENAI_API_KEY).

const ORIGIN = 'http://hearth.test';
let ctx: TestContext;
let wsUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
});

const totals = (turns: number, cutOffs = 0, prematureCommits = 0, deadAirs = 0, selfInterruptions = 0) => ({
  type: 'hearth.turn_taking',
  turns,
  cutOffs,
  prematureCommits,
  deadAirs,
  selfInterruptions,
});

const rowOf = (sessionId: string) =>
  ctx.db.selectFrom('turn_taking_sessions').selectAll().where('session_id', '=', sessionId).executeTakeFirst();

/** A session on `page` that reports `reports` in order, then ends; returns its id once the relay has finished it. */
async function measuredSession(page: 'user' | 'console' | 'testing', cookie: string, reports: object[], before: object[] = []) {
  const client = await TestSocket.open(`${wsUrl}?page=${page}`, { origin: ORIGIN, cookie });
  await client.waitFor('hearth.session');
  const sessionId = String((await client.waitFor('hearth.resumable')).token).split('.')[0];
  for (const event of before) client.send(event);
  for (const report of reports) client.send(report);
  client.send({ type: 'hearth.end_session' });
  await client.waitFor('hearth.post_chat');
  expect((await client.closed).code).toBe(1000);
  return sessionId;
}

describe('hearth.turn_taking from the page', () => {
  test('whole numbers, each count at most the turns; anything else is refused', () => {
    const ok = checkClientEvent({ ...totals(4, 1, 2, 3, 4), extra: 'dropped' }, { staff: false });
    expect(ok).toEqual({ ok: true, event: totals(4, 1, 2, 3, 4) as never });
    expect(checkClientEvent(totals(0), { staff: false }).ok).toBe(true);
    for (const bad of [
      totals(-1),
      totals(2.5),
      totals(3, 4),
      totals(3, 0, 0, 0, 4),
      { ...totals(3), deadAirs: '1' },
      { ...totals(3), selfInterruptions: undefined },
      { type: 'hearth.turn_taking' },
      totals(1_000_000),
    ]) {
      expect(checkClientEvent(bad, { staff: false }).ok).toBe(false);
    }
  });

  test("a member's session stores its latest totals once it ends, under its module, version and turn detection", async () => {
    const user = await ctx.createUser('Turn Taker');
    const cookie = await ctx.userCookie(user.id);
    // A sane page reports after every turn: the socket stays open all along, and the latest report counts.
    const sessionId = await measuredSession('user', cookie, [totals(1, 0, 0, 1), totals(2, 1, 0, 1), totals(3, 1, 1, 1, 1)]);
    const row = await rowOf(sessionId);
    expect(row).toMatchObject({
      module_name: 'Get to Know You',
      version: 1,
      page: 'user',
      turn_detection: 'server_vad',
      turns: 3,
      cut_offs: 1,
      premature_commits: 1,
      dead_airs: 1,
      self_interruptions: 1,
    });
    expect(row?.sequence_id).toBeNumber();
    expect(row?.ended_at).toBeInstanceOf(Date);
  });

  test('push-to-talk on the console is stored as manual; a session that measured no turn stores nothing', async () => {
    const cookie = await ctx.staffCookie('operator');
    const manual = { type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } };
    const sessionId = await measuredSession('console', cookie, [totals(2, 0, 0, 2)], [manual]);
    expect(await rowOf(sessionId)).toMatchObject({ page: 'console', turn_detection: 'manual', module_name: 'default_Check In', turns: 2 });
    expect(await rowOf(await measuredSession('console', cookie, [totals(0)]))).toBeUndefined();
    expect(await rowOf(await measuredSession('console', cookie, []))).toBeUndefined();
  });

  test('invalid totals close the socket with 1008', async () => {
    const client = await TestSocket.open(`${wsUrl}?page=console`, { origin: ORIGIN, cookie: await ctx.staffCookie('operator') });
    await client.waitFor('hearth.session');
    client.send(totals(2, 3));
    expect((await client.closed).code).toBe(1008);
  });
});

describe('GET /api/turn-taking', () => {
  test('rates per version, members apart from staff, per turn detection', async () => {
    const seq = await ctx.db.selectFrom('sequences').select('id').where('name', '=', 'Get to Know You').executeTakeFirstOrThrow();
    await ctx.db.deleteFrom('turn_taking_sessions').where('sequence_id', '=', seq.id).execute();
    const row = (id: string, page: string, turnDetection: string, version: number, counts: number[]) => ({
      session_id: id,
      sequence_id: seq.id,
      module_name: 'Get to Know You',
      version,
      page,
      turn_detection: turnDetection,
      turns: counts[0] as number,
      cut_offs: counts[1] as number,
      premature_commits: counts[2] as number,
      dead_airs: counts[3] as number,
      self_interruptions: counts[4] as number,
    });
    await ctx.db
      .insertInto('turn_taking_sessions')
      .values([
        row('tt-a', 'user', 'server_vad', 1, [10, 1, 2, 3, 0]),
        row('tt-b', 'user', 'server_vad', 1, [10, 3, 0, 1, 0]),
        row('tt-c', 'console', 'server_vad', 1, [4, 0, 0, 0, 4]),
        row('tt-d', 'testing', 'semantic_vad', 1, [5, 0, 1, 0, 0]),
        row('tt-e', 'user', 'server_vad', 2, [8, 2, 0, 0, 1]),
      ])
      .execute();
    const res = await ctx.request('GET', `/api/turn-taking?sequence=${encodeURIComponent('Get to Know You.json')}`, {
      cookie: await ctx.staffCookie('admin'),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      sequence: 'Get to Know You.json',
      versions: [
        {
          version: 2,
          turnDetection: 'server_vad',
          source: 'members',
          sessions: 1,
          turns: 8,
          cutOffRate: 0.25,
          prematureCommitRate: 0,
          deadAirRate: 0,
          selfInterruptionRate: 0.125,
        },
        {
          version: 1,
          turnDetection: 'server_vad',
          source: 'members',
          sessions: 2,
          turns: 20,
          cutOffRate: 0.2,
          prematureCommitRate: 0.1,
          deadAirRate: 0.2,
          selfInterruptionRate: 0,
        },
        {
          version: 1,
          turnDetection: 'server_vad',
          source: 'staff',
          sessions: 1,
          turns: 4,
          cutOffRate: 0,
          prematureCommitRate: 0,
          deadAirRate: 0,
          selfInterruptionRate: 1,
        },
        {
          version: 1,
          turnDetection: 'semantic_vad',
          source: 'staff',
          sessions: 1,
          turns: 5,
          cutOffRate: 0,
          prematureCommitRate: 0.2,
          deadAirRate: 0,
          selfInterruptionRate: 0,
        },
      ],
    });
  });

  test('a sequence nobody talked to has no versions; unknown is 404, missing 400, operators 403', async () => {
    const admin = await ctx.staffCookie('admin');
    await insertSequence(ctx.db, 'Quiet One', { versions: [{ version: 1 }] });
    const empty = await ctx.request('GET', '/api/turn-taking?sequence=quiet%20one', { cookie: admin });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ sequence: 'Quiet One.json', versions: [] });
    expect((await ctx.request('GET', '/api/turn-taking?sequence=Nope', { cookie: admin })).status).toBe(404);
    expect((await ctx.request('GET', '/api/turn-taking', { cookie: admin })).status).toBe(400);
    const operator = await ctx.staffCookie('operator');
    expect((await ctx.request('GET', '/api/turn-taking?sequence=Nope', { cookie: operator })).status).toBe(403);
  });
});
