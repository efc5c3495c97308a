import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { FRAME_SAMPLES, RENDER_QUANTUM } from '@hearth/protocol/audio';
import type { CaptureFrameMessage } from './messages.ts';
import { CAPTURE_PROCESSOR } from './messages.ts';
import { createProcessor, type FakeProcessorPort } from './test/fake-worklet-scope.ts';
import { convolve, echoImpulse, energy, speechLike } from './test/speech.ts';

await import('./capture-processor.ts');

// Each case runs 10–12 s of audio through the capture processor.
setDefaultTimeout(30_000);

const PATH = { delayMs: 90, gainDb: -10, rt60Ms: 60 };

/** The capture node in a context at `rate`: microphone on input 0, the playback node's output on input 1. */
function captureWithReference(rate: number, processorOptions: object = {}) {
  const { processor, port } = createProcessor(CAPTURE_PROCESSOR, rate, { processorOptions });
  const run = (mic: Float32Array, played: Float32Array) => {
    for (let start = 0; start + RENDER_QUANTUM <= mic.length; start += RENDER_QUANTUM) {
      const end = start + RENDER_QUANTUM;
      processor.process([[mic.slice(start, end)], [played.slice(start, end)]], [], {});
    }
  };
  return { processor, port, run };
}

/** The 24 kHz samples the frames carry, as floats. */
function sent(port: FakeProcessorPort): Float32Array {
  const frames = port.take<CaptureFrameMessage>('frame');
  const samples = new Float32Array(frames.length * FRAME_SAMPLES);
  frames.forEach((frame, i) => {
    const pcm = new Int16Array(frame.buffer);
    for (let j = 0; j < pcm.length; j++) samples[i * FRAME_SAMPLES + j] = pcm[j] / 32768;
  });
  return samples;
}

const db = (ratio: number) => 10 * Math.log10(ratio);

describe('capture processor with the played samples on input 1', () => {
  for (const rate of [24000, 48000]) {
    test(`${rate} Hz context: the assistant's echo is taken out of the frames sent (at least 20 dB once converged)`, () => {
      const played = speechLike(rate, 12, 1);
      const echo = convolve(played, echoImpulse(rate, PATH));
      const { port, run } = captureWithReference(rate);
      run(echo, played);
      const frames = sent(port);
      const from = 5 * 24000;
      const echoAt24k = rate === 24000 ? echo : echo.filter((_, i) => i % 2 === 0);
      const to = Math.min(frames.length, echoAt24k.length);
      expect(to).toBeGreaterThan(11 * 24000);
      expect(db(energy(echoAt24k, from, to) / energy(frames, from, to))).toBeGreaterThanOrEqual(20);
    });
  }

  test('echoCancellation: false sends the microphone as it is', () => {
    const played = speechLike(24000, 6, 1);
    const echo = convolve(played, echoImpulse(24000, PATH));
    const { port, run } = captureWithReference(24000, { echoCancellation: false });
    run(echo, played);
    const frames = sent(port);
    const from = 3 * 24000;
    expect(db(energy(echo, from, frames.length) / energy(frames, from, frames.length))).toBeLessThan(0.1);
  });

  test('while muted the canceller keeps listening: the first words after unmuting are already free of echo', () => {
    const played = speechLike(24000, 12, 1);
    const echo = convolve(played, echoImpulse(24000, PATH));
    const { port, run } = captureWithReference(24000);
    port.deliver({ type: 'set-muted', id: 1, muted: true });
    run(echo.subarray(0, 8 * 24000), played.subarray(0, 8 * 24000));
    expect(sent(port).length).toBe(0);
    port.deliver({ type: 'set-muted', id: 2, muted: false });
    run(echo.subarray(8 * 24000), played.subarray(8 * 24000));
    const frames = sent(port);
    const after = echo.subarray(8 * 24000, 8 * 24000 + frames.length);
    expect(db(energy(after) / energy(frames))).toBeGreaterThanOrEqual(20);
  });
});
