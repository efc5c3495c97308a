import { describe, expect, test } from 'bun:test';
import { base64ToPcm16, decodeBase64, encodeBase64, floatToPcm16, pcm16ToBase64, pcm16ToFloat } from './pcm.ts';

function randomBytes(length: number, seed: number): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

describe('float32 <-> PCM16', () => {
  test('maps full scale to the PCM16 limits and clamps beyond them', () => {
    const input = Float32Array.from([0, 1, -1, 0.5, -0.5, 1.7, -3, Number.NaN, Infinity, -Infinity]);
    const output = new Int16Array(input.length);
    floatToPcm16(input, output);
    expect([...output]).toEqual([0, 32767, -32768, 16384, -16384, 32767, -32768, 0, 32767, -32768]);
  });

  test('every PCM16 value survives PCM16 -> float -> PCM16 exactly', () => {
    const all = new Int16Array(65536);
    for (let i = 0; i < all.length; i++) all[i] = i - 32768;
    const floats = new Float32Array(all.length);
    const back = new Int16Array(all.length);
    pcm16ToFloat(all, floats);
    floatToPcm16(floats, back);
    expect(back).toEqual(all);
    expect(Math.min(...floats)).toBe(-1);
    expect(Math.max(...floats)).toBe(1);
  });

  test('float -> PCM16 -> float stays within one quantisation step', () => {
    const input = Float32Array.from(randomBytes(4000, 7), (b, i) => ((b - 128) / 128) * (i % 2 ? 1 : 0.01));
    const pcm = new Int16Array(input.length);
    const back = new Float32Array(input.length);
    floatToPcm16(input, pcm);
    pcm16ToFloat(pcm, back);
    for (let i = 0; i < input.length; i++) expect(Math.abs(back[i] - input[i])).toBeLessThanOrEqual(1 / 32767);
  });

  test('writes into the caller buffer at the given offsets only', () => {
    const input = Float32Array.from([0.25, 0.5, 0.75, 1]);
    const output = new Int16Array(6).fill(-7);
    expect(floatToPcm16(input, output, 2, 1, 3)).toBe(2);
    expect([...output]).toEqual([-7, -7, -7, 16384, 24575, -7]);
  });
});

describe('base64', () => {
  test('matches Buffer for every padding case and a full frame', () => {
    for (const length of [0, 1, 2, 3, 4, 5, 6, 7, 960, 8192, 20001]) {
      const bytes = randomBytes(length, length + 1);
      const expected = Buffer.from(bytes).toString('base64');
      expect(encodeBase64(bytes)).toBe(expected);
      expect(decodeBase64(expected)).toEqual(bytes);
    }
  });

  test('decodes unpadded input and rejects characters outside the alphabet', () => {
    expect(decodeBase64('AQI')).toEqual(Uint8Array.from([1, 2]));
    expect(() => decodeBase64('AQ*=')).toThrow('Invalid base64 character at position 2');
    expect(() => decodeBase64('A')).toThrow('Invalid base64');
  });

  test('PCM16 round trip through base64 keeps samples, including views into a larger buffer', () => {
    const backing = new Int16Array([9, 9, 0, 1, -1, 32767, -32768, 1234, 9]);
    const samples = backing.subarray(2, 8);
    const encoded = pcm16ToBase64(samples);
    expect(encoded).toBe(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength).toString('base64'));
    expect([...base64ToPcm16(encoded)]).toEqual([0, 1, -1, 32767, -32768, 1234]);
  });

  test('an output_audio delta from the server decodes to little-endian PCM16; an odd byte is dropped', () => {
    const delta = Buffer.from([0x01, 0x00, 0xff, 0x7f, 0x00, 0x80, 0x42]).toString('base64');
    expect([...base64ToPcm16(delta)]).toEqual([1, 32767, -32768]);
  });
});
