import { describe, expect, test } from 'bun:test';
import { RingBuffer } from './ring-buffer.ts';

describe('RingBuffer', () => {
  test('keeps FIFO order across many wraparounds with uneven block sizes', () => {
    const ring = RingBuffer.float32(10);
    const expected: number[] = [];
    const block = new Float32Array(7);
    const out = new Float32Array(7);
    let next = 0;
    for (let round = 0; round < 200; round++) {
      const writeCount = (round * 3) % 8;
      for (let i = 0; i < writeCount; i++) block[i] = next + i;
      const written = ring.write(block, 0, writeCount);
      for (let i = 0; i < written; i++) expected.push(next + i);
      next += written;
      const readCount = (round * 5) % 7;
      const read = ring.read(out, 0, readCount);
      expect(read).toBe(Math.min(readCount, read + ring.availableRead));
      expect([...out.subarray(0, read)]).toEqual(expected.splice(0, read));
      expect(ring.availableRead).toBe(expected.length);
      expect(ring.availableWrite).toBe(10 - expected.length);
    }
    expect(next).toBeGreaterThan(100);
  });

  test('refuses what does not fit and reads no more than it holds', () => {
    const ring = RingBuffer.int16(4);
    expect(ring.write(Int16Array.from([1, 2, 3, 4, 5, 6]))).toBe(4);
    const out = new Int16Array(6);
    expect(ring.read(out, 1)).toBe(4);
    expect([...out]).toEqual([0, 1, 2, 3, 4, 0]);
    expect(ring.read(out)).toBe(0);
  });

  test('skip and clear drop the oldest samples', () => {
    const ring = RingBuffer.int16(5);
    ring.write(Int16Array.from([1, 2, 3, 4]));
    expect(ring.skip(3)).toBe(3);
    ring.write(Int16Array.from([5, 6, 7]));
    const out = new Int16Array(4);
    expect(ring.read(out)).toBe(4);
    expect([...out]).toEqual([4, 5, 6, 7]);
    ring.write(Int16Array.from([8]));
    ring.clear();
    expect(ring.availableRead).toBe(0);
    expect(ring.read(out)).toBe(0);
  });
});
