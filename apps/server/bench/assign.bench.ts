/**
 * `bun run bench:assign`: what assign-subgroups on a large group does to live voice sessions on the same server.
 * A server process (embedded PGlite, local text provider, the relay in front of a fake OpenAI realtime server
 * that echoes audio) holds a group of ASSIGN_MEMBERS (2,000) members with written profiles. BENCH_CLIENTS (20)
 * simulated browsers stream 20 ms frames through /ws; each frame carries its send time, so every echo is a
 * round trip. Measured: round trips for BENCH_BASELINE_SECONDS (3) without assignment, then while
 * POST /api/assign-subgroups (usersPerGroup ASSIGN_SIZE, 10) runs, plus the server's event-loop delay
 * (perf_hooks.monitorEventLoopDelay) in both windows. Run twice: the split in-process (before) and in a
 * Bun Worker (after). BENCH_ONLY=in-process|worker runs one.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { FRAME_MS } from '@hearth/protocol';
import { frameMessage } from './relay/load';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const ORIGIN = 'http://hearth.test';
const KEY = 'sk-bench-assign';
const MEMBERS = Number(process.env.ASSIGN_MEMBERS ?? 2_000);
const SIZE = Number(process.env.ASSIGN_SIZE ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 3);

type Message = { type: string; [k: string]: any };

// ---- the server process ----

async function runServer(fakeUrl: string, mode: string) {
  const { createTestContext, testConfig } = await import('../src/test/harness');
  const { createProviders } = await import('../src/providers');
  const { splitInProcess } = await import('../src/features/subgroups/split');
  const { faker } = await import('@faker-js/faker');
  splitInProcess(mode === 'in-process');
  const base = testConfig();
  const ctx = await createTestContext({
    config: { openaiApiKey: KEY, openaiRealtimeUrl: fakeUrl, limits: { ...base.limits, maxLiveSessions: 100_000 } },
    deps: { providers: { ...createProviders(base), realtime: { kind: 'openai' } } },
  });
  faker.seed(2026);
  await ctx.db.insertInto('groups').values({ id: 'bench', name: 'Bench Club' }).execute();
  for (let start = 0; start < MEMBERS; start += 500) {
    const users = Array.from({ length: Math.min(500, MEMBERS - start) }, (_, j) => {
      const id = `a${String(start + j).padStart(5, '0')}`;
      const profile = `${faker.person.jobTitle()}. Likes ${faker.music.genre()}, ${faker.animal.type()}s and ${faker.commerce.department()}. ${faker.lorem.sentences(2)}`;
      return { id, name: `Member ${start + j}`, file_name: `${id}_member.json`, profile_for_group: profile };
    });
    await ctx.db.insertInto('users').values(users).execute();
    await ctx.db
      .insertInto('group_members')
      .values(users.map((u) => ({ group_id: 'bench', user_id: u.id })))
      .execute();
  }
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  const cookie = await ctx.staffCookie('admin');
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const ms = (ns: number) => ns / 1e6;
  process.on('message', (message: Message) => {
    if (message.type === 'mark') {
      delay.reset();
      process.send!({ type: 'marked' });
    } else if (message.type === 'delay') {
      process.send!({ type: 'delay', p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) });
    } else if (message.type === 'stop') {
      void ctx.app
        .stop(true)
        .then(() => ctx.close())
        .then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port: ctx.app.server!.port, cookie });
}

// ---- clients and the report ----

function quantile(sorted: number[], q: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}

async function runMode(mode: string, fakeUrl: string) {
  let onReply: ((m: Message) => void) | null = null;
  let ready!: (m: Message) => void;
  const readyMessage = new Promise<Message>((resolve) => (ready = resolve));
  const server = Bun.spawn(['bun', import.meta.path, '--server', fakeUrl, mode], {
    stdout: 'inherit',
    stderr: 'inherit',
    ipc(message: Message) {
      if (message.type === 'ready') ready(message);
      else onReply?.(message);
    },
  });
  const ask = (message: Message) =>
    new Promise<Message>((resolve) => {
      onReply = resolve;
      server.send(message);
    });
  const { port, cookie } = await readyMessage;

  // Every echo as (send time, round trip): a frame sent during a stall comes back after it, and counts for
  // the window it was sent in.
  const echoes: Array<[sentAt: number, rtt: number]> = [];
  const sockets: WebSocket[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?page=console`, {
        headers: { Origin: ORIGIN, Cookie: cookie },
      } as unknown as string[]);
      sockets.push(ws);
      ws.onmessage = (e) => {
        const text = e.data as string;
        const at = text.indexOf('"delta":"');
        if (at < 0 || !text.startsWith('{"type":"response.output_audio.delta"')) return;
        const sentAt = Buffer.from(text.slice(at + 9, at + 25), 'base64').readDoubleLE(0);
        echoes.push([sentAt, performance.now() - sentAt]);
      };
      return new Promise<void>((resolve, reject) => {
        ws.onopen = () => resolve();
        ws.onerror = () => reject(new Error('a client could not connect'));
      });
    }),
  );
  const start = performance.now();
  const sent = new Array<number>(CLIENTS).fill(0);
  const tick = setInterval(() => {
    const elapsed = performance.now() - start;
    sockets.forEach((ws, i) => {
      const due = Math.floor((elapsed - (i * FRAME_MS) / CLIENTS) / FRAME_MS) + 1;
      while (ws.readyState === WebSocket.OPEN && sent[i] < due) {
        ws.send(frameMessage(performance.now()));
        sent[i]++;
      }
    });
  }, 2);
  await Bun.sleep(2000);

  const measure = async (work: () => Promise<unknown>) => {
    await ask({ type: 'mark' });
    const t0 = performance.now();
    const result = await work();
    const t1 = performance.now();
    const loop = await ask({ type: 'delay' });
    await Bun.sleep(1000); // late echoes of frames sent inside the window
    const rtts = echoes
      .filter(([sentAt]) => sentAt >= t0 && sentAt <= t1)
      .map(([, rtt]) => rtt)
      .sort((a, b) => a - b);
    const seconds = (t1 - t0) / 1000;
    return { seconds, frames: rtts.length, p50: quantile(rtts, 0.5), p99: quantile(rtts, 0.99), max: rtts.at(-1) ?? NaN, loop, result };
  };
  const idle = await measure(() => Bun.sleep(BASELINE_SECONDS * 1000));
  const assigning = await measure(async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/assign-subgroups`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: ORIGIN },
      body: JSON.stringify({ groupId: 'bench', usersPerGroup: SIZE }),
    });
    const body = (await res.json()) as { usersAssigned?: number; subgroups?: unknown[]; error?: string };
    if (!res.ok) throw new Error(`assign-subgroups answered ${res.status}: ${body.error}`);
    return `${body.usersAssigned} members in ${body.subgroups?.length} subgroups`;
  });
  clearInterval(tick);
  for (const ws of sockets) ws.close();
  server.send({ type: 'stop' });
  await server.exited;
  return { mode, idle, assigning };
}

async function main() {
  const { startFakeRealtime } = await import('../src/test/fake-openai-realtime');
  const fake = startFakeRealtime({ echoAudio: true, autoRespond: false, apiKey: KEY });
  const modes = process.env.BENCH_ONLY ? [process.env.BENCH_ONLY] : ['in-process', 'worker'];
  console.log(`assign bench: ${MEMBERS} members in subgroups of ${SIZE}, ${CLIENTS} voice streams of 20 ms frames through /ws`);
  const rows = [];
  for (const mode of modes) {
    const r = await runMode(mode, fake.url);
    console.log(`${mode}: assignment took ${r.assigning.seconds.toFixed(1)} s (${r.assigning.result})`);
    for (const [window, m] of [
      ['idle', r.idle],
      ['during assignment', r.assigning],
    ] as const) {
      rows.push({
        split: mode,
        window,
        frames: m.frames,
        'round trip p50 ms': +m.p50.toFixed(2),
        'round trip p99 ms': +m.p99.toFixed(2),
        'round trip max ms': +m.max.toFixed(1),
        'event-loop delay p99 ms': +m.loop.p99.toFixed(1),
        'event-loop delay max ms': +m.loop.max.toFixed(1),
      });
    }
  }
  console.table(rows);
  await fake.stop();
  process.exit(0);
}

if (process.argv[2] === '--server') await runServer(process.argv[3], process.argv[4]);
else await main();
