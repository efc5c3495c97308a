/**
 * `bun run bench:blast`: a 2,000-member SMS blast through the whole app (POST /api/blasts, the pg-boss job queue
 * with its production settings, the Twilio SDK) to the fake Twilio running in a process of its own, while the
 * admin's page polls GET /api/blasts/{id} every 250 ms. Prints messages/s and how long until progress shows done,
 * on embedded PGlite and on PostgreSQL (DATABASE_URL, else the local server at postgres://postgres@127.0.0.1:5432/
 * postgres; the bench creates and drops a database of its own there). BENCH_ONLY=pglite|postgres runs one.
 * BLAST_MEMBERS changes the group's size (default 2000); BENCH_BATCH and BENCH_WORKERS the queue's batch size and workers.
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import postgres from 'postgres';
import { sql } from 'kysely';
import { migrateToLatest, newPglite, pgliteHandle, postgresHandle, type DatabaseHandle, type DB } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { createApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { AppDeps } from '../src/deps';
import { startJobs } from '../src/features/messages/jobs';
import { outboxOnly } from '../src/features/messages/outbox';
import { Shutdown } from '../src/shutdown';
import { hashToken, newToken, STAFF_COOKIE } from '../src/plugins/auth';
import { createProviders } from '../src/providers';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const MEMBERS = Number(process.env.BLAST_MEMBERS ?? 2_000);
const POLL_MS = 250;
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

type Fake = { url: string; accountSid: string; authToken: string; stats(): Promise<{ requests: number; accepted: number }>; stop(): void };

/** The fake Twilio in its own process, so its HTTP work does not share this process's event loop. */
async function spawnFakeTwilio(): Promise<Fake> {
  const proc = Bun.spawn(['bun', resolve(import.meta.dir, '../src/test/fake-twilio.ts')], { stdout: 'pipe', stderr: 'inherit' });
  const reader = proc.stdout.getReader();
  let text = '';
  while (!text.includes('\n')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('the fake Twilio exited before it started');
    text += new TextDecoder().decode(value);
  }
  const info = JSON.parse(text.split('\n')[0]) as { url: string; accountSid: string; authToken: string };
  return {
    ...info,
    stats: async () => (await fetch(`${info.url}/__stats`)).json() as Promise<{ requests: number; accepted: number }>,
    stop: () => proc.kill(),
  };
}

/** One group of MEMBERS members with valid, distinct US numbers, each in a subgroup. */
async function fill(db: DB) {
  await sql`insert into users (id, name, file_name, phone_number)
    select 'b' || lpad(i::text, 5, '0'), 'Member ' || i, 'b' || lpad(i::text, 5, '0') || '_member.json',
      '+1415' || lpad((5550000 + i)::text, 7, '0')
    from generate_series(1, ${MEMBERS}) i`.execute(db);
  await sql`insert into groups (id, name) values ('bench', 'Bench Club')`.execute(db);
  await sql`insert into subgroups (id, group_id, name, description) values ('bench-s1', 'bench', 'Walkers', 'Likes walks.')`.execute(db);
  await sql`insert into group_members (group_id, user_id, subgroup_id)
    select 'bench', 'b' || lpad(i::text, 5, '0'), 'bench-s1' from generate_series(1, ${MEMBERS}) i`.execute(db);
  await sql`analyze`.execute(db);
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

async function bench(kind: 'pglite' | 'postgres', handle: DatabaseHandle, fake: Fake) {
  const { db } = handle;
  await migrateToLatest(db);
  await seed(db);
  await fill(db);
  const config = loadConfig({
    DATA_DIR: '/tmp/hearth-bench-unused',
    PUBLIC_URL: 'http://hearth.test',
    TWILIO_ACCOUNT_SID: fake.accountSid,
    TWILIO_AUTH_TOKEN: fake.authToken,
    TWILIO_FROM: '+15005550006',
    TWILIO_API_URL: fake.url,
  });
  const deps: AppDeps = { db, dbKind: kind, config, providers: createProviders(config), outbox: outboxOnly, shutdown: new Shutdown() };
  // BENCH_BATCH / BENCH_WORKERS try other queue settings than the defaults.
  const jobs = await startJobs(deps, handle, {
    ...(process.env.BENCH_BATCH ? { batchSize: Number(process.env.BENCH_BATCH) } : {}),
    ...(process.env.BENCH_WORKERS ? { localConcurrency: Number(process.env.BENCH_WORKERS) } : {}),
  });
  deps.outbox = jobs.outbox;
  const app = createApp(deps, { webDist: '/nonexistent' });
  const cookie = await adminCookie(db);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await app.handle(
      new Request(`http://hearth.test${path}`, {
        method,
        headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      }),
    );
    return { status: res.status, body: await res.json() };
  };

  const rows: Array<Record<string, string | number>> = [];
  try {
    for (const blastKind of ['invite-sms', 'assignment-sms'] as const) {
      const before = (await fake.stats()).accepted;
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const started = await call('POST', '/api/blasts', { groupId: 'bench', kind: blastKind });
      if (started.status !== 202) throw new Error(`POST /api/blasts: ${started.status} ${JSON.stringify(started.body)}`);
      const acceptedMs = performance.now() - t0;
      const polls: number[] = [];
      let progress;
      for (;;) {
        const tp = performance.now();
        progress = (await call('GET', `/api/blasts/${started.body.campaignId}`)).body;
        polls.push(performance.now() - tp);
        if (progress.done) break;
        if (performance.now() - t0 > 15 * 60_000) throw new Error('not done after 15 minutes');
        await Bun.sleep(POLL_MS);
      }
      const doneMs = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const accepted = (await fake.stats()).accepted - before;
      polls.sort((a, b) => a - b);
      rows.push({
        db: kind,
        blast: blastKind,
        members: progress.total,
        sent: progress.counts.sent,
        failed: progress.counts.failed,
        'fake got': accepted,
        '202 after ms': Math.round(acceptedMs),
        'done after s': +(doneMs / 1000).toFixed(2),
        'messages/s': Math.round(progress.counts.sent / (doneMs / 1000)),
        // CPU time of this process (app, queue, database when embedded) per message: steadier than wall time on a busy machine.
        'cpu ms/msg': +((cpu.user + cpu.system) / 1000 / Math.max(1, progress.counts.sent)).toFixed(2),
        'poll median ms': +polls[Math.floor(polls.length / 2)].toFixed(1),
        'poll max ms': +polls[polls.length - 1].toFixed(1),
      });
      console.log(rows.at(-1));
    }
  } finally {
    await jobs.stop();
  }
  return rows;
}

async function withPostgres<T>(fn: (h: DatabaseHandle) => Promise<T>): Promise<T | null> {
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  const name = `hearth_blast_bench_${process.pid}`;
  try {
    await admin.unsafe(`create database ${name}`);
  } catch (err) {
    console.log(`postgres: skipped (${(err as Error).message})`);
    await admin.end();
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString(), 10);
  try {
    return await fn(handle);
  } finally {
    await handle.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const fake = await spawnFakeTwilio();
const only = process.env.BENCH_ONLY;
const results: Array<Record<string, string | number>> = [];
try {
  if (only !== 'postgres') {
    const pglite = pgliteHandle(newPglite());
    try {
      results.push(...(await bench('pglite', pglite, fake)));
    } finally {
      await pglite.close();
    }
  }
  if (only !== 'pglite') results.push(...((await withPostgres((h) => bench('postgres', h, fake))) ?? []));
} finally {
  fake.stop();
}
console.table(results);
// The machine may be shared: the load average tells how far the figures are from an idle one.
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${cpus().length} cores`,
);
