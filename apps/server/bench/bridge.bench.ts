/**
 * `bun run bench:bridge` (issue 25 item 5): resuming a dropped voice connection through any instance.
 *
 * Four server processes (`apps/server/src/index.ts`, as `bun start` runs them; local provider) on one PostgreSQL
 * database, each on its own port, behind a small round-robin TCP proxy written here (Bun.listen/Bun.connect: each
 * new connection goes to the next instance, as an L4 balancer without stickiness does). N times, a console session
 * opens through the proxy, its page drops (4100), and it reconnects through the proxy with its resume token the
 * way the page does (4005: again at once); between the drop and the reconnect 0–3 unrelated requests pass the proxy
 * (other people's traffic), so the reconnect lands anywhere. Reported: attempts until `hearth.resumed` and the time
 * from the first reconnect to it, with the bridge off (`BRIDGE=off`: 4005 until the holder is reached) and on.
 * Then, bridge on, the bridge's cost per frame: `hearth.ping` round trips at 50 frames/s from a page connected to
 * the holder directly, then from the same page resumed through another instance (pings travel the bridge); the
 * added p50/p99 is bridged minus direct. A round trip crosses the bridge twice, so the added one-way latency of an
 * audio frame is at most that figure.
 *
 *   DATABASE_URL=postgres://…  required (a scratch database is created and dropped on that server)
 *   BENCH_RESUMES=40           resumes per mode
 *   BENCH_PINGS=500            pings per path
 *   BENCH_PORT=3930            the proxy's port; instances on the next four
 */
import { CLOSE_CODES } from '@hearth/protocol';
import type { Socket } from 'bun';
import { resolve } from 'node:path';
import { rmSync } from 'node:fs';
import { TestSocket, type Json } from '../src/realtime/test-support';
import { freshPostgresUrl } from '../src/test/harness';

const pgUrl = process.env.DATABASE_URL;
if (!pgUrl) {
  console.error('bench:bridge needs DATABASE_URL: several instances share one PostgreSQL database.');
  process.exit(1);
}
const resumes = Number(process.env.BENCH_RESUMES ?? 40);
const pings = Number(process.env.BENCH_PINGS ?? 500);
const proxyPort = Number(process.env.BENCH_PORT ?? 3930);
const ports = [1, 2, 3, 4].map((i) => proxyPort + i);
const origin = `http://127.0.0.1:${proxyPort}`;
const entry = resolve(import.meta.dir, '../src/index.ts');
const EMAIL = 'bench@example.com';
const PASSWORD = 'bridge-bench-password';

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const sortedOf = (xs: number[]) => xs.toSorted((a, b) => a - b);

/** The round-robin balancer: TCP, no stickiness, one backend per new connection in turn. */
function startProxy() {
  let next = 0;
  type Side = { peer: Socket<unknown> | null; queued: Buffer[] };
  return Bun.listen<Side>({
    hostname: '127.0.0.1',
    port: proxyPort,
    socket: {
      open(client) {
        client.data = { peer: null, queued: [] };
        const port = ports[next++ % ports.length]!;
        Bun.connect<Side>({
          hostname: '127.0.0.1',
          port,
          socket: {
            open(server) {
              server.data = { peer: client, queued: [] };
              client.data.peer = server;
              for (const chunk of client.data.queued) server.write(chunk);
              client.data.queued = [];
            },
            data(server, chunk) {
              server.data.peer?.write(chunk);
            },
            close(server) {
              server.data.peer?.end();
            },
            error() {},
          },
        }).catch(() => client.end());
      },
      data(client, chunk) {
        if (client.data.peer) client.data.peer.write(chunk);
        else client.data.queued.push(Buffer.from(chunk));
      },
      close(client) {
        client.data.peer?.end();
      },
      error() {},
    },
  });
}

async function startInstances(dbUrl: string, bridge: boolean) {
  const children: Array<ReturnType<typeof Bun.spawn>> = [];
  const { DATABASE_URL: _, OPENAI_API_KEY: __, ...inherited } = process.env;
  for (const [i, port] of ports.entries()) {
    const dataDir = `/tmp/bridge-bench-${i}`;
    rmSync(dataDir, { recursive: true, force: true });
    const child = Bun.spawn([process.execPath, entry], {
      env: {
        ...inherited,
        DATABASE_URL: dbUrl,
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        APP_SECRET: 'bridge-bench-secret',
        BRIDGE: bridge ? 'on' : 'off',
        LOG_LEVEL: 'silent',
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        LIMIT_SESSIONS_PER_STAFF: '10000',
        VOICE_RESUME_GRACE_SECONDS: '30',
      },
      stdout: 'ignore',
      stderr: 'inherit',
    });
    children.push(child);
    // One at a time: each start migrates and seeds (a no-op after the first).
    for (let tries = 0; ; tries++) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (tries > 300 || child.exitCode !== null) throw new Error(`instance on ${port} did not start`);
      await Bun.sleep(100);
    }
  }
  return {
    async stop() {
      for (const child of children) child.kill('SIGTERM');
      await Promise.all(children.map((c) => c.exited));
    },
  };
}

async function signIn(): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function openSession(url: string, cookie: string) {
  const page = await TestSocket.open(`${url}?page=console`, { origin, cookie });
  const token = String((await page.waitFor('hearth.resumable', () => true, 15_000)).token);
  await page.waitFor('hearth.session', () => true, 15_000);
  return { page, token };
}

async function drop(page: TestSocket) {
  page.close(4100);
  await page.closed;
  await Bun.sleep(50);
}

/** Reconnects as the page does until resumed: attempts and ms from the first reconnect to `hearth.resumed`. */
async function resumeThrough(url: string, cookie: string, token: string): Promise<{ attempts: number; ms: number; page: TestSocket }> {
  const started = performance.now();
  for (let attempts = 1; attempts <= 50; attempts++) {
    const page = await TestSocket.open(`${url}?page=console&resume=${encodeURIComponent(token)}`, { origin, cookie });
    const outcome = await Promise.race([page.waitFor('hearth.resumed', () => true, 15_000).catch(() => null), page.closed]);
    if (outcome && 'type' in outcome) {
      if ((outcome as Json).mode !== 'resumed') throw new Error('a new session instead of the same one');
      return { attempts, ms: performance.now() - started, page };
    }
    if (outcome?.code !== CLOSE_CODES.resumeElsewhere) throw new Error(`reconnect closed with ${outcome?.code}`);
  }
  throw new Error('not resumed in 50 attempts');
}

async function resumeRounds(mode: string, cookie: string) {
  const attempts: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < resumes; i++) {
    const { page, token } = await openSession(`ws://127.0.0.1:${proxyPort}/ws`, cookie);
    await drop(page);
    const others = Math.floor(Math.random() * 4);
    for (let k = 0; k < others; k++) await fetch(`${origin}/api/health`, { keepalive: false });
    const back = await resumeThrough(`ws://127.0.0.1:${proxyPort}/ws`, cookie, token);
    attempts.push(back.attempts);
    times.push(back.ms);
    back.page.send({ type: 'hearth.end_session' });
    await back.page.closed;
  }
  const a = sortedOf(attempts);
  const t = sortedOf(times);
  const first = attempts.filter((n) => n === 1).length;
  console.log(
    `${mode.padEnd(12)} resumes ${resumes}  first attempt ${first}/${resumes}  attempts mean ${(attempts.reduce((s, n) => s + n, 0) / resumes).toFixed(2)} max ${a.at(-1)}  ` +
      `time to resume p50 ${quantile(t, 0.5).toFixed(1)} ms p90 ${quantile(t, 0.9).toFixed(1)} ms max ${t.at(-1)!.toFixed(1)} ms`,
  );
}

/** Round trips of `count` pings sent every 20 ms (an audio frame's pace). */
async function pingTimes(page: TestSocket, count: number, firstId: number): Promise<number[]> {
  const sent = new Map<number, number>();
  const times: number[] = [];
  const done = new Promise<void>((resolve) => {
    const listener = (e: MessageEvent) => {
      const m = JSON.parse(String(e.data));
      if (m.type !== 'hearth.pong' || !sent.has(m.id)) return;
      times.push(performance.now() - sent.get(m.id)!);
      if (times.length === count) {
        page.socket.removeEventListener('message', listener);
        resolve();
      }
    };
    page.socket.addEventListener('message', listener);
  });
  for (let id = firstId; id < firstId + count; id++) {
    sent.set(id, performance.now());
    page.send({ type: 'hearth.ping', id });
    await Bun.sleep(20);
  }
  await done;
  return times;
}

/**
 * Two sessions held by the same instance: one page connected to it directly, the other resumed through another
 * instance (bridged). Rounds alternate between them, so load from elsewhere on the machine falls on both alike.
 */
async function frameCost(cookie: string) {
  const holder = `ws://127.0.0.1:${ports[0]}/ws`;
  const edge = `ws://127.0.0.1:${ports[1]}/ws`;
  const directPage = (await openSession(holder, cookie)).page;
  const other = await openSession(holder, cookie);
  await drop(other.page);
  const bridgedPage = await resumeThrough(edge, cookie, other.token);
  if (bridgedPage.attempts !== 1) throw new Error('the bridge did not take the first attempt');
  const direct: number[] = [];
  const bridged: number[] = [];
  const rounds = 5;
  const perRound = Math.ceil(pings / rounds);
  for (let r = 0; r < rounds; r++) {
    direct.push(...(await pingTimes(directPage, perRound, r * perRound + 1)));
    bridged.push(...(await pingTimes(bridgedPage.page, perRound, r * perRound + 1)));
  }
  for (const page of [directPage, bridgedPage.page]) {
    page.send({ type: 'hearth.end_session' });
    await page.closed;
  }
  const [d, b] = [sortedOf(direct), sortedOf(bridged)];
  const row = (name: string, s: number[]) =>
    `${name.padEnd(10)} p50 ${quantile(s, 0.5).toFixed(3)} ms  p90 ${quantile(s, 0.9).toFixed(3)} ms  p99 ${quantile(s, 0.99).toFixed(3)} ms`;
  console.log(`frame round trips (${direct.length} pings per path at 50/s in ${rounds} alternating rounds, page → relay → page):`);
  console.log(`  ${row('direct', d)}`);
  console.log(`  ${row('bridged', b)}`);
  console.log(
    `  added by the bridge: p50 ${(quantile(b, 0.5) - quantile(d, 0.5)).toFixed(3)} ms  p90 ${(quantile(b, 0.9) - quantile(d, 0.9)).toFixed(3)} ms  p99 ${(quantile(b, 0.99) - quantile(d, 0.99)).toFixed(3)} ms`,
  );
}

const db = await freshPostgresUrl(pgUrl);
const proxy = startProxy();
try {
  console.log(`4 instances (ports ${ports.join(', ')}) on PostgreSQL behind a round-robin TCP proxy (${proxyPort})`);
  for (const bridge of [false, true]) {
    const instances = await startInstances(db.url, bridge);
    try {
      const cookie = await signIn();
      await resumeRounds(bridge ? 'bridge on' : 'BRIDGE=off', cookie);
      if (bridge) await frameCost(cookie);
    } finally {
      await instances.stop();
    }
  }
} finally {
  proxy.stop(true);
  await db.drop();
}
process.exit(0);
