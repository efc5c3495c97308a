/**
 * `bun run bench:trace-export`: what exporting a turn's trace costs in CPU, on its own, precisely enough to compare
 * with the relay's cost per frame. bench:relay (BENCH_TRACE=1) measures the same thing inside a whole relay, where
 * the round-to-round spread of its CPU per frame (±15 % on this 2-core machine) is larger than the cost looked for.
 *
 * Each round runs one process per mode (bench/trace/turns.ts), one after the other in a rotating order, each
 * exporting TRACE_RATE turns a second (default 100: N = 100 streams at one turn a second each) over OTLP/HTTP to a
 * collector in this process (json, the default, and protobuf, both over Bun's fetch; json over the official Node
 * transport, which the product uses where only it honours a variable; and the SDK tracer's way, as trace-export.ts
 * did before, kept as the comparison); its CPU is read from /proc (each thread's schedstat, to the nanosecond) over the measured window. A mode's cost per turn is its CPU over
 * the "off" process's (the same pacing timer, no export) in the same round, divided by the turns.
 *
 *   TRACE_RATE=100      turns a second
 *   TRACE_ROUNDS=5      rounds (medians are reported)
 *   TRACE_SECONDS=10    measured seconds per process, after TRACE_WARMUP=3
 *   TRACE_PAGE=1        turns carry the page's shares (6 spans a turn, as when the member's page reports); 0: the
 *                       relay's alone (3 spans, as in bench:relay)
 *   TRACE_RELAY_US=58   the relay's CPU µs per frame with export off, from bench:relay on the same machine the
 *                       same day (it moved from 58 to 29 between two sessions on one machine kind); the share is
 *                       reported at one turn every TRACE_FRAMES_PER_TURN=50 frames (one a second)
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOtlpCollector } from '../src/test/otlp-collector';
import { cpuMicrosPrecise, median } from './relay/proc-stats';

const rate = Number(process.env.TRACE_RATE ?? 100);
const rounds = Number(process.env.TRACE_ROUNDS ?? 5);
const seconds = Number(process.env.TRACE_SECONDS ?? 10);
const warmup = Number(process.env.TRACE_WARMUP ?? 3);
const page = process.env.TRACE_PAGE !== '0';
const relayUs = Number(process.env.TRACE_RELAY_US ?? 58);
const framesPerTurn = Number(process.env.TRACE_FRAMES_PER_TURN ?? 50);
const modes = ['off', 'protobuf', 'json', 'json-node', 'tracer'] as const;
// json-node: the product's export with the official Node transport, as a deployment with OTLP TLS files gets it
// (trace-settings.ts). Any file chooses it; the collector's endpoint is http, so the file is read and never used.
const tlsFile = join(mkdtempSync(join(tmpdir(), 'hearth-trace-bench-')), 'collector-ca.pem');
writeFileSync(tlsFile, '');

let spans = 0;
const collector = startOtlpCollector();

async function measure(mode: (typeof modes)[number]): Promise<number> {
  const proc = Bun.spawn(['bun', join(import.meta.dir, 'trace/turns.ts'), mode, String(rate), page ? 'page' : 'relay'], {
    env: {
      ...process.env,
      ...(mode === 'json-node' ? { OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE: tlsFile } : {}),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: mode === 'protobuf' ? 'http/protobuf' : 'http/json',
      LOG_LEVEL: 'silent',
    },
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const reader = proc.stdout.getReader();
  await reader.read(); // "ready": the module graph is loaded
  await Bun.sleep(warmup * 1000);
  const cpu0 = cpuMicrosPrecise(proc.pid);
  const t0 = performance.now();
  await Bun.sleep(seconds * 1000);
  const cpu = cpuMicrosPrecise(proc.pid) - cpu0;
  const wallS = (performance.now() - t0) / 1000;
  proc.kill('SIGKILL');
  await proc.exited;
  spans += collector.spans().length;
  collector.received.length = 0;
  return cpu / wallS; // CPU µs per second
}

console.log(
  `trace export bench: ${rate} turns/s, ${page ? 6 : 3} spans a turn, ${rounds} rounds of ${seconds} s per mode (${modes.join(', ')})`,
);
const perSecond = new Map<string, number[]>(modes.map((m) => [m, []]));
for (let r = 0; r < rounds; r++) {
  const order = modes.map((_, i) => modes[(i + r) % modes.length]);
  for (const mode of order) perSecond.get(mode)!.push(await measure(mode));
  console.log(`round ${r + 1}: ${modes.map((m) => `${m} ${(perSecond.get(m)!.at(-1)! / 1000).toFixed(1)} ms CPU/s`).join(', ')}`);
}
const off = perSecond.get('off')!;
const rows = modes.map((mode) => {
  const added = perSecond.get(mode)!.map((v, i) => (v - off[i]) / rate);
  const perTurn = median(added);
  return {
    mode,
    'CPU ms/s': +(median(perSecond.get(mode)!) / 1000).toFixed(2),
    'µs per turn': mode === 'off' ? '—' : +perTurn.toFixed(1),
    'rounds µs/turn': mode === 'off' ? '—' : added.map((a) => a.toFixed(0)).join(' '),
    [`share of a ${relayUs} µs/frame relay, 1 turn/${framesPerTurn} frames`]:
      mode === 'off' ? '—' : `${((perTurn / framesPerTurn / relayUs) * 100).toFixed(1)} %`,
  };
});
console.table(rows);
console.log(`collector: ${spans} spans received; the relay's own cost taken as ${relayUs} µs/frame (TRACE_RELAY_US)`);
collector.stop();
process.exit(0);
