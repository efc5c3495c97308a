/**
 * `bun run bench:relay-soak`: 50 sessions stream 20 ms frames both ways through the relay (to the echoing fake
 * upstream) for 10 minutes; the relay's RSS and heap (after a full GC) are sampled every minute, and the slope
 * per minute is fitted by least squares over the samples after the first minute (start-up growth excluded).
 * A leak shows as a steady positive slope; noise as a slope near 0.
 *
 *   BENCH_SESSIONS=50  BENCH_SOAK_MINUTES=10  BENCH_SAMPLE_SECONDS=60
 */
import { join } from 'node:path';
import { LoadGenerator } from './relay/load-client';
import { startFake } from './relay/targets';

const sessions = Number(process.env.BENCH_SESSIONS ?? 50);
const minutes = Number(process.env.BENCH_SOAK_MINUTES ?? 10);
const sampleSeconds = Number(process.env.BENCH_SAMPLE_SECONDS ?? 60);

type Stats = { type: 'stats'; rssMb: number; heapMb: number; objects: number };
type FromRelay = Stats | { type: 'ready'; port: number; cookie: string };
let onRelay: (m: FromRelay) => void = () => {};
const fake = await startFake();
const relay = Bun.spawn(['bun', join(import.meta.dir, 'relay/soak-relay.ts'), fake.url], {
  stdout: 'inherit',
  stderr: 'inherit',
  ipc: (m: FromRelay) => onRelay(m),
});
const ready = await new Promise<{ port: number; cookie: string }>((resolve) => (onRelay = (m) => m.type === 'ready' && resolve(m)));
const stats = () => new Promise<Stats>((resolve) => ((onRelay = (m) => m.type === 'stats' && resolve(m)), relay.send({ type: 'stats' })));

const load = await LoadGenerator.start();

console.log(`relay soak: ${sessions} sessions, ${minutes} min, a sample every ${sampleSeconds} s`);
const samples: Array<{ minute: number } & Stats> = [];
let sampler: Timer | undefined;
const started = performance.now();
const take = async () => {
  const s = await stats();
  const minute = (performance.now() - started) / 60_000;
  samples.push({ minute, ...s });
  console.log(`${minute.toFixed(1)} min: RSS ${s.rssMb.toFixed(1)} MB, heap ${s.heapMb.toFixed(1)} MB, ${s.objects} objects`);
};
const result = await load.run(
  {
    url: `ws://127.0.0.1:${ready.port}/ws?page=console`,
    headers: { Origin: 'http://hearth.test', Cookie: ready.cookie },
    n: sessions,
    seconds: minutes * 60,
    warmupSeconds: 5,
  },
  {
    async measuring() {
      await take();
      sampler = setInterval(take, sampleSeconds * 1000);
    },
    measured: () => clearInterval(sampler),
  },
);
const end = await stats();
samples.push({ minute: (performance.now() - started) / 60_000, ...end });

function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, p) => a + p[0], 0) / n;
  const my = points.reduce((a, p) => a + p[1], 0) / n;
  const num = points.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0);
  const den = points.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return num / den;
}
const steady = samples.filter((s) => s.minute >= 1);
const first = samples[0];
console.table({
  start: { 'RSS MB': +first.rssMb.toFixed(1), 'heap MB': +first.heapMb.toFixed(1) },
  end: { 'RSS MB': +end.rssMb.toFixed(1), 'heap MB': +end.heapMb.toFixed(1) },
  'slope per minute (after minute 1)': {
    'RSS MB': +slope(steady.map((s) => [s.minute, s.rssMb])).toFixed(2),
    'heap MB': +slope(steady.map((s) => [s.minute, s.heapMb])).toFixed(2),
  },
});
console.log(
  `frames echoed ${result.frames} (${result.connected}/${sessions} connected), round trip median ${result.medianMs.toFixed(2)} ms p99 ${result.p99Ms.toFixed(2)} ms`,
);
load.exit();
relay.send({ type: 'stop' });
await Promise.race([relay.exited, Bun.sleep(10_000)]);
await fake.stop();
process.exit(0);
