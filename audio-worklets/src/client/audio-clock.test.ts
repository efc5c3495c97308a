import { describe, expect, test } from 'bun:test';
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { type AudioClockReading, readAudioClock, renderedAtMs } from './audio-clock.ts';

const RATE = 24000;
// What Chromium does at 24 kHz on a 10 ms device: 241 frames per callback (baseLatency 10.04 ms).
const CALLBACK_FRAMES = 241;
const CALLBACK_MS = (CALLBACK_FRAMES / RATE) * 1000;

/**
 * Chromium's render loop: at each device callback the graph renders whole quanta into a FIFO until it holds a
 * callback's worth, then the device takes one callback's worth. Returns when each quantum was rendered and the
 * clock reading the main thread would get after each callback.
 */
function simulate(callbackCount: number) {
  const renderedAt: number[] = [];
  const readings: AudioClockReading[] = [];
  let fifoFrames = 0;
  for (let n = 0; n < callbackCount; n++) {
    const callbackAtMs = 5000 + n * CALLBACK_MS;
    while (fifoFrames < CALLBACK_FRAMES) {
      renderedAt.push(callbackAtMs);
      fifoFrames += RENDER_QUANTUM;
    }
    fifoFrames -= CALLBACK_FRAMES;
    readings.push({
      callbackAtMs,
      renderedToS: (renderedAt.length * RENDER_QUANTUM) / RATE,
      callbackS: CALLBACK_FRAMES / RATE,
      quantumS: RENDER_QUANTUM / RATE,
    });
  }
  return { renderedAt, readings };
}

/** Context time of a sample `offset` frames into quantum `quantum`. */
const sampleTime = (quantum: number, offset = 0) => (quantum * RENDER_QUANTUM + offset) / RATE;

describe('renderedAtMs', () => {
  const { renderedAt, readings } = simulate(200);
  const lastQuantum = (reading: AudioClockReading) => Math.round(reading.renderedToS * RATE) / RENDER_QUANTUM - 1;

  test('read in the same callback period, every quantum maps exactly to the callback that rendered it', () => {
    let checked = 0;
    for (const [n, reading] of readings.entries()) {
      for (let q = lastQuantum(reading); q >= 0 && renderedAt[q] === reading.callbackAtMs; q--) {
        // Any sample of the quantum, e.g. a frame posted from it (start) or a sample inside it.
        expect(renderedAtMs(sampleTime(q), reading)).toBeCloseTo(renderedAt[q], 6);
        expect(renderedAtMs(sampleTime(q, 127), reading)).toBeCloseTo(renderedAt[q], 6);
        checked++;
      }
      // The next quantum (e.g. the first silent one after an interrupt) comes with the next callback.
      const next = lastQuantum(reading) + 1;
      if (n + 1 < readings.length) expect(renderedAtMs(sampleTime(next), reading)).toBeCloseTo(renderedAt[next], 6);
    }
    expect(checked).toBe(renderedAt.length);
  });

  test('read while the main thread lags several callbacks behind, it is off by one callback at most', () => {
    const reading = readings.at(-1)!;
    const last = lastQuantum(reading);
    for (let q = last - 40; q <= last; q++) {
      expect(Math.abs(renderedAtMs(sampleTime(q), reading) - renderedAt[q])).toBeLessThanOrEqual(CALLBACK_MS + 1e-6);
    }
  });
});

describe('readAudioClock', () => {
  const context = (performanceTime: number) => ({
    getOutputTimestamp: () => ({ contextTime: 1.2, performanceTime }),
    currentTime: 1.25,
    sampleRate: RATE,
    baseLatency: CALLBACK_FRAMES / RATE,
  });
  const blank = (): AudioClockReading => ({ callbackAtMs: 0, renderedToS: 0, callbackS: 0, quantumS: 0 });

  test('fills the reading it is given from the context', () => {
    const reading = blank();
    expect(readAudioClock(context(812.5), reading)).toBe(reading);
    expect(reading).toEqual({
      callbackAtMs: 812.5,
      renderedToS: 1.25,
      callbackS: CALLBACK_FRAMES / RATE,
      quantumS: RENDER_QUANTUM / RATE,
    });
  });

  test('no reading before the first device callback, or without getOutputTimestamp', () => {
    expect(readAudioClock(context(0), blank())).toBeNull();
    const old = { ...context(812.5), getOutputTimestamp: undefined } as unknown as ReturnType<typeof context>;
    expect(readAudioClock(old, blank())).toBeNull();
  });
});
