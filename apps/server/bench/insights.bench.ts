/**
 * `bun run bench:insights` (DATABASE_URL required): PostgreSQL holding INSIGHTS_MEMBERS (10,000) members in
 * INSIGHTS_GROUPS (500) groups with the loop's progress (insights-seed.ts), in a fresh database
 * (INSIGHTS_BENCH_DB, default hearth_insights_bench, dropped and created again). A server on it (PORT, default
 * 3922) is measured, medians of 10:
 * - GET /api/insights overall, and for one group (a different group each run), with the overall answer's size;
 * - time to first chart in Debian's Chromium: from the navigation to /insights (signed in) to the frame where the
 *   funnel chart's SVG bars are drawn.
 * INSIGHTS_SHOTS=<dir> also saves screenshots of the screen at 1366 and 390 px wide.
 */
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { chromium } from '@playwright/test';
import { migrateToLatest, postgresHandle } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { seedCommunity } from './insights-seed';
import { chromiumPath } from '../../../e2e/fixtures/env.ts';

const RUNS = 10;
const MEMBERS = Number(process.env.INSIGHTS_MEMBERS ?? 10_000);
const GROUPS = Number(process.env.INSIGHTS_GROUPS ?? 500);
const PORT = Number(process.env.PORT ?? 3922);
const ADMIN = { email: 'bench-admin@hearth.test', password: 'correct-horse-battery-bench' };
const repoDir = join(import.meta.dir, '../../..');

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('bench:insights measures PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  process.exit(1);
}
const dbName = process.env.INSIGHTS_BENCH_DB ?? 'hearth_insights_bench';
const benchUrl = (() => {
  const u = new URL(baseUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
const report = (what: string, ms: number[]) =>
  console.log(
    `[insights bench] ${what}: median ${median(ms).toFixed(1)} ms, min ${Math.min(...ms).toFixed(1)}, max ${Math.max(...ms).toFixed(1)} (n=${ms.length})`,
  );

// ---- a fresh database with the community ----
const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.unsafe(`create database ${dbName}`);
await admin.end();
const handle = postgresHandle(benchUrl, 2);
await migrateToLatest(handle.db);
await seed(handle.db);
await handle.close();
const seedStart = performance.now();
const sql = postgres(benchUrl, { max: 1, onnotice: () => {} });
await seedCommunity(sql, MEMBERS, GROUPS);
await sql.end();
console.log(
  `[insights bench] seeded ${MEMBERS.toLocaleString('en-US')} members in ${GROUPS} groups in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

// ---- the server ----
const build = Bun.spawnSync(['bun', 'apps/web/build.ts'], { cwd: repoDir, stdout: 'ignore', stderr: 'inherit' });
if (build.exitCode !== 0) process.exit(1);
const url = `http://127.0.0.1:${PORT}`;
const server = spawn('bun', ['apps/server/src/index.ts'], {
  cwd: repoDir,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    DATABASE_URL: benchUrl,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: process.env.INSIGHTS_DATA_DIR ?? '/tmp/insights-bench-data',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'silent',
    TZ: 'UTC',
    OPENAI_API_KEY: '',
    TWILIO_ACCOUNT_SID: '',
    SMTP_URL: '',
  },
});
const stopServer = () => server.kill('SIGTERM');
process.on('exit', stopServer);
for (let waited = 0; ; waited += 250) {
  if (
    await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (waited > 90_000 || server.exitCode !== null) throw new Error('the server did not start');
  await Bun.sleep(250);
}

try {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

  const timeGet = async (path: string) => {
    const start = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { cookie } });
    const text = await res.text();
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    return { ms: performance.now() - start, body: JSON.parse(text) as { members: number | null }, bytes: text.length };
  };
  await timeGet('/api/insights'); // warm-up: the first query plans
  const overall: number[] = [];
  let first: any;
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const answer = await timeGet('/api/insights');
    overall.push(answer.ms);
    first = answer.body;
    bytes = answer.bytes;
  }
  console.log(
    `[insights bench] overall: ${first.members} members; funnel ${first.funnel.map((s: any) => `${s.step} ${s.count}`).join(', ')}; ` +
      `well-being ${JSON.stringify(first.wellbeing)}; answer ${(bytes / 1024).toFixed(0)} KB`,
  );
  report('GET /api/insights (all groups)', overall);
  const perGroup: number[] = [];
  for (let run = 0; run < RUNS; run++) perGroup.push((await timeGet(`/api/insights?groupId=bg${1 + ((run * 37) % GROUPS)}`)).ms);
  report('GET /api/insights?groupId= (one group of 20)', perGroup);

  // ---- the browser: time to first chart ----
  const browser = await chromium.launch({
    // The browser tests' choice: Debian's headless shell, else full Chromium.
    executablePath: chromiumPath() ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  try {
    const context = await browser.newContext({ baseURL: url, viewport: { width: 1366, height: 900 } });
    const [name, value] = cookie.split(';')[0]!.split('=');
    await context.addCookies([{ name: name!, value: value!, url }]);
    const page = await context.newPage();
    const charted = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const check = () => {
              // Every step's label: a withheld count (1 to 4 members) draws a label but no bar.
              if (document.querySelectorAll('[data-testid="funnel-chart"] svg .recharts-label-list text').length >= 8)
                resolve(performance.now());
              else requestAnimationFrame(check);
            };
            check();
          }),
      );
    const firstChart = async (path: string) => {
      await page.goto(path);
      await charted();
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        await page.goto(path, { waitUntil: 'commit' });
        times.push(await charted());
      }
      return times;
    };
    report('time to first chart in Chromium, all groups (navigation → bars drawn)', await firstChart('/insights'));
    report('time to first chart in Chromium, one group (navigation → bars drawn)', await firstChart('/insights?groupId=bg1'));

    const shots = process.env.INSIGHTS_SHOTS;
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.goto('/insights');
      await charted();
      await page.screenshot({ path: join(shots, 'insights-overall-1366.png'), fullPage: true });
      await page.goto('/insights?groupId=bg1');
      await charted();
      await page.screenshot({ path: join(shots, 'insights-group-1366.png'), fullPage: true });
      await page.goto('/groups/bg1');
      await page.getByRole('link', { name: 'Insights', exact: true }).last().waitFor();
      await page.screenshot({ path: join(shots, 'group-detail-insights-link-1366.png') });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/insights');
      await charted();
      await page.screenshot({ path: join(shots, 'insights-overall-390.png'), fullPage: true });
      await page.goto('/insights?groupId=bg1');
      await charted();
      await page.screenshot({ path: join(shots, 'insights-group-390.png'), fullPage: true });
    }
  } finally {
    await browser.close();
  }
} finally {
  stopServer();
}
