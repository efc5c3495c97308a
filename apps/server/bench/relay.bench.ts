/**
 * `bun run bench:relay`: N simulated browsers each stream 20 ms PCM frames through /ws to a fake OpenAI
 * realtime server, which echoes every frame back as response.output_audio.delta. Each frame carries its send
 * time, so a client measures the round trip. The same clients then talk to the fake directly; the difference
 * is what the relay adds. The relay runs in its own process (CPU and memory measured there); clients and the
 * fake share this one. Loopback only; each level is bounded in time.
 *
 *   BENCH_LEVELS=50,200,500   levels of N (default)
 *   BENCH_SECONDS=8           measured seconds per level and mode (after 2 s warm-up)
 *   BENCH_P99_MS=20           the target for "held": added p99 under this
 */
import { FRAME_BYTES, FRAME_MS } from '@hearth/protocol';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const ORIGIN = 'http://hearth.test';
const KEY = 'sk-bench-relay';

// ---- the relay process ----

async function runRelay(fakeUrl: string) {
  const { createTestContext, testConfig } = await import('../src/test/harness');
  const { createProviders } = await import('../src/providers');
  const base = testConfig();
  const ctx = await createTestContext({
    config: {
      openaiApiKey: KEY,
      openaiRealtimeUrl: fakeUrl,
      limits: { ...base.limits, maxLiveSessions: 100_000, sessionsPerStaff: 100_000, maxFrameBytes: 64 * 1024 },
    },
    deps: { providers: { ...createProviders(base), realtime: { kind: 'openai' } } },
  });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  const cookie = await ctx.staffCookie('operator');
  let cpu = process.cpuUsage();
  let at = performance.now();
  process.on('message', (message: { type: string }) => {
    if (message.type === 'mark') {
      cpu = process.cpuUsage();
      at = performance.now();
      process.send!({ type: 'marked' });
    } else if (message.type === 'stats') {
      const used = process.cpuUsage(cpu);
      const wallMs = performance.now() - at;
      process.send!({ type: 'stats', cpuPercent: ((used.user + used.system) / 1000 / wallMs) * 100, rssMb: process.memoryUsage().rss / 2 ** 20 });
    } else if (message.type === 'stop') {
      // A clean stop lets --cpu-prof write its profile.
      void ctx.app.stop(true).then(() => ctx.close()).then(() => process.exit(0));
    }
  });
  process.send!({ type: 'ready', port: ctx.app.server!.port, cookie });
}

// ---- clients, the fake, and the report ----

interface LevelResult {
  n: number;
  connected: number;
  frames: number;
  medianMs: number;
  p99Ms: number;
}

/** Relay CPU time per echoed frame (in and out): what one core can carry is 1e6 / this frames per second. */
function cpuPerFrameUs(cpuPercent: number, frames: number, seconds: number): number {
  return (cpuPercent / 100) * seconds * 1e6 / Math.max(1, frames);
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** A frame whose first 8 bytes are its send time; the rest is a fixed tone. */
const TAIL = (() => {
  const pcm = new Int16Array(FRAME_BYTES / 2 - 6);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(6000 * Math.sin(i / 10));
  return Buffer.from(pcm.buffer).toString('base64');
})();
const head = Buffer.alloc(12);
function frameMessage(now: number): string {
  head.writeDoubleLE(now, 0);
  return `{"type":"input_audio_buffer.append","audio":"${head.toString('base64')}${TAIL}"}`;
}

async function runLevel(
  url: string,
  headers: Record<string, string>,
  n: number,
  seconds: number,
  hooks: { start?: () => Promise<unknown>; end?: () => Promise<unknown> } = {},
): Promise<LevelResult> {
  const sockets: WebSocket[] = [];
  const rtts = new Float64Array(n * Math.ceil((seconds * 1000) / FRAME_MS) + 1024);
  let count = 0;
  let measuring = false;
  const opened = await Promise.all(
    Array.from({ length: n }, async () => {
      const ws = new WebSocket(url, { headers } as unknown as string[]);
      sockets.push(ws);
      ws.onmessage = (e) => {
        if (!measuring) return;
        const text = e.data as string;
        const at = text.indexOf('"delta":"');
        if (at < 0 || !text.startsWith('{"type":"response.output_audio.delta"')) return;
        const sent = Buffer.from(text.slice(at + 9, at + 25), 'base64').readDoubleLE(0);
        if (count < rtts.length) rtts[count++] = performance.now() - sent;
      };
      return new Promise<boolean>((resolve) => {
        ws.onopen = () => resolve(true);
        ws.onerror = () => resolve(false);
        setTimeout(() => resolve(false), 15_000);
      });
    }),
  );
  const connected = opened.filter(Boolean).length;
  await Bun.sleep(300); // sessions set up upstream
  // Each client keeps its own 20 ms cadence, spread evenly over the frame period.
  const start = performance.now();
  const sent = new Array<number>(n).fill(0);
  const tick = setInterval(() => {
    const elapsed = performance.now() - start;
    for (let i = 0; i < n; i++) {
      const ws = sockets[i];
      if (ws.readyState !== WebSocket.OPEN) continue;
      const due = Math.floor((elapsed - (i * FRAME_MS) / n) / FRAME_MS) + 1;
      while (sent[i] < due) {
        ws.send(frameMessage(performance.now()));
        sent[i]++;
      }
    }
  }, 2);
  await Bun.sleep(2000);
  await hooks.start?.();
  measuring = true;
  await Bun.sleep(seconds * 1000);
  measuring = false;
  await hooks.end?.();
  clearInterval(tick);
  for (const ws of sockets) ws.close();
  await Bun.sleep(500);
  const sorted = rtts.slice(0, count).sort();
  return { n, connected, frames: count, medianMs: quantile(sorted, 0.5), p99Ms: quantile(sorted, 0.99) };
}

async function main() {
  const { startFakeRealtime } = await import('../src/test/fake-openai-realtime');
  const levels = (process.env.BENCH_LEVELS ?? '50,200,500').split(',').map(Number);
  const seconds = Number(process.env.BENCH_SECONDS ?? 8);
  const targetMs = Number(process.env.BENCH_P99_MS ?? 20);
  const fake = startFakeRealtime({ echoAudio: true, autoRespond: false, apiKey: KEY });

  type Reply = { type: string; [k: string]: any };
  let onReply: ((m: Reply) => void) | null = null;
  const ask = (message: Reply) =>
    new Promise<Reply>((resolve) => {
      onReply = resolve;
      relay.send(message);
    });
  let ready!: (m: Reply) => void;
  const readyMessage = new Promise<Reply>((resolve) => (ready = resolve));
  // BENCH_PROFILE=dir writes a CPU profile of the relay process (markdown) there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const relay = Bun.spawn(['bun', ...profile, import.meta.path, '--relay', fake.url], {
    stdout: 'inherit',
    stderr: 'inherit',
    ipc(message: Reply) {
      if (message.type === 'ready') ready(message);
      else onReply?.(message);
    },
  });
  const { port, cookie } = await readyMessage;
  const relayUrl = `ws://127.0.0.1:${port}/ws?page=console`;
  console.log(`relay bench: ${levels.join(', ')} clients, ${seconds} s measured per level and mode, 20 ms frames both ways`);

  const rows: Array<{ n: number; direct: LevelResult; relayed: LevelResult; cpuPercent: number; rssMb: number }> = [];
  for (const n of levels) {
    const direct = await runLevel(fake.url, { Authorization: `Bearer ${KEY}` }, n, seconds);
    let stats: Reply = { cpuPercent: NaN, rssMb: NaN, type: '' };
    const relayed = await runLevel(relayUrl, { Origin: ORIGIN, Cookie: cookie }, n, seconds, {
      start: () => ask({ type: 'mark' }),
      end: async () => (stats = await ask({ type: 'stats' })),
    });
    rows.push({ n, direct, relayed, cpuPercent: stats.cpuPercent, rssMb: stats.rssMb });
    const added = { median: relayed.medianMs - direct.medianMs, p99: relayed.p99Ms - direct.p99Ms };
    console.log(
      `N=${n}: connected ${relayed.connected}/${n}; round trip direct median ${direct.medianMs.toFixed(2)} ms p99 ${direct.p99Ms.toFixed(2)} ms; ` +
        `through relay median ${relayed.medianMs.toFixed(2)} ms p99 ${relayed.p99Ms.toFixed(2)} ms; ` +
        `added median ${added.median.toFixed(2)} ms p99 ${added.p99.toFixed(2)} ms; relay CPU ${stats.cpuPercent.toFixed(0)}% of a core ` +
        `(${cpuPerFrameUs(stats.cpuPercent, relayed.frames, seconds).toFixed(0)} µs per frame, both ways), RSS ${stats.rssMb.toFixed(0)} MB; ${relayed.frames} frames echoed`,
    );
  }
  const held = rows.filter((r) => r.relayed.connected === r.n && r.relayed.p99Ms - r.direct.p99Ms < targetMs).map((r) => r.n);
  console.table(
    rows.map((r) => ({
      N: r.n,
      'direct median ms': +r.direct.medianMs.toFixed(2),
      'direct p99 ms': +r.direct.p99Ms.toFixed(2),
      'relay median ms': +r.relayed.medianMs.toFixed(2),
      'relay p99 ms': +r.relayed.p99Ms.toFixed(2),
      'added median ms': +(r.relayed.medianMs - r.direct.medianMs).toFixed(2),
      'added p99 ms': +(r.relayed.p99Ms - r.direct.p99Ms).toFixed(2),
      'relay CPU %': +r.cpuPercent.toFixed(0),
      'relay CPU µs/frame': +cpuPerFrameUs(r.cpuPercent, r.relayed.frames, seconds).toFixed(0),
      'relay RSS MB': +r.rssMb.toFixed(0),
    })),
  );
  console.log(held.length ? `largest N held with added p99 under ${targetMs} ms: ${Math.max(...held)}` : `no level held added p99 under ${targetMs} ms`);
  relay.send({ type: 'stop' });
  await relay.exited;
  await fake.stop();
  process.exit(0);
}

if (process.argv[2] === '--relay') await runRelay(process.argv[3]);
else await main();
