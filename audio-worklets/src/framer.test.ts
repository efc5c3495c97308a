import { describe, expect, test } from 'bun:test';
import { FRAME_SAMPLES, RENDER_QUANTUM } from '@hearth/protocol/audio';
import { Framer } from './framer.ts';

function ramp(start: number, length: number): Float32Array {
  return Float32Array.from({ length }, (_, i) => start + i);
}

function collect(framer: (onFrame: (frame: Float32Array) => void) => Framer) {
  const frames: Float32Array[] = [];
  return { frames, framer: framer((frame) => frames.push(frame.slice())) };
}

describe('Framer', () => {
  test('turns 128-sample quanta into exact, contiguous 480-sample frames', () => {
    const { frames, framer } = collect((onFrame) => new Framer(FRAME_SAMPLES, onFrame));
    const quanta = 100;
    for (let q = 0; q < quanta; q++) framer.push(ramp(q * RENDER_QUANTUM, RENDER_QUANTUM));
    const total = quanta * RENDER_QUANTUM;
    expect(frames.length).toBe(Math.floor(total / FRAME_SAMPLES));
    expect(framer.bufferedSamples).toBe(total % FRAME_SAMPLES);
    frames.forEach((frame, k) => {
      expect(frame.length).toBe(480);
      expect(frame[0]).toBe(k * 480);
      expect(frame[479]).toBe(k * 480 + 479);
    });
  });

  test('handles blocks smaller and larger than a frame and partial pushes with an offset', () => {
    const { frames, framer } = collect((onFrame) => new Framer(480, onFrame));
    framer.push(ramp(0, 1));
    framer.push(ramp(1, 478));
    framer.push(ramp(479, 1200));
    framer.push(ramp(1579, 300), 200, 100); // values 1679..1878, taken from the middle of the block
    expect(frames.map((f) => f[0])).toEqual([0, 480, 960]);
    expect(framer.bufferedSamples).toBe(1879 - 1440);
    framer.push(ramp(1879, 41));
    expect(frames.length).toBe(4);
    expect(frames[3]).toEqual(ramp(1440, 480));
    expect(framer.bufferedSamples).toBe(0);
  });

  test('reset drops a partly filled frame', () => {
    const { frames, framer } = collect((onFrame) => new Framer(480, onFrame));
    framer.push(ramp(0, 300));
    framer.reset();
    framer.push(ramp(1000, 480));
    expect(frames.length).toBe(1);
    expect(frames[0][0]).toBe(1000);
  });
});
