import { afterAll, beforeAll, expect, test } from 'bun:test';
import { startFakeRealtime, type FakeRealtime } from '../test/fake-openai-realtime';
import type { TestContext } from '../test/harness';
import { recordStatements } from '../test/record-statements';
import { openAiContext, ORIGIN } from './relay-fixture';
import { TestSocket } from './test-support';

// A room of pages opening at once (issue 23): they must meet at the database together, in a few admission
// transactions and shared module reads, on PGlite as on PostgreSQL. Before, PGlite took them one at a time.
let fake: FakeRealtime;
let ctx: TestContext;
let url: string;
const statements: string[] = [];

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: 'sk-test-relay-key', autoRespond: false });
  ({ ctx, url } = await openAiContext(fake, { maxLiveSessions: 100, sessionsPerStaff: 100 }));
  ctx.deps.db = ctx.handle.db.withPlugin(recordStatements(statements));
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
});

test('40 pages opening at once (30 members, 10 staff) are looked up and admitted in a few statements, share the module reads, and are not polled every second on PGlite', async () => {
  const cookies = [
    ...(await Promise.all(Array.from({ length: 30 }, async (_, i) => ctx.userCookie((await ctx.createUser(`Burst ${i}`)).id)))).map(
      (cookie) => ({ cookie, page: 'user' }),
    ),
    ...Array.from({ length: 10 }, () => ({ cookie: '', page: 'console' })),
  ];
  const staff = await ctx.staffCookie('operator');
  statements.length = 0;
  const pages = await Promise.all(
    cookies.map(({ cookie, page }) => TestSocket.open(`${url}?page=${page}`, { origin: ORIGIN, cookie: cookie || staff })),
  );
  const sessions = await Promise.all(pages.map((p) => p.waitFor('hearth.session', () => true, 15_000)));
  expect(sessions).toHaveLength(40);
  expect(await ctx.db.selectFrom('live_voice_sessions').select('id').execute()).toHaveLength(40);

  const admissions = statements.filter((s) => s.includes('pg_advisory_xact_lock')).length;
  const moduleLists = statements.filter((s) => s.startsWith('select "name" from "sequences"')).length;
  const signInLookups = statements.filter((s) => s.includes('from "sessions" inner join')).length;
  const membersMinutes = statements.filter((s) => s.includes('from "voice_sessions" as "v"')).length;
  // One each per page when they came one at a time; batched, a handful (how many depends on how the upgrades arrive).
  expect(admissions).toBeGreaterThan(0);
  expect(admissions).toBeLessThanOrEqual(10);
  expect(moduleLists).toBeGreaterThan(0);
  expect(moduleLists).toBeLessThanOrEqual(10);
  expect(signInLookups).toBeGreaterThan(0);
  expect(signInLookups).toBeLessThanOrEqual(10);
  expect(membersMinutes).toBeGreaterThan(0);
  expect(membersMinutes).toBeLessThanOrEqual(10);

  // While they stay live, nothing asks the database on their behalf each second on PGlite: its notifications cannot be
  // lost, so the fallback poll is a backstop (30 s). PostgreSQL keeps its every-second poll.
  statements.length = 0;
  await Bun.sleep(2500);
  const polls = statements.filter((s) => s.includes('md5(string_agg(id')).length;
  if (ctx.deps.dbKind === 'pglite') expect(polls).toBe(0);
  else expect(polls).toBeGreaterThanOrEqual(1);

  // Closing together, their rows go in a few deletes (each wakes the instance's check by its notification).
  statements.length = 0;
  for (const p of pages) p.close();
  await Promise.all(pages.map((p) => p.closed));
  const deadline = Date.now() + 5000;
  while ((await ctx.db.selectFrom('live_voice_sessions').select('id').execute()).length > 0 && Date.now() < deadline) await Bun.sleep(20);
  expect(await ctx.db.selectFrom('live_voice_sessions').select('id').execute()).toHaveLength(0);
  const deletes = statements.filter((s) => s.startsWith('delete from "live_voice_sessions"')).length;
  expect(deletes).toBeGreaterThan(0);
  expect(deletes).toBeLessThanOrEqual(20); // 40 when each row went alone
});
