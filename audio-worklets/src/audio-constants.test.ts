// The audio format the worklets are built around (packages/protocol/src/audio.ts).
import { describe, expect, test } from 'bun:test';
import {
  bytesToSamples,
  CHUNK_SIZE_BYTES,
  FRAME_BYTES,
  FRAME_MS,
  FRAME_SAMPLES,
  msToSamples,
  SAMPLE_RATE,
  samplesToBytes,
  samplesToMs,
} from '@hearth/protocol/audio';

describe('audio constants and units', () => {
  test('a 20 ms frame at 24 kHz is 480 samples, 960 bytes of PCM16', () => {
    expect(SAMPLE_RATE).toBe(24000);
    expect(FRAME_MS).toBe(20);
    expect(FRAME_SAMPLES).toBe(480);
    expect(FRAME_BYTES).toBe(960);
  });

  test('unit helpers convert between samples, milliseconds and bytes', () => {
    expect(samplesToMs(480)).toBe(20);
    expect(samplesToMs(1280)).toBeCloseTo(53.333, 3);
    expect(samplesToMs(882, 44100)).toBe(20);
    expect(msToSamples(20)).toBe(480);
    expect(msToSamples(300, 48000)).toBe(14400);
    expect(bytesToSamples(961)).toBe(480);
    expect(samplesToBytes(480)).toBe(960);
    // SPEC's chunk would hold ~171 ms of audio: the latency 20 ms frames avoid.
    expect(Math.round(samplesToMs(bytesToSamples(CHUNK_SIZE_BYTES)))).toBe(171);
  });
});
