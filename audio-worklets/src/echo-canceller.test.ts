import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { EchoCanceller } from './echo-canceller.ts';
import { convolve, type EchoPath, echoImpulse, energy, speechLike } from './test/speech.ts';

const RATE = 24000;

/** Runs the canceller over whole signals, one render quantum at a time, as the capture worklet does. */
function cancel(mic: Float32Array, ref: Float32Array, canceller = new EchoCanceller()): Float32Array {
  const out = new Float32Array(mic.length);
  for (let start = 0; start + RENDER_QUANTUM <= mic.length; start += RENDER_QUANTUM) {
    const end = start + RENDER_QUANTUM;
    canceller.process(mic.subarray(start, end), ref.subarray(start, end), out.subarray(start, end), RENDER_QUANTUM);
  }
  return out;
}

const db = (ratio: number) => 10 * Math.log10(ratio);
const seconds = (s: number) => Math.round(s * RATE);

/** The assistant speaking for `length` s, and what the microphone hears of it over `path`. */
function echoScene(path: EchoPath, length = 20) {
  const played = speechLike(RATE, length, 1);
  const echo = convolve(played, echoImpulse(RATE, path));
  return { played, echo };
}

// Loudspeaker-to-microphone paths of laptops and rooms: 40–150 ms (output + input latency + room), -6 to -20 dB,
// and a reverberant tail.
const PATHS: EchoPath[] = [
  { delayMs: 40, gainDb: -6, rt60Ms: 60 },
  { delayMs: 90, gainDb: -12, rt60Ms: 60 },
  { delayMs: 150, gainDb: -20, rt60Ms: 80 },
];

// Each case runs 10–20 s of audio through the canceller.
setDefaultTimeout(30_000);

describe('echo canceller', () => {
  for (const path of PATHS) {
    test(`echo over ${path.delayMs} ms, ${path.gainDb} dB, reverb ${path.rt60Ms} ms: at least 25 dB attenuated once converged`, () => {
      const { played, echo } = echoScene(path);
      const canceller = new EchoCanceller();
      const out = cancel(echo, played, canceller);
      const from = seconds(5);
      expect(db(energy(echo, from) / energy(out, from))).toBeGreaterThanOrEqual(25);
      // The delay found is the path's, within the filter's lead.
      const delaySamples = (path.delayMs * RATE) / 1000;
      expect(canceller.stats.delaySamples).toBeGreaterThanOrEqual(delaySamples - 64);
      expect(canceller.stats.delaySamples).toBeLessThanOrEqual(delaySamples + 256);
      expect(canceller.stats.filterErleDb).toBeGreaterThan(20);
    });
  }

  for (const [nearToEchoDb, maxEchoLeftDb] of [
    [0, -5],
    [6, -10],
  ]) {
    test(`the member speaking over the assistant (${nearToEchoDb} dB over its echo) keeps 90% of their voice, and the echo stays cancelled after`, () => {
      const { played, echo } = echoScene({ delayMs: 90, gainDb: -12, rt60Ms: 60 });
      const from = seconds(12);
      const to = seconds(16);
      const near = new Float32Array(played.length);
      near.set(speechLike(RATE, 4, 99, 220), from);
      const scale = Math.sqrt((energy(echo, from, to) / energy(near, from, to)) * 10 ** (nearToEchoDb / 10));
      for (let i = from; i < to; i++) near[i] *= scale;
      const mic = echo.map((sample, i) => sample + near[i]);

      const out = cancel(mic, played);
      const kept = energy(out, from, to) / energy(near, from, to);
      expect(kept).toBeGreaterThanOrEqual(0.9);
      expect(kept).toBeLessThanOrEqual(1.25);
      // What goes out is mostly the member's voice, not the echo around it.
      const difference = out.map((sample, i) => sample - near[i]);
      expect(db(energy(difference, from, to) / energy(near, from, to))).toBeLessThanOrEqual(maxEchoLeftDb);
      // Their first 100 ms (the onset the server's VAD hears) is not held back either.
      const onset = from + seconds(0.1);
      expect(energy(out, from, onset) / energy(near, from, onset)).toBeGreaterThanOrEqual(0.8);
      // The filter did not learn their voice: the echo after is cancelled as well as before.
      const after = to + seconds(0.2);
      expect(db(energy(mic, after) / energy(out, after))).toBeGreaterThanOrEqual(25);
    });
  }

  test('nothing played: the microphone passes untouched', () => {
    const mic = speechLike(RATE, 3, 5, 200);
    const out = cancel(mic, new Float32Array(mic.length));
    const usable = mic.length - (mic.length % RENDER_QUANTUM);
    expect(Array.from(out.subarray(0, usable))).toEqual(Array.from(mic.subarray(0, usable)));
  });

  test('the member speaking while the assistant is silent passes untouched, after the canceller has learned an echo', () => {
    const { played, echo } = echoScene({ delayMs: 60, gainDb: -10, rt60Ms: 60 }, 8);
    const reference = new Float32Array(seconds(14));
    reference.set(played);
    const mic = new Float32Array(reference.length);
    mic.set(echo);
    const near = speechLike(RATE, 4, 42, 180);
    // Half a second after the last echo has died away.
    mic.set(near, seconds(9));
    const out = cancel(mic, reference);
    const from = seconds(9.5);
    const to = seconds(13);
    expect(energy(out, from, to) / energy(mic, from, to)).toBeGreaterThanOrEqual(0.98);
  });

  test('reset forgets the echo path', () => {
    const { played, echo } = echoScene({ delayMs: 60, gainDb: -10, rt60Ms: 60 }, 6);
    const canceller = new EchoCanceller();
    cancel(echo, played, canceller);
    expect(canceller.stats.delaySamples).toBeGreaterThan(0);
    canceller.reset();
    expect(canceller.stats).toEqual({ delaySamples: -1, filterErleDb: 0, doubleTalk: false, gain: 1 });
  });
});
