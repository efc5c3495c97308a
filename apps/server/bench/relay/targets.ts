import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freePort, pinned } from './proc-stats';

/** The processes `bench:relay` compares: the fake upstream, the pass-through proxy and the real server. */
export interface Target {
  name: string;
  pid: number;
  url: string;
  headers: Record<string, string>;
  stop(): Promise<void>;
}

export const BENCH_KEY = 'sk-bench-relay';
const ORIGIN = 'http://hearth.test';
const ADMIN = { email: 'bench@hearth.test', password: 'bench-relay-password' };
const here = import.meta.dir;

/** BENCH_CPU_PROF=<dir>: the proxy and the relays write CPU profiles there (JSON and markdown) when they stop. */
function bunArgs(name: string): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${dir}`, `--cpu-prof-name=${name}-${Date.now()}`] : [];
}

async function lineFrom(proc: Bun.Subprocess<'ignore', 'pipe', 'inherit'>, prefix: string): Promise<string> {
  const decoder = new TextDecoder();
  let buffered = '';
  for await (const chunk of proc.stdout) {
    buffered += decoder.decode(chunk);
    const line = buffered.split('\n').find((l) => l.startsWith(prefix));
    if (line) return line.slice(prefix.length).trim();
  }
  throw new Error(`process exited before printing "${prefix}"`);
}

export async function startFake(): Promise<Target> {
  // The environment as it is now (Bun.spawn's default is the one this process started with): BENCH_TRACE sets turns.
  const env = { ...(process.env as Record<string, string>) };
  const proc = Bun.spawn(pinned('outside', ['bun', join(here, 'fake.ts'), BENCH_KEY]), { stdout: 'pipe', stderr: 'inherit', env });
  const url = await lineFrom(proc, 'url ');
  return {
    name: 'direct',
    pid: proc.pid,
    url,
    headers: { Authorization: `Bearer ${BENCH_KEY}` },
    stop: async () => (proc.kill(), void (await proc.exited)),
  };
}

export async function startProxy(upstreamUrl: string): Promise<Target> {
  const port = await freePort();
  const proc = Bun.spawn(pinned('measured', ['bun', ...bunArgs('proxy'), join(here, 'proxy.ts'), String(port), upstreamUrl, BENCH_KEY]), {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  await lineFrom(proc, 'proxy listening');
  return {
    name: 'proxy',
    pid: proc.pid,
    url: `ws://127.0.0.1:${port}/`,
    headers: {},
    stop: async () => (proc.kill(), void (await proc.exited)),
  };
}

/**
 * The product's server as `bun start` runs it (apps/server/src/index.ts), pointed at the fake upstream.
 * WORKERS > 1 needs PostgreSQL: a throwaway database is created on DATABASE_URL's server. `checkout` runs
 * another checkout's server instead (a before/after comparison in one run), named by `label`.
 */
export async function startRelay(
  upstreamUrl: string,
  workers: number,
  checkout?: { root?: string; label: string; env?: Record<string, string> },
): Promise<Target> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-bench-'));
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) {
    const database = `hearth_bench_${process.pid}_${workers}${checkout ? `_${checkout.label.replaceAll(/\W+/g, '_')}` : ''}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.unsafe(`create database ${database}`);
    await admin.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${database}`;
    databaseUrl = u.toString();
    dropDatabase = async () => {
      const a = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${database} with (force)`).catch(() => {});
      await a.end();
    };
  } else if (workers > 1) {
    throw new Error('BENCH_WORKERS above 1 needs DATABASE_URL (embedded PGlite serves one process)');
  }
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    OPENAI_API_KEY: BENCH_KEY,
    OPENAI_REALTIME_URL: upstreamUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LIMIT_LIVE_SESSIONS: '100000',
    LIMIT_SESSIONS_PER_STAFF: '100000',
    LIMIT_WS_FRAME_BYTES: String(64 * 1024),
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
  };
  delete env.DATABASE_URL;
  delete env.WORKERS;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (workers > 1) env.WORKERS = String(workers);
  // BENCH_BASE_ENV="NAME=value,…": settings for the other checkout only (an A/B of a setting on the same code).
  Object.assign(env, checkout?.env);
  if (checkout?.root)
    for (const pair of (process.env.BENCH_BASE_ENV ?? '').split(',').filter(Boolean))
      env[pair.split('=')[0]!] = pair.slice(pair.indexOf('=') + 1);
  const entry = checkout?.root ? join(checkout.root, 'apps/server/src/index.ts') : join(here, '../../src/index.ts');
  const name = `${checkout ? `${checkout.label} ` : ''}relay${workers > 1 ? ` WORKERS=${workers}` : ''}`;
  const proc = Bun.spawn(pinned('measured', ['bun', ...bunArgs(name.replaceAll(/\W+/g, '-')), entry]), {
    env,
    stdout: 'ignore',
    stderr: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let cookie = '';
  while (!cookie) {
    if (Date.now() > deadline || proc.exitCode !== null) throw new Error(`the relay server did not start (exit ${proc.exitCode})`);
    await Bun.sleep(250);
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify(ADMIN),
    }).catch(() => null);
    if (res?.ok) cookie = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  }
  return {
    name,
    pid: proc.pid,
    url: `ws://127.0.0.1:${port}/ws?page=console`,
    headers: { Origin: ORIGIN, Cookie: cookie },
    stop: async () => {
      proc.kill('SIGTERM');
      await Promise.race([proc.exited, Bun.sleep(10_000)]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
