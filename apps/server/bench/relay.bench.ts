/**
 * `bun run bench:relay`: what the relay costs per audio frame, next to a minimal pass-through proxy.
 *
 * N simulated browsers (the load generator, its own process) each stream 20 ms PCM frames every 20 ms to a
 * fake OpenAI realtime server (its own process) that echoes each frame back as an output audio delta; every
 * frame carries its send time, so each round trip is measured. Per level, rounds alternate between three
 * paths to the same fake: direct (the floor), the pass-through proxy (relay/proxy.ts, the baseline) and the
 * product's server (`apps/server/src/index.ts`, as `bun start` runs it; with BENCH_WORKERS also as WORKERS=n).
 * CPU, minor page faults and RSS are read from /proc for each middle process tree during the measured window.
 * "setup s" is how long after the first frame every stream had an echo back (N sessions starting at once); the
 * warm-up and the measured window come after it, so the round trips measure steady streaming. "ready ms" is how
 * long after opening its socket a page heard the upstream's session.created (median of the streams / the last one).
 *
 *   BENCH_LEVELS=50,100,200   levels of N
 *   BENCH_ROUNDS=5            alternating rounds per level (medians are reported)
 *   BENCH_SECONDS=6           measured seconds per round (after BENCH_WARMUP=2 s)
 *   BENCH_P99_MS=20           "held": median added p99 (over direct) under this, all connected
 *   BENCH_WORKERS=1           relay configurations, e.g. 1,2 (WORKERS>1 needs DATABASE_URL)
 *   BENCH_BASE=<dir>          also run another checkout's server (e.g. `git worktree add` of main), as "base relay",
 *                             in the same alternating rounds: a before/after comparison under the same load
 *   BENCH_BASE_ENV=A=1,B=2    settings for the base relay only (an A/B of a setting: BENCH_BASE=. and this; PGlite
 *                             against PostgreSQL in the same rounds: BENCH_BASE=. BENCH_BASE_ENV=DATABASE_URL=<a scratch db>)
 *   BENCH_UPSTREAM_DELAY_MS=0 the fake answers each upgrade this late (a real provider's handshake; "ready ms")
 *   BENCH_PIN=1               load generator and fake on CPU 0, the measured process on the others (relay/proc-stats.ts)
 *   BENCH_CPU_PROF=<dir>      the proxy and relays write CPU profiles there when they stop
 *   BENCH_TRACE=1             per-turn tracing off and on in the same rounds (PRODUCT §12): the fake ends a turn every
 *                             BENCH_TURN_EVERY_FRAMES=50 frames (one a second per stream), the load's pages report their
 *                             shares as the member's page does, and a "traced relay" exports each turn (six spans) over OTLP to a collector in this process (OTEL_EXPORTER_OTLP_ENDPOINT); "relay" runs
 *                             the same turns with export off. Compare their "CPU µs/frame", and the paired figure
 *                             printed last: per round, traced ÷ relay CPU µs/frame (the same round's load), median and
 *                             range. With BENCH_BASE the base relay is traced too ("base traced relay"): tracing's
 *                             cost before and after a change, in the same rounds.
 */
import type { LoadResult } from './relay/load';
import { LoadGenerator } from './relay/load-client';
import { cpuMicros, median, minorFaults, processTree, rssMb } from './relay/proc-stats';
import { startFake, startProxy, startRelay, type Target } from './relay/targets';
import { startOtlpCollector } from '../src/test/otlp-collector';

const levels = (process.env.BENCH_LEVELS ?? '50,100,200').split(',').map(Number);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const seconds = Number(process.env.BENCH_SECONDS ?? 6);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 2);
const targetMs = Number(process.env.BENCH_P99_MS ?? 20);
const workerCounts = (process.env.BENCH_WORKERS ?? '1').split(',').map(Number);

interface Sample {
  result: LoadResult;
  cpuMicros: number;
  faults: number;
  wallMs: number;
  rssMb: number;
}

const load = await LoadGenerator.start();

async function measure(target: Target, n: number): Promise<Sample> {
  let cpu0 = 0;
  let faults0 = 0;
  let t0 = 0;
  let sample: Omit<Sample, 'result'> = { cpuMicros: NaN, faults: NaN, wallMs: NaN, rssMb: NaN };
  const result = await load.run(
    { url: target.url, headers: target.headers, n, seconds, warmupSeconds },
    {
      measuring() {
        cpu0 = cpuMicros(target.pid);
        faults0 = minorFaults(target.pid);
        t0 = performance.now();
      },
      measured() {
        sample = {
          cpuMicros: cpuMicros(target.pid) - cpu0,
          faults: minorFaults(target.pid) - faults0,
          wallMs: performance.now() - t0,
          rssMb: rssMb(target.pid),
        };
      },
    },
  );
  return { result, ...sample };
}

// ---- the run ----
const tracing = process.env.BENCH_TRACE === '1';
// A real OTLP/HTTP collector (either encoding: OTEL_EXPORTER_OTLP_PROTOCOL passes through to the relays).
const sink = tracing ? startOtlpCollector() : null;
if (tracing) process.env.BENCH_TURN_EVERY_FRAMES ??= '50';
const fake = await startFake();
const proxy = await startProxy(fake.url);
const relays: Target[] = [];
const traced = sink ? { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : undefined;
for (const w of workerCounts) {
  if (process.env.BENCH_BASE)
    relays.push(await startRelay(fake.url, w, { root: process.env.BENCH_BASE, label: traced ? 'base traced' : 'base', env: traced }));
  relays.push(await startRelay(fake.url, w));
  if (traced) relays.push(await startRelay(fake.url, w, { label: 'traced', env: traced }));
}
const targets = [fake, proxy, ...relays];
console.log(
  `relay bench: N = ${levels.join(', ')}; ${rounds} alternating rounds of ${seconds} s per level; paths: ${targets.map((t) => t.name).join(', ')}`,
);

interface Row {
  n: number;
  path: string;
  connected: number;
  frames: number;
  medianMs: number;
  p99Ms: number;
  addedP99Ms: number;
  setupMs: number;
  readyMedianMs: number;
  readyMaxMs: number;
  cpuPercent: number;
  cpuUsPerFrame: number;
  faultsPerFrame: number;
  rssMb: number;
}
const rows: Row[] = [];
/** Per level, each traced relay's CPU µs/frame over the untraced relay's in the same round. */
const paired: { n: number; path: string; ratios: number[] }[] = [];
for (const n of levels) {
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.name, []]));
  for (let r = 0; r < rounds; r++) {
    // Rotate the order each round so no path always runs first (warm caches, a busy neighbour).
    const order = targets.map((_, i) => targets[(i + r) % targets.length]);
    for (const t of order) samples.get(t.name)!.push(await measure(t, n));
  }
  const direct = samples.get(fake.name)!;
  const perFrame = (x: Sample) => x.cpuMicros / Math.max(1, x.result.frames);
  for (const t of relays.filter((r) => r.name.includes('traced'))) {
    // "traced relay WORKERS=2" and "base traced relay WORKERS=2" against "relay WORKERS=2".
    const untraced = samples.get(t.name.replace(/^(base )?traced /, ''))!;
    paired.push({ n, path: t.name, ratios: samples.get(t.name)!.map((x, i) => perFrame(x) / perFrame(untraced[i])) });
  }
  for (const t of targets) {
    const s = samples.get(t.name)!;
    const row: Row = {
      n,
      path: t.name,
      connected: Math.min(...s.map((x) => x.result.connected)),
      frames: median(s.map((x) => x.result.frames)),
      medianMs: median(s.map((x) => x.result.medianMs)),
      p99Ms: median(s.map((x) => x.result.p99Ms)),
      addedP99Ms: median(s.map((x, i) => x.result.p99Ms - direct[i].result.p99Ms)),
      setupMs: median(s.map((x) => x.result.setupMs)),
      readyMedianMs: median(s.map((x) => x.result.readyMedianMs)),
      readyMaxMs: median(s.map((x) => x.result.readyMaxMs)),
      cpuPercent: t === fake ? NaN : median(s.map((x) => (x.cpuMicros / 1000 / x.wallMs) * 100)),
      cpuUsPerFrame: t === fake ? NaN : median(s.map((x) => x.cpuMicros / Math.max(1, x.result.frames))),
      faultsPerFrame: t === fake ? NaN : median(s.map((x) => x.faults / Math.max(1, x.result.frames))),
      rssMb: t === fake ? NaN : median(s.map((x) => x.rssMb)),
    };
    rows.push(row);
    console.log(
      `N=${n} ${t.name}: connected ${row.connected}/${n}; all echoing after ${(row.setupMs / 1000).toFixed(2)} s; p99 ${row.p99Ms.toFixed(2)} ms (added ${row.addedP99Ms.toFixed(2)}); ` +
        (t === fake
          ? ''
          : `CPU ${row.cpuPercent.toFixed(0)}% = ${row.cpuUsPerFrame.toFixed(1)} µs per echoed frame; RSS ${row.rssMb.toFixed(0)} MB`),
    );
  }
}

const fmt = (v: number, d = 1) => (Number.isFinite(v) ? +v.toFixed(d) : '—');
console.table(
  rows.map((r) => {
    const base = rows.find((x) => x.n === r.n && x.path === proxy.name)!;
    return {
      N: r.n,
      path: r.path,
      connected: r.connected,
      'median ms': fmt(r.medianMs, 2),
      'p99 ms': fmt(r.p99Ms, 2),
      'added p99 ms': r.path === fake.name ? '—' : fmt(r.addedP99Ms, 2),
      'setup s': fmt(r.setupMs / 1000, 2),
      'ready ms': `${fmt(r.readyMedianMs, 0)} / ${fmt(r.readyMaxMs, 0)}`,
      'CPU %': fmt(r.cpuPercent, 0),
      'CPU µs/frame': fmt(r.cpuUsPerFrame),
      'vs proxy': r.path === fake.name || r.path === proxy.name ? '—' : `${fmt(r.cpuUsPerFrame / base.cpuUsPerFrame, 2)}×`,
      'faults/frame': fmt(r.faultsPerFrame, 2),
      'RSS MB': fmt(r.rssMb, 0),
    };
  }),
);
for (const t of [proxy, ...relays]) {
  const held = rows.filter((r) => r.path === t.name && r.connected === r.n && r.addedP99Ms < targetMs).map((r) => r.n);
  console.log(`${t.name}: largest N held with added p99 under ${targetMs} ms: ${held.length ? Math.max(...held) : 'none'}`);
}

if (sink) {
  const spans = sink.spans();
  const turns = spans.filter((span) => span.name === 'voice.turn').length;
  console.log(
    `OTLP collector: ${spans.length} spans received, ${turns} turns (${(spans.length / Math.max(1, turns)).toFixed(1)} a turn; 6 when the page's shares came: voice.turn, provider, relay, browser.capture, browser.socket, browser.playback)`,
  );
}
for (const { n, path, ratios } of paired) {
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(
    `N=${n} ${path} ÷ relay, CPU µs/frame in the same round: median ${median(ratios).toFixed(3)}× ` +
      `(rounds: ${sorted.map((r) => r.toFixed(2)).join(', ')})`,
  );
}
load.exit();
sink?.stop();
const trees = targets.map((t) => processTree(t.pid));
for (const t of targets) await t.stop().catch((e) => console.error(`${t.name}: ${e}`));
for (const pid of trees.flat()) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {}
}
process.exit(0);
