import { describe, expect, test } from 'bun:test';
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import { StreamingResampler } from './resample.ts';
import { blocks, concat, peak, rms, sine, zeroCrossingHz } from './test/signals.ts';

/** Runs `input` through a resampler in blocks, checking each call stays within the advertised output size. */
function resample(resampler: StreamingResampler, input: Float32Array, blockSize = RENDER_QUANTUM): Float32Array {
  const output = new Float32Array(resampler.maxOutputSamples(blockSize));
  const parts: Float32Array[] = [];
  for (const block of blocks(input, blockSize)) {
    const count = resampler.process(block, output, block.length);
    expect(count).toBeLessThanOrEqual(resampler.maxOutputSamples(block.length));
    parts.push(output.slice(0, count));
  }
  return concat(parts);
}

describe('StreamingResampler', () => {
  for (const [inputRate, outputRate] of [
    [48000, 24000],
    [44100, 24000],
    [24000, 48000],
    [24000, 44100],
    // A headset in call mode (AirPods' hands-free profile) records at 16 or 8 kHz; some devices at 22.05 kHz.
    [16000, 24000],
    [8000, 24000],
    [22050, 24000],
  ]) {
    test(`${inputRate} -> ${outputRate}: a 440 Hz sine keeps its frequency, amplitude and duration`, () => {
      const resampler = new StreamingResampler(inputRate, outputRate);
      const seconds = 3;
      const output = resample(resampler, sine(inputRate, 440, 0.8, inputRate * seconds));

      const expectedCount = (inputRate * seconds * outputRate) / inputRate;
      expect(Math.abs(output.length - expectedCount)).toBeLessThanOrEqual(resampler.latencySamples + 1);

      const steady = output.subarray(resampler.latencySamples + 100);
      expect(zeroCrossingHz(steady, outputRate)).toBeCloseTo(440, 1);
      expect(peak(steady)).toBeCloseTo(0.8, 2);
      expect(rms(steady)).toBeCloseTo(0.8 / Math.SQRT2, 2);
    });
  }

  test('the sample count never drifts over a long stream of quanta (2 minutes at 44.1 kHz)', () => {
    const resampler = new StreamingResampler(44100, 24000);
    const quantum = new Float32Array(RENDER_QUANTUM);
    const output = new Float32Array(resampler.maxOutputSamples());
    const quanta = Math.round((44100 * 120) / RENDER_QUANTUM);
    let produced = 0;
    for (let q = 0; q < quanta; q++) produced += resampler.process(quantum, output);
    const exact = (quanta * RENDER_QUANTUM * 24000) / 44100;
    expect(exact - produced).toBeGreaterThanOrEqual(0);
    expect(exact - produced).toBeLessThanOrEqual(resampler.latencySamples + 1);
  });

  test('filters out what would alias: a 15 kHz tone at 48 kHz does not fold down to 9 kHz', () => {
    const resampler = new StreamingResampler(48000, 24000);
    const output = resample(resampler, sine(48000, 15000, 0.8, 48000));
    expect(rms(output.subarray(200))).toBeLessThan(0.8 * 0.01);
  });

  test('passes speech frequencies: 4 kHz keeps its level', () => {
    const resampler = new StreamingResampler(44100, 24000);
    const output = resample(resampler, sine(44100, 4000, 0.5, 44100));
    expect(rms(output.subarray(200)) / (0.5 / Math.SQRT2)).toBeCloseTo(1, 2);
  });

  test('output does not depend on how the input is cut into blocks', () => {
    const input = sine(48000, 1000, 0.5, 48000 / 4).map((v, i) => v + ((i * 7919) % 13) / 100);
    const byQuanta = resample(new StreamingResampler(48000, 24000), input, 128);
    const uneven = new StreamingResampler(48000, 24000, 128);
    const parts: Float32Array[] = [];
    const output = new Float32Array(uneven.maxOutputSamples(1000));
    for (let start = 0, size = 1; start < input.length; start += size, size = (size * 5 + 3) % 1000 || 1) {
      const block = input.subarray(start, Math.min(input.length, start + size));
      parts.push(output.slice(0, uneven.process(block, output, block.length)));
    }
    const byUneven = concat(parts);
    expect(byUneven.length).toBe(byQuanta.length);
    for (let i = 0; i < byQuanta.length; i++) expect(byUneven[i]).toBeCloseTo(byQuanta[i], 6);
  });

  test('equal rates pass samples through unchanged', () => {
    const resampler = new StreamingResampler(24000, 24000);
    const input = sine(24000, 440, 0.3, 128);
    const output = new Float32Array(128);
    expect(resampler.process(input, output)).toBe(128);
    expect(output).toEqual(input);
  });

  test('refuses an output buffer that may be too small instead of overrunning it', () => {
    const resampler = new StreamingResampler(48000, 24000);
    expect(() => resampler.process(new Float32Array(128), new Float32Array(10))).toThrow(RangeError);
  });

  test('reset forgets the history: the same input gives the same output again', () => {
    const resampler = new StreamingResampler(48000, 24000);
    const input = sine(48000, 440, 0.5, 4800);
    const first = resample(resampler, input);
    resampler.reset();
    expect(resample(resampler, input)).toEqual(first);
  });
});
