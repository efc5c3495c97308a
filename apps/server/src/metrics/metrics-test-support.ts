import { expect } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { loadConfig } from '../config';
import { insertSession } from '../features/auth/repository';
import { hashToken, newToken, STAFF_COOKIE, USER_COOKIE } from '../plugins/auth';
import { startServer } from '../server';
import { freshPostgresUrl } from '../test/harness';

/** The whole server as `bun start` runs it, with METRICS_PORT on a free port; both databases (DATABASE_URL or not). */
export async function startMetricsSuite(env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-metrics-'));
  const pg = process.env.DATABASE_URL ? await freshPostgresUrl(process.env.DATABASE_URL) : undefined;
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: pg?.url, LOG_LEVEL: 'silent', METRICS_PORT: '0', ...env });
  const server = await startServer(config);
  const port = new URL(server.url).port;
  return {
    server,
    db: server.deps.db,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      await server.stop();
      await pg?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type MetricsSuite = Awaited<ReturnType<typeof startMetricsSuite>>;

export interface Scrape {
  text: string;
  families: Map<string, PrometheusFamily>;
  /** A gauge's or counter's value for exactly these labels (0 when the series is absent). */
  value(name: string, labels?: Record<string, string>): number;
  /** A histogram's observation count. */
  count(name: string): number;
}

/** One GET of the metrics URL, parsed with a Prometheus text-format parser. */
export async function scrape(url: string): Promise<Scrape> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  const text = await res.text();
  const families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
  const same = (a: Record<string, string> = {}, b: Record<string, string>) =>
    Object.keys(a).length === Object.keys(b).length && Object.entries(b).every(([k, v]) => a[k] === v);
  return {
    text,
    families,
    value(name, labels = {}) {
      const sample = families.get(name)?.metrics.find((m) => same(m.labels, labels));
      return sample ? Number(sample.value) : 0;
    },
    count(name) {
      return Number(families.get(name)?.metrics[0]?.count ?? 0);
    },
  };
}

/** Scrapes until `test` holds (the relay and the database move a moment after the page sees something). */
export async function scrapeUntil(url: string, test: (s: Scrape) => boolean, timeoutMs = 5000): Promise<Scrape> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const s = await scrape(url);
    if (test(s) || Date.now() > until) return s;
    await Bun.sleep(50);
  }
}

let counter = 0;

/** A member with a sign-in, as their personal link would leave it: the cookie. */
export async function memberCookie(suite: MetricsSuite): Promise<string> {
  const id = `m${++counter}${Math.random().toString(36).slice(2, 8)}`;
  await suite.db
    .insertInto('users')
    .values({ id, name: `Metric Member ${counter}`, file_name: `${id}.md` })
    .execute();
  const token = newToken();
  await insertSession(suite.db, hashToken(token), { userId: id }, new Date(Date.now() + 86_400_000));
  return `${USER_COOKIE}=${token}`;
}

/** A signed-in operator's cookie. */
export async function staffCookie(suite: MetricsSuite): Promise<string> {
  const staff = await suite.db
    .insertInto('staff')
    .values({ email: `operator${++counter}@metrics.test`, password_hash: 'not-used-in-tests', role: 'operator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await insertSession(suite.db, hashToken(token), { staffId: staff.id }, new Date(Date.now() + 86_400_000));
  return `${STAFF_COOKIE}=${token}`;
}
