import { describe, expect, test } from 'bun:test';
import { FRAME_MS, SAMPLE_RATE } from '@hearth/protocol';
import { createRng } from './speech-synth';
import { EnergyVad, rmsDbfs, thresholdToDbfs, type VadEvent, type VadSettings } from './vad';

/** PCM16 with a noise floor everywhere and tone bursts at [startMs, endMs). */
function signal(totalMs: number, bursts: Array<[number, number]>, opts: { amplitude?: number; noise?: number } = {}): Int16Array {
  const rng = createRng(42);
  const out = new Int16Array(Math.round((totalMs * SAMPLE_RATE) / 1000));
  const amplitude = opts.amplitude ?? 0.25;
  const noise = opts.noise ?? 0.003;
  for (let i = 0; i < out.length; i++) {
    const ms = (i * 1000) / SAMPLE_RATE;
    const inBurst = bursts.some(([a, b]) => ms >= a && ms < b);
    const tone = inBurst
      ? amplitude * Math.sin((2 * Math.PI * 220 * i) / SAMPLE_RATE) * (0.8 + 0.2 * Math.sin((2 * Math.PI * 4 * i) / SAMPLE_RATE))
      : 0;
    out[i] = Math.round((tone + (rng() * 2 - 1) * noise) * 32767);
  }
  return out;
}

/** Feeds the signal in uneven pieces, as a network would deliver it. */
function run(pcm: Int16Array, settings: VadSettings, pieceSamples = [168, 480, 792, 1000]): VadEvent[] {
  const vad = new EnergyVad(settings);
  const events: VadEvent[] = [];
  for (let offset = 0, i = 0; offset < pcm.length; i++) {
    const size = pieceSamples[i % pieceSamples.length];
    events.push(...vad.push(pcm.subarray(offset, offset + size)));
    offset += size;
  }
  return events;
}

const defaults: VadSettings = { threshold: 0.5, prefixPaddingMs: 300, silenceDurationMs: 500 };

describe('energy VAD', () => {
  test('threshold 0..1 maps onto a dBFS scale; the noise floor is well below 0.5 and the tone well above', () => {
    expect(thresholdToDbfs(0)).toBe(-70);
    expect(thresholdToDbfs(0.5)).toBe(-40);
    expect(thresholdToDbfs(1)).toBe(-10);
    expect(rmsDbfs(signal(200, []))).toBeLessThan(-50);
    expect(rmsDbfs(signal(200, [[0, 200]]))).toBeGreaterThan(-20);
  });

  test('speech start and stop land within one frame, with prefix padding and silence duration applied', () => {
    const pcm = signal(4000, [
      [510, 1510],
      [2310, 2740],
    ]);
    const events = run(pcm, defaults);
    expect(events.map((e) => e.type)).toEqual(['speech_started', 'speech_stopped', 'speech_started', 'speech_stopped']);
    const [start1, stop1, start2, stop2] = events as [any, any, any, any];
    expect(Math.abs(start1.speechStartMs - 510)).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(start1.audioStartMs - (510 - 300))).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(stop1.audioEndMs - (1510 + 500))).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(stop1.speechEndMs - 1510)).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(start2.speechStartMs - 2310)).toBeLessThanOrEqual(FRAME_MS);
    // The prefix cannot reach back into the turn that was already committed.
    expect(start2.audioStartMs).toBe(stop1.audioEndMs);
    expect(Math.abs(stop2.audioEndMs - (2740 + 500))).toBeLessThanOrEqual(FRAME_MS);
  });

  test('a pause shorter than the silence duration does not end the turn; a shorter setting does', () => {
    const pcm = signal(3000, [
      [400, 1000],
      [1300, 1800],
    ]);
    expect(run(pcm, defaults).map((e) => e.type)).toEqual(['speech_started', 'speech_stopped']);
    const short = run(pcm, { threshold: 0.5, prefixPaddingMs: 0, silenceDurationMs: 200 });
    expect(short.map((e) => e.type)).toEqual(['speech_started', 'speech_stopped', 'speech_started', 'speech_stopped']);
    const first = short[0] as Extract<VadEvent, { type: 'speech_started' }>;
    expect(first.audioStartMs).toBe(first.speechStartMs);
    expect(Math.abs((short[1] as any).audioEndMs - 1200)).toBeLessThanOrEqual(FRAME_MS);
  });

  test('the threshold decides what counts as speech', () => {
    // A quiet voice (about -30 dBFS) is speech at 0.5 but not at 0.9 (-16 dBFS).
    const quiet = signal(2000, [[500, 1200]], { amplitude: 0.045 });
    expect(run(quiet, defaults).map((e) => e.type)).toEqual(['speech_started', 'speech_stopped']);
    expect(run(quiet, { ...defaults, threshold: 0.9 })).toEqual([]);
    // Loud noise alone (about -43 dBFS RMS) is speech only to a very sensitive detector.
    const noisy = signal(1500, [], { noise: 0.012 });
    expect(run(noisy, defaults)).toEqual([]);
    expect(run(noisy, { ...defaults, threshold: 0.2 })[0]?.type).toBe('speech_started');
  });
});
