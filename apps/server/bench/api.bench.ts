/**
 * `bun run bench:api`: the admin users table (GET /api/get-all-users-info) with 10,000 users, through the
 * whole app (auth, SQL, JSON), on embedded PGlite and on PostgreSQL (DATABASE_URL, else the local server at
 * postgres://postgres@127.0.0.1:5432/postgres; the bench creates and drops a database of its own there).
 * BENCH_ONLY=pglite or BENCH_ONLY=postgres runs one of the two.
 */
import { cpus, loadavg } from 'node:os';
import postgres from 'postgres';
import { sql } from 'kysely';
import { migrateToLatest, newPglite, pgliteHandle, postgresHandle, type DatabaseHandle, type DB } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createProviders } from '../src/providers';
import { outboxOnly } from '../src/features/messages/outbox';
import { Shutdown } from '../src/shutdown';
import { hashToken, newToken, STAFF_COOKIE } from '../src/plugins/auth';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const USERS = 10_000;
const GROUPS = 60;
const RUNS = 50;
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const cases: Array<[label: string, query: string]> = [
  ['page 1, by name', '?page=1&pageSize=100'],
  ['page 57, name desc', '?page=57&pageSize=100&sort=name:desc'],
  ['page 20, by email', '?page=20&pageSize=100&sort=email:asc'],
  ['page 1, total minutes desc', '?page=1&pageSize=100&sort=totalDurationOfAllSections:desc'],
  ['page 40, last conversation', '?page=40&pageSize=100&sort=lastConversationDate:desc'],
  ['page 3, last module', '?page=3&pageSize=100&sort=lastModuleUsed:asc'],
  ['search "an", page 1', '?page=1&pageSize=100&q=an'],
  ['unpaged (all 10,000)', ''],
];

/** Bulk fill in SQL (generate_series), deterministic, the same on both databases. */
async function fill(db: DB) {
  const t0 = performance.now();
  await sql`insert into users (id, name, file_name, email, phone_number, profile_for_group)
    select 'u' || lpad(i::text, 6, '0'), n, 'u' || lpad(i::text, 6, '0') || '_' || lower(n) || '.json',
      case when i % 4 <> 0 then lower(n) || i || '@example.org' end,
      case when i % 3 <> 0 then '+1415' || lpad((5550000 + i)::text, 7, '0') end,
      'Profile of ' || n || ': ' || repeat('likes walks and bread. ', 6)
    from generate_series(1, ${USERS}) i,
      lateral (select initcap(translate(substr(md5(i::text), 1, 7), '0123456789', 'aeiouybdnr')) || ' '
        || initcap(translate(substr(md5((i * 7)::text), 1, 9), '0123456789', 'aeiouylmst')) as n) names`.execute(db);
  await sql`insert into groups (id, name) select 'g' || i, 'Group ' || i from generate_series(1, ${GROUPS}) i`.execute(db);
  await sql`insert into subgroups (id, group_id, name, description)
    select 'g' || g || 's' || s, 'g' || g, 'Subgroup ' || s, 'People who like ' || s
    from generate_series(1, ${GROUPS}) g, generate_series(1, 4) s`.execute(db);
  // 0–3 groups per user; some members placed in a subgroup.
  await sql`insert into group_members (group_id, user_id, subgroup_id, user_description)
    select distinct on (gid, uid) gid, uid, case when (i + k) % 2 = 0 then gid || 's' || (1 + (i + k) % 4) end, 'A member'
    from generate_series(1, ${USERS}) i
      cross join lateral generate_series(1, (i * 31) % 4) k
      cross join lateral (select 'g' || (1 + (i * 13 + k * 17) % ${GROUPS}) as gid, 'u' || lpad(i::text, 6, '0') as uid) x`.execute(db);
  // 0–8 conversations per user across 6 modules, 1–40 minutes each, within the last year.
  await sql`insert into section_records (user_id, module_name, start_time, end_time)
    select 'u' || lpad(i::text, 6, '0'), 'Module ' || ((i + k) % 6),
      timestamptz '2026-01-01' - make_interval(mins => (i * 97 + k * 5003) % 525600 + 1 + (i + k) % 40),
      timestamptz '2026-01-01' - make_interval(mins => (i * 97 + k * 5003) % 525600)
    from generate_series(1, ${USERS}) i cross join lateral generate_series(1, (i * 7919) % 9) k`.execute(db);
  await sql`insert into quiz_summaries (user_id, date, summary)
    select 'u' || lpad(i::text, 6, '0'), timestamptz '2026-01-01' - make_interval(days => k * 7 + i % 7), 'Quiz ' || k || ' went well.'
    from generate_series(1, ${USERS}) i cross join lateral generate_series(1, (i * 3) % 4) k`.execute(db);
  // What autovacuum would have done by the time anyone pages through 10,000 users.
  await sql`vacuum analyze`.execute(db);
  const counts = await sql<{ t: string; n: number }>`
    select 'users' as t, count(*)::int as n from users union all
    select 'group_members', count(*)::int from group_members union all
    select 'section_records', count(*)::int from section_records union all
    select 'quiz_summaries', count(*)::int from quiz_summaries`.execute(db);
  return { ms: performance.now() - t0, counts: Object.fromEntries(counts.rows.map((r) => [r.t, r.n])) };
}

async function adminCookie(db: DB) {
  const staff = await db
    .insertInto('staff')
    .values({ email: 'bench@hearth.test', password_hash: 'unused', role: 'admin' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), staff_id: staff.id, user_id: null, expires_at: new Date(Date.now() + 3_600_000) })
    .execute();
  return `${STAFF_COOKIE}=${token}`;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function bench(kind: 'pglite' | 'postgres', handle: DatabaseHandle) {
  const { db } = handle;
  await migrateToLatest(db);
  await seed(db);
  const filled = await fill(db);
  console.log(`${kind}: filled in ${(filled.ms / 1000).toFixed(1)} s`, filled.counts);
  const config = loadConfig({ DATA_DIR: '/tmp/hearth-bench-unused', PUBLIC_URL: 'http://hearth.test' });
  const app = createApp(
    { db, dbKind: kind, config, providers: createProviders(config), outbox: outboxOnly, shutdown: new Shutdown() },
    { webDist: '/nonexistent' },
  );
  const cookie = await adminCookie(db);
  const rows: Array<Record<string, string | number>> = [];
  for (const [label, query] of cases) {
    const call = async () => {
      const res = await app.handle(new Request(`http://hearth.test/api/get-all-users-info${query}`, { headers: { cookie } }));
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${await res.text()}`);
      const body = await res.json();
      return Array.isArray(body) ? body.length : body.users.length;
    };
    for (let i = 0; i < 3; i++) await call();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      count = await call();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    rows.push({
      db: kind,
      case: label,
      rows: count,
      'min ms': +times[0].toFixed(2),
      'median ms': +percentile(times, 50).toFixed(2),
      'p95 ms': +percentile(times, 95).toFixed(2),
    });
  }
  return rows;
}

async function withPostgres<T>(fn: (h: DatabaseHandle) => Promise<T>): Promise<T | null> {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  const name = `hearth_bench_${process.pid}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    console.log(`postgres: skipped (${(err as Error).message})`);
    await admin.end();
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 4);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const only = process.env.BENCH_ONLY;
const results: Array<Record<string, string | number>> = [];
if (only !== 'postgres') {
  const pglite = pgliteHandle(newPglite());
  try {
    results.push(...(await bench('pglite', pglite)));
  } finally {
    await pglite.close();
  }
}
if (only !== 'pglite') results.push(...((await withPostgres((h) => bench('postgres', h))) ?? []));
console.table(results);
// The machine may be shared: the load average tells how far the figures are from an idle one.
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${cpus().length} cores`,
);
