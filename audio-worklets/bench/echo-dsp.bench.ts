// bun run bench:echo-dsp — the echo canceller's cost per 128-sample render quantum (24 kHz: 5.33 ms of audio)
// and its echo attenuation, on the synthetic echo paths of its unit test. Figures are medians over the runs.
import { RENDER_QUANTUM, SAMPLE_RATE } from '@hearth/protocol/audio';
import { EchoCanceller } from '../src/echo-canceller.ts';
import { convolve, type EchoPath, echoImpulse, energy, speechLike } from '../src/test/speech.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SECONDS = 20;
const PATHS: EchoPath[] = [
  { delayMs: 40, gainDb: -6, rt60Ms: 60 },
  { delayMs: 90, gainDb: -12, rt60Ms: 60 },
  { delayMs: 150, gainDb: -20, rt60Ms: 80 },
];
const QUANTUM_MS = (RENDER_QUANTUM / SAMPLE_RATE) * 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)];

const played = speechLike(SAMPLE_RATE, SECONDS, 1);
for (const path of PATHS) {
  const mic = convolve(played, echoImpulse(SAMPLE_RATE, path));
  const perQuantum: number[] = [];
  const p99: number[] = [];
  const attenuation: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const canceller = new EchoCanceller();
    const out = new Float32Array(mic.length);
    const times: number[] = [];
    for (let start = 0; start + RENDER_QUANTUM <= mic.length; start += RENDER_QUANTUM) {
      const end = start + RENDER_QUANTUM;
      const began = performance.now();
      canceller.process(mic.subarray(start, end), played.subarray(start, end), out.subarray(start, end), RENDER_QUANTUM);
      times.push(performance.now() - began);
    }
    perQuantum.push(median(times));
    p99.push(percentile(times, 0.99));
    const from = 5 * SAMPLE_RATE;
    attenuation.push(10 * Math.log10(energy(mic, from) / energy(out, from)));
  }
  const quantumMs = median(perQuantum);
  console.log(
    JSON.stringify({
      path,
      runs: RUNS,
      medianMsPerQuantum: +quantumMs.toFixed(4),
      p99MsPerQuantum: +median(p99).toFixed(4),
      shareOfQuantum: +(quantumMs / QUANTUM_MS).toFixed(4),
      attenuationDb: +median(attenuation).toFixed(1),
    }),
  );
}
