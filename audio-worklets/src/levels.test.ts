import { describe, expect, test } from 'bun:test';
import { LevelMeter } from './levels.ts';
import { blocks, sine } from './test/signals.ts';

function feed(meter: LevelMeter, samples: Float32Array): number {
  let readings = 0;
  for (const block of blocks(samples)) if (meter.push(block)) readings++;
  return readings;
}

function loudestBar(bars: Float32Array): number {
  return bars.indexOf(Math.max(...bars));
}

describe('LevelMeter', () => {
  test('a 440 Hz sine at half scale reads rms 0.354, peak 0.5 and lights the bar holding 440 Hz', () => {
    const meter = new LevelMeter(48000, { barCount: 8 });
    expect(feed(meter, sine(48000, 440, 0.5, 48000))).toBe(60);
    expect(meter.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(meter.peak).toBeCloseTo(0.5, 2);
    // Bars are log-spaced from 100 Hz to 8 kHz: 440 Hz falls in the third (299-517 Hz).
    expect(loudestBar(meter.bars)).toBe(2);
    expect(meter.bars[2]).toBeGreaterThan(0.85); // -6 dBFS on a -60..0 dB scale is 0.9
    expect(meter.bars[2]).toBeLessThanOrEqual(0.9);
    expect(Math.max(...meter.bars.subarray(4))).toBe(0);
  });

  test('a 3 kHz tone lights a higher bar than 440 Hz', () => {
    const meter = new LevelMeter(24000);
    feed(meter, sine(24000, 3000, 0.5, 4800));
    expect(loudestBar(meter.bars)).toBe(6);
  });

  test('readings come about 60 times a second whatever the rate and block size', () => {
    const meter = new LevelMeter(24000);
    expect(meter.intervalSamples).toBe(400);
    expect(feed(meter, sine(24000, 440, 0.1, 24000 * 2))).toBe(120);
    const uneven = new LevelMeter(44100);
    let readings = 0;
    const signal = sine(44100, 440, 0.1, 44100);
    for (let start = 0; start < signal.length; start += 300) {
      if (uneven.push(signal, Math.min(300, signal.length - start), start)) readings++;
    }
    expect(readings).toBe(60);
  });

  test('silence reads zero everywhere, and the level follows the latest interval only', () => {
    const meter = new LevelMeter(24000);
    feed(meter, sine(24000, 440, 0.9, 2400));
    feed(meter, new Float32Array(2400));
    expect(meter.rms).toBe(0);
    expect(meter.peak).toBe(0);
    expect(Math.max(...meter.bars)).toBe(0);
  });
});
