import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { CLOSE_CODES } from '@hearth/protocol';
import { startFakeRealtime, type FakeRealtime } from '../test/fake-openai-realtime';
import { startTwoInstances, type TwoInstances } from './live-fixture';
import type { AppDeps } from '../deps';
import { LiveRegistry } from './live-registry';
import { admitLiveSessions, liveDigestOf, liveIdsDigest, type LiveAdmitResult, type LiveRow } from './live-repository';
import { KEY, ORIGIN } from './relay-fixture';
import { TestSocket } from './test-support';

// PRODUCT §3/§8: the limits hold for the whole product. Two instances on one database (see live-fixture.ts for
// how PGlite stands in when DATABASE_URL is unset) must behave as one.
let fake: FakeRealtime;
let two: TwoInstances;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  two = await startTwoInstances(fake, { maxLiveSessions: 3, sessionsPerStaff: 2, dailyMinutesPerUser: 5 });
});
// A closed session's row goes right after its upstream closes; the next test counts from an empty table.
afterEach(() => waitUntil(async () => (await liveRows()).length === 0));
afterAll(async () => {
  await two.stop();
  await fake.stop();
});

/** A session that must be admitted: a refusal fails with its close code and reason rather than a timeout. */
async function open(url: string, cookie: string, query = '') {
  const client = await TestSocket.open(`${url}${query}`, { origin: ORIGIN, cookie });
  let admitted = false;
  const refused = client.closed.then(async (c): Promise<never> => {
    if (admitted) return new Promise<never>(() => {});
    throw new Error(`refused: ${c.code} ${c.reason}; live rows: ${JSON.stringify(await liveRows().catch(() => []))}`);
  });
  const upstream = await Promise.race([fake.nextConnection(15_000), refused]);
  const session = await Promise.race([client.waitFor('hearth.session', () => true, 15_000), refused]);
  admitted = true;
  return { client, upstream, session };
}
const refusal = async (url: string, cookie: string, query = '') =>
  (await TestSocket.open(`${url}${query}`, { origin: ORIGIN, cookie })).closed;
const liveRows = () => two.ctx.db.selectFrom('live_voice_sessions').selectAll().execute();

describe('limits across two instances on one database', () => {
  test('the same end user on the other instance replaces the older session (4000); the newer one goes on', async () => {
    const user = await two.ctx.createUser('Ada');
    const older = await open(two.a.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
    const [olderRow] = await liveRows();
    const newer = await open(two.b.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
    expect(await older.client.closed).toMatchObject({ code: 4000, reason: 'Replaced by a newer session' });
    await older.upstream.closed;
    newer.client.send({ type: 'input_audio_buffer.commit' });
    await newer.upstream.waitFor('input_audio_buffer.commit');
    await waitUntil(async () => (await liveRows()).length === 1);
    const [newerRow] = await liveRows();
    expect(newerRow.user_id).toBe(user.id);
    expect(newerRow.instance_id).not.toBe(olderRow.instance_id);
    newer.client.close();
    await newer.upstream.closed;
  });

  test('the same end user opening three pages at once on one instance keeps exactly one session (admitted together or not)', async () => {
    const user = await two.ctx.createUser('Tri');
    const cookie = await two.ctx.userCookie(user.id);
    const upstreamsBefore = fake.connections.length;
    const clients = await Promise.all([1, 2, 3].map(() => TestSocket.open(`${two.a.wsUrl}?page=user`, { origin: ORIGIN, cookie })));
    let replaced = 0;
    const codes = clients.map((c) => c.closed.then((info) => (info.code === 4000 && replaced++, info.code)));
    // Two are replaced, whichever order their admissions took; the third is the one live row and goes on.
    await waitUntil(async () => replaced === 2);
    await waitUntil(async () => (await liveRows()).length === 1);
    expect((await liveRows())[0]).toMatchObject({ user_id: user.id, ended_reason: null });
    for (const c of clients) c.close();
    expect((await Promise.all(codes)).sort()).toEqual([1000, 4000, 4000]);
    // Later tests take the fake's connections in order: hand over the ones made here, once closed.
    const made = fake.connections.length - upstreamsBefore;
    for (let i = 0; i < made; i++) await (await fake.nextConnection()).closed;
  });

  test('LIMIT_LIVE_SESSIONS counts both instances: with 3 live, the fourth is refused (1013) and opens no upstream', async () => {
    const cookies = await Promise.all(
      ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test'].map((email) => two.ctx.staffCookie('operator', email)),
    );
    const s1 = await open(two.a.wsUrl, cookies[0]);
    const s2 = await open(two.b.wsUrl, cookies[1]);
    const s3 = await open(two.a.wsUrl, cookies[2]);
    const before = fake.attempts;
    expect(await refusal(two.b.wsUrl, cookies[3])).toMatchObject({ code: 1013, reason: 'Too many live sessions' });
    expect(await refusal(two.a.wsUrl, cookies[3])).toMatchObject({ code: 1013 });
    expect(fake.attempts).toBe(before);
    // A place freed on one instance is free on the other.
    s1.client.close();
    await s1.upstream.closed;
    await waitUntil(async () => (await liveRows()).length === 2);
    const s4 = await open(two.b.wsUrl, cookies[3]);
    for (const s of [s2, s3, s4]) s.client.close();
    await Promise.all([s2, s3, s4].map((s) => s.upstream.closed));
  });

  test('LIMIT_SESSIONS_PER_STAFF counts one account on both instances (4004); another account is not affected', async () => {
    const operator = await two.ctx.staffCookie('operator', 'busy@x.test');
    const s1 = await open(two.a.wsUrl, operator, '?page=testing');
    const s2 = await open(two.b.wsUrl, operator, '?page=console');
    expect(await refusal(two.a.wsUrl, operator)).toMatchObject({ code: 4004, reason: 'Too many live sessions for this account' });
    const other = await open(two.b.wsUrl, await two.ctx.staffCookie('admin', 'other@x.test'));
    for (const s of [s1, s2, other]) s.client.close();
    await Promise.all([s1, s2, other].map((s) => s.upstream.closed));
  });

  test('daily minutes count a session live on the other instance; a refused newer session leaves the older one live', async () => {
    const user = await two.ctx.createUser('Bea');
    const first = await open(two.a.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
    // As if it had been going for 5 minutes already (LIMIT_DAILY_MINUTES is 5 here).
    await two.ctx.db
      .updateTable('voice_sessions')
      .set({ started_at: new Date(Date.now() - 5 * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(await refusal(two.b.wsUrl, await two.ctx.userCookie(user.id), '?page=user')).toMatchObject({
      code: 4002,
      reason: 'Daily voice minutes used up',
    });
    first.client.send({ type: 'input_audio_buffer.commit' });
    await first.upstream.waitFor('input_audio_buffer.commit');
    first.client.close();
    await first.upstream.closed;
  });
});

describe("the every-second check's digest", () => {
  // The check reads an instance's rows only when the digest of its active ids differs from the ids it holds, or a
  // row was ended elsewhere; if the two digests disagreed for the same ids, every check would read every row.
  test("matches the instance's own ids in any order, not a subset of them; a row ended elsewhere still ends its session", async () => {
    const [ada, bo] = [await two.ctx.createUser('Ada'), await two.ctx.createUser('Bo')];
    const first = await open(two.a.wsUrl, await two.ctx.userCookie(ada.id), '?page=user');
    const second = await open(two.a.wsUrl, await two.ctx.userCookie(bo.id), '?page=user');
    const rows = await liveRows();
    expect(rows.length).toBe(2);
    const instance = rows[0]!.instance_id;
    const ids = rows.map((r) => r.id);
    expect(await liveDigestOf(two.ctx.db, instance)).toEqual({ digest: liveIdsDigest([...ids].reverse()), ended: 0 });
    expect(liveIdsDigest(ids)).not.toBe(liveIdsDigest([ids[0]!]));
    expect(await liveDigestOf(two.ctx.db, 'no-such-instance')).toEqual({ digest: null, ended: 0 });
    // Marked ended by another instance: counted as ended, out of the active digest (the session then closes).
    await two.ctx.db.updateTable('live_voice_sessions').set({ ended_reason: 'replaced' }).where('id', '=', ids[0]!).execute();
    expect(await first.client.closed).toMatchObject({ code: 4000 });
    second.client.close();
    await Promise.all([first.upstream.closed, second.upstream.closed]);
  });
});

describe('admissions batched in one transaction', () => {
  // Sessions starting at once share one transaction (LiveRegistry batches them). Each must be decided exactly as
  // if it had been admitted alone, in the same order.
  const limits = { maxLiveSessions: 4, sessionsPerUser: 1, sessionsPerStaff: 2, maxSessionMinutes: 60, dailyMinutesPerUser: 5 };
  const [staffA, staffB] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
  const owner = async () => (await two.ctx.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow()).token_hash;
  const summary = (results: LiveAdmitResult[]) => results.map((r) => (r.ok ? `ok ${r.replaced.join(',')}`.trim() : r.reason));
  const clear = (instance: string) => two.ctx.db.deleteFrom('live_voice_sessions').where('instance_id', '=', instance).execute();

  test('the global cap, the staff cap and a user replacing their own earlier session hold inside one batch', async () => {
    await two.ctx.createUser('Batch');
    const authSession = await owner();
    const rows = (instance: string): LiveRow[] =>
      (
        [
          ['1', 'user-x', null],
          ['2', 'user-x', null], // replaces 1
          ['3', null, staffA],
          ['4', null, staffA],
          ['5', null, staffA], // staff A has 2
          ['6', null, staffB],
          ['7', 'user-x', null], // replaces 2: 4 live before it, 4 after
          ['8', null, staffB], // 4 live: full
        ] as const
      ).map(([id, userId, staffId]) => ({ id: `${instance}-${id}`, instanceId: instance, userId, staffId, authSession }));
    try {
      const batch = await admitLiveSessions(two.ctx.db, rows('batch'), limits);
      expect(summary(batch)).toEqual(['ok', 'ok batch-1', 'ok', 'ok', 'staff_full', 'ok', 'ok batch-2', 'full']);
      const stored = await two.ctx.db
        .selectFrom('live_voice_sessions')
        .select(['id', 'ended_reason'])
        .where('instance_id', '=', 'batch')
        .orderBy('started_at')
        .execute();
      expect(stored.map((r) => `${r.id}${r.ended_reason ? ` ${r.ended_reason}` : ''}`)).toEqual([
        'batch-1 replaced',
        'batch-2 replaced',
        'batch-3',
        'batch-4',
        'batch-6',
        'batch-7',
      ]);
      await clear('batch');
      // The same sessions admitted one at a time decide the same.
      const alone = [];
      for (const row of rows('alone')) alone.push(...(await admitLiveSessions(two.ctx.db, [row], limits)));
      expect(summary(alone)).toEqual(summary(batch).map((s) => s.replaceAll('batch-', 'alone-')));
    } finally {
      await clear('batch');
      await clear('alone');
    }
  });

  test('a session replaced by a later one of its own batch is ended by its instance', async () => {
    const registry = new LiveRegistry({ db: two.ctx.db, config: { limits } } as unknown as AppDeps, {
      heartbeatMs: 60_000,
      pollMs: 60_000,
    });
    const authSession = await owner();
    const ended: string[] = [];
    try {
      // same-1 goes alone; same-2 and same-3 wait for it and go together, so same-3 replaces same-2 inside that batch.
      const results = await Promise.all(
        ['same-1', 'same-2', 'same-3'].map((id) =>
          registry.admit({ id, userId: 'user-batched', staffId: null, authSession }, (cause) => ended.push(`${id} ${cause}`)),
        ),
      );
      expect(results.map((r) => r.ok && r.replaced)).toEqual([[], ['same-1'], ['same-2']]);
      await waitUntil(async () => ended.length === 2);
      expect(ended.sort()).toEqual(['same-1 replaced', 'same-2 replaced']);
      expect(registry.size).toBe(1);
    } finally {
      await registry.stop();
    }
  });

  test("a batch that fails is retried one by one, so one session's error refuses only that session", async () => {
    const registry = new LiveRegistry({ db: two.ctx.db, config: { limits } } as unknown as AppDeps, {
      heartbeatMs: 60_000,
      pollMs: 60_000,
    });
    const authSession = await owner();
    const row = (id: string, auth: string) => ({ id, userId: null, staffId: staffA, authSession: auth });
    try {
      // The first goes alone; the next two wait for it and go together, and the sign-in of one of them is gone.
      const admissions = [
        registry.admit(row('retry-1', authSession), () => {}),
        registry.admit(row('retry-2', 'no-such-sign-in'), () => {}),
        registry.admit(row('retry-3', authSession), () => {}),
      ].map((p) =>
        p.then(
          (r) => (r.ok ? 'ok' : r.reason),
          () => 'error',
        ),
      );
      expect(await Promise.all(admissions)).toEqual(['ok', 'error', 'ok']);
    } finally {
      await registry.stop();
    }
  });
});

describe('a crashed instance', () => {
  test('its sessions stop counting once their heartbeat is 30 s old; a fresh heartbeat still counts', async () => {
    const crashed = 'crashed-instance';
    const owner = (await two.ctx.db.selectFrom('sessions').select('token_hash').executeTakeFirstOrThrow()).token_hash;
    const row = (id: string, heartbeatAgoS: number) => ({
      id,
      instance_id: crashed,
      auth_session: owner,
      started_at: sql<Date>`now() - interval '1 minute'`,
      heartbeat_at: sql<Date>`now() - make_interval(secs => ${heartbeatAgoS})`,
    });
    await two.ctx.db
      .insertInto('live_voice_sessions')
      .values([row('crash-1', 31), row('crash-2', 45), row('crash-3', 120)])
      .execute();
    try {
      const cookies = await Promise.all(['e@x.test', 'f@x.test', 'g@x.test'].map((email) => two.ctx.staffCookie('operator', email)));
      const live = [await open(two.a.wsUrl, cookies[0]), await open(two.b.wsUrl, cookies[1]), await open(two.a.wsUrl, cookies[2])];
      for (const s of live) s.client.close();
      await Promise.all(live.map((s) => s.upstream.closed));
      await waitUntil(async () => (await liveRows()).every((r) => r.instance_id === crashed));

      // The same instance still heartbeating (29 s ago): its sessions count, so the cap of 3 is reached at 2 more.
      await two.ctx.db
        .updateTable('live_voice_sessions')
        .set({ heartbeat_at: sql<Date>`now() - interval '29 seconds'` })
        .where('id', '=', 'crash-1')
        .execute();
      const more = [await open(two.b.wsUrl, cookies[0]), await open(two.a.wsUrl, cookies[1])];
      expect(await refusal(two.b.wsUrl, cookies[2])).toMatchObject({ code: 1013 });
      for (const s of more) s.client.close();
      await Promise.all(more.map((s) => s.upstream.closed));
    } finally {
      await two.ctx.db.deleteFrom('live_voice_sessions').where('instance_id', '=', crashed).execute();
    }
  });

  test("a killed instance's unfinished session is charged only up to its last heartbeat", async () => {
    const user = await two.ctx.createUser('Cy');
    const first = await open(two.a.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
    // Instance A "dies": its heartbeat stopped 10 minutes ago, 1 minute into a session that began 11 minutes ago.
    await two.ctx.db
      .updateTable('voice_sessions')
      .set({ started_at: new Date(Date.now() - 11 * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    await two.ctx.db
      .updateTable('live_voice_sessions')
      .set({ heartbeat_at: sql<Date>`now() - interval '10 minutes'`, started_at: sql<Date>`now() - interval '11 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    // 5 daily minutes: 11 minutes would be refused; 1 minute (up to the last heartbeat) is not.
    const second = await open(two.b.wsUrl, await two.ctx.userCookie(user.id), '?page=user');
    // A's stale row was not "replaced": a crashed instance cannot be told anything, its row just stops counting.
    second.client.close();
    await second.upstream.closed;
    first.client.close();
    await first.upstream.closed;
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await Bun.sleep(20);
  }
}
