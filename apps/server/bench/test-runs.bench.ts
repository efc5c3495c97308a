/**
 * `bun run bench:test-runs`: PRODUCT §10's speed goal. 20 test cases × 3 repeats × 20 turns on the local provider
 * (no key, $0), through the product's own path: POST-equivalent createRun, the pg-boss queue, a VoiceSession per
 * attempt in text mode with the simulated member, post-chat work, checks and judges. Prints the wall time from
 * the run's creation to 'done', median of BENCH_ROUNDS rounds (default 3), on embedded PGlite, on PostgreSQL
 * (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres; a database of its own, dropped after), and on
 * PostgreSQL with two worker processes sharing the run (as WORKERS=2). Goal: within 60 s.
 * BENCH_ONLY=pglite|postgres|workers2 runs one; BENCH_CONCURRENCY sets attempts per instance.
 */
import { cpus, loadavg } from 'node:os';
import postgres from 'postgres';
import { migrateToLatest, newPglite, pgliteHandle, postgresHandle, type DatabaseHandle } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { loadConfig } from '../src/config';
import type { AppDeps } from '../src/deps';
import { startJobs } from '../src/features/messages/jobs';
import { outboxOnly } from '../src/features/messages/outbox';
import { startTestRunJobs } from '../src/features/test-runs/jobs';
import { createCase } from '../src/features/test-runs/service';
import { createRun, runDetail, runSummary } from '../src/features/test-runs/runs-service';
import { createProviders } from '../src/providers';
import { Shutdown } from '../src/shutdown';
import { insertSequence, promptFixture as prompt } from '../src/test/sequence-fixtures';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const CASES = 20;
const REPEATS = 3;
const TURNS = 20;
const SEQ = 'Bench Walk';

function depsFor(handle: DatabaseHandle): AppDeps {
  const config = loadConfig({ DATA_DIR: '/tmp/hearth-bench-unused', PUBLIC_URL: 'http://hearth.test' });
  return { db: handle.db, dbKind: handle.kind, config, providers: createProviders(config), outbox: outboxOnly, shutdown: new Shutdown() };
}

/** An instance: the job queue and the test-run workers (work: false: only queues). */
async function instance(deps: AppDeps, handle: DatabaseHandle, work = true) {
  const jobs = await startJobs(deps, handle);
  deps.outbox = jobs.outbox;
  const runs = await startTestRunJobs(deps, jobs, { concurrency: CONCURRENCY, work });
  deps.testRuns = runs.queue;
  return async () => {
    await runs.stop();
    await jobs.stop();
  };
}

const LOOP = ['welcome', 'interests', 'family', 'week', 'wrap_up'];
async function prepare(deps: AppDeps) {
  await migrateToLatest(deps.db);
  await seed(deps.db);
  const prompts = LOOP.map((name, i) =>
    prompt(name, {
      prompt: `Ask the member about their ${name.replace('_', ' ')} and listen.`,
      trigger_condition: `The member has shared something about their ${name.replace('_', ' ')}.`,
      next_prompt: LOOP[(i + 1) % LOOP.length],
    }),
  );
  await insertSequence(deps.db, SEQ, { versions: [{ version: 1, prompts }] });
  for (let i = 0; i < CASES; i++) {
    await createCase(deps.db, 'bench@hearth.test', SEQ, {
      name: `Case ${i + 1}`,
      persona: `Member ${i + 1}, a ${i % 3 === 0 ? 'shy' : 'friendly'} person who loves ${['gardening', 'chess', 'baking', 'cycling'][i % 4]}.`,
      memory: i % 2 ? 'Has two grandchildren.' : undefined,
      turnLimit: TURNS,
      repeats: REPEATS,
      expect: [
        { type: 'reaches', prompt: 'interests', within: 10 },
        { type: 'memory_key', key: 'typed_note' },
        { type: 'mood' },
        { type: 'judged', criterion: 'The assistant asks about hobbies', pass: 'What hobbies do you enjoy?', fail: 'Goodbye.' },
      ],
    });
  }
}

async function timeRun(deps: AppDeps): Promise<{ ms: number; passed: number; failed: number; attemptMs: number; turnMs: number }> {
  const started = performance.now();
  const { runId } = await createRun(deps, 'bench@hearth.test', { sequence: SEQ, version: 1 });
  for (;;) {
    const s = await runSummary(deps, runId);
    if (s.status === 'done' || s.status === 'failed') {
      const ms = performance.now() - started;
      if (s.status === 'failed') throw new Error('the run failed (an attempt errored)');
      // Where the time goes: each attempt's own wall time, and the turn latency (member line to first answer delta).
      const rows = await deps.db
        .selectFrom('test_run_attempts')
        .select(['started_at', 'finished_at'])
        .where('run_id', '=', runId)
        .execute();
      const detail = await runDetail(deps, runId);
      const attempts = detail.cases.flatMap((c) => c.attempts);
      if (attempts.some((a) => a.turns !== TURNS)) throw new Error(`an attempt stopped short of ${TURNS} turns`);
      const turns = detail.cases.flatMap((c) =>
        c.attempts.flatMap((a) => a.transcript.flatMap((t) => (t.latencyMs === null ? [] : [t.latencyMs]))),
      );
      return {
        ms,
        passed: s.cases.filter((c) => c.passed).length,
        failed: s.cases.filter((c) => !c.passed).length,
        attemptMs: median(rows.map((r) => new Date(r.finished_at!).getTime() - new Date(r.started_at!).getTime())),
        turnMs: median(turns),
      };
    }
    await Bun.sleep(100);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function rounds(label: string, deps: AppDeps) {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t = await timeRun(deps);
    times.push(t.ms);
    console.log(
      `  ${label} round ${r + 1}: ${(t.ms / 1000).toFixed(1)} s (${t.passed} cases passed, ${t.failed} failed; attempt median ${(t.attemptMs / 1000).toFixed(2)} s, turn latency median ${t.turnMs} ms)`,
    );
  }
  const m = median(times);
  console.log(
    `${label}: median ${(m / 1000).toFixed(1)} s for ${CASES * REPEATS} attempts × ${TURNS} turns ${m <= 60_000 ? '(within 60 s)' : '(OVER 60 s)'}`,
  );
  return m;
}

async function withPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `hearth_bench_tr_${process.pid}`;
  const admin = postgres(PG_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.unsafe(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** A worker process (as one of WORKERS=2): an instance on BENCH_WORKER_URL until killed. */
async function workerMain(url: string) {
  const handle = postgresHandle(url, 10);
  await instance(depsFor(handle), handle);
  console.log('ready');
  await new Promise(() => {});
}

async function main() {
  const only = process.env.BENCH_ONLY;
  console.log(`test-runs bench: ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}, ${CONCURRENCY} attempts at a time per instance`);
  if (!only || only === 'pglite') {
    const handle = pgliteHandle(newPglite());
    const deps = depsFor(handle);
    await prepare(deps);
    const stop = await instance(deps, handle);
    await rounds('PGlite', deps);
    await stop();
    await handle.close();
  }
  if (!only || only === 'postgres') {
    await withPostgres(async (url) => {
      const handle = postgresHandle(url, 10);
      const deps = depsFor(handle);
      await prepare(deps);
      const stop = await instance(deps, handle);
      await rounds('PostgreSQL', deps);
      await stop();
      await handle.close();
    });
  }
  if (!only || only === 'workers2') {
    await withPostgres(async (url) => {
      const handle = postgresHandle(url, 4);
      const deps = depsFor(handle);
      await prepare(deps);
      const stop = await instance(deps, handle, false);
      const workers = [1, 2].map(() =>
        Bun.spawn(['bun', import.meta.path], { env: { ...process.env, BENCH_WORKER_URL: url }, stdout: 'pipe', stderr: 'inherit' }),
      );
      for (const w of workers) {
        const reader = w.stdout.getReader();
        const { value } = await reader.read();
        if (!new TextDecoder().decode(value).includes('ready')) throw new Error('a worker did not start');
        reader.releaseLock();
      }
      try {
        await rounds('PostgreSQL, 2 worker processes', deps);
      } finally {
        for (const w of workers) w.kill();
        await Promise.all(workers.map((w) => w.exited));
        await stop();
        await handle.close();
      }
    });
  }
  process.exit(0);
}

if (process.env.BENCH_WORKER_URL) await workerMain(process.env.BENCH_WORKER_URL);
else await main();
