import { describe, expect, test } from 'bun:test';
import { FRAME_BYTES, FRAME_SAMPLES, RENDER_QUANTUM } from '@hearth/protocol/audio';
import type { CaptureFrameMessage, CaptureOutbound, LevelMessage } from './messages.ts';
import { CAPTURE_PROCESSOR } from './messages.ts';
import { floatToPcm16 } from './pcm.ts';
import { createProcessor, type FakeProcessorPort } from './test/fake-worklet-scope.ts';
import { blocks, peak, rms, sine, zeroCrossingHz } from './test/signals.ts';

await import('./capture-processor.ts');

function capture(rate: number, processorOptions: object = {}) {
  const { processor, port } = createProcessor(CAPTURE_PROCESSOR, rate, { processorOptions });
  const run = (signal: Float32Array, channels = 1) => {
    for (const block of blocks(signal, RENDER_QUANTUM)) {
      expect(processor.process([Array.from({ length: channels }, () => block)], [], {})).toBe(true);
    }
  };
  return { processor, port, run };
}

function framesOf(port: FakeProcessorPort): CaptureFrameMessage[] {
  return port.take<CaptureFrameMessage>('frame');
}

function pcmSamples(frames: CaptureFrameMessage[]): Int16Array {
  const all = new Int16Array(frames.length * FRAME_SAMPLES);
  frames.forEach((frame, i) => all.set(new Int16Array(frame.buffer), i * FRAME_SAMPLES));
  return all;
}

describe('capture processor', () => {
  test('48 kHz microphone -> 20 ms frames of 24 kHz PCM16 with the same pitch and loudness', () => {
    const { port, run } = capture(48000);
    run(sine(48000, 440, 0.5, 48000 * 2));
    const frames = framesOf(port);
    expect(frames.length).toBeGreaterThanOrEqual(99);
    expect(frames.length).toBeLessThanOrEqual(100);
    expect(frames.every((f) => f.buffer.byteLength === FRAME_BYTES)).toBe(true);
    expect(frames.map((f) => f.sequence)).toEqual(frames.map((_, i) => i));

    const samples = pcmSamples(frames).subarray(100);
    expect(zeroCrossingHz(samples, 24000)).toBeCloseTo(440, 1);
    expect(peak(samples) / 32767).toBeCloseTo(0.5, 2);
    expect(rms(samples) / 32767).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  for (const rate of [16000, 8000, 44100, 22050]) {
    test(`a ${rate} Hz device (a headset switching profile): 24 kHz frames with the same pitch and loudness`, () => {
      const { port, run } = capture(rate);
      run(sine(rate, 440, 0.5, rate * 2));
      const frames = framesOf(port);
      expect(frames.length).toBeGreaterThanOrEqual(99);
      expect(frames.length).toBeLessThanOrEqual(100);
      const samples = pcmSamples(frames).subarray(200);
      expect(zeroCrossingHz(samples, 24000)).toBeCloseTo(440, 1);
      expect(peak(samples) / 32767).toBeCloseTo(0.5, 2);
    });
  }

  test('audio rebuilt at another rate mid-conversation (48 kHz, then 16 kHz): the 24 kHz stream goes on', () => {
    // What the page does when a new microphone cannot join the context (voice-session.ts rebuildAudio): a new
    // context at the device's rate, a new capture processor, its frames routed to the same socket worker.
    const before = capture(48000);
    before.run(sine(48000, 440, 0.5, 48000));
    const after = capture(16000);
    after.run(sine(16000, 440, 0.5, 16000));
    const first = pcmSamples(framesOf(before.port));
    const second = pcmSamples(framesOf(after.port));
    expect(first.length).toBeGreaterThanOrEqual(23_500);
    expect(second.length).toBeGreaterThanOrEqual(23_500);
    for (const samples of [first.subarray(200), second.subarray(200)]) {
      expect(zeroCrossingHz(samples, 24000)).toBeCloseTo(440, 1);
      expect(peak(samples) / 32767).toBeCloseTo(0.5, 2);
    }
  });

  test('at 24 kHz the frames are the input exactly, converted to PCM16', () => {
    const { port, run } = capture(24000);
    const input = sine(24000, 1000, 0.25, FRAME_SAMPLES * 4);
    run(input);
    const samples = pcmSamples(framesOf(port));
    const expected = new Int16Array(input.length);
    floatToPcm16(input, expected);
    expect(samples).toEqual(expected);
  });

  test('each frame carries the context time of the render quantum that completed it', () => {
    const { port, run } = capture(24000);
    run(sine(24000, 440, 0.5, FRAME_SAMPLES * 4));
    // 480-sample frames end inside quanta 3, 7 and 11 and at the end of quantum 14 (128 samples each).
    const postedAtFrames = framesOf(port).map((f) => Math.round(f.postedAtS * 24000));
    expect(postedAtFrames).toEqual([3, 7, 11, 14].map((q) => q * RENDER_QUANTUM));
  });

  test('stereo input is mixed down to mono', () => {
    const { processor, port } = capture(24000);
    const left = new Float32Array(RENDER_QUANTUM).fill(0.5);
    const right = new Float32Array(RENDER_QUANTUM).fill(-0.25);
    for (let q = 0; q < 4; q++) processor.process([[left, right]], [], {});
    expect(pcmSamples(framesOf(port))[0]).toBe(Math.round(0.125 * 32767));
  });

  test('frames stay intact when the pool runs dry and are reused once returned', () => {
    const { port, run, processor } = capture(24000, { poolSize: 2 });
    run(sine(24000, 440, 0.5, FRAME_SAMPLES * 6));
    const frames = framesOf(port);
    expect(frames.length).toBe(6);
    expect(frames.every((f) => peak(new Int16Array(f.buffer)) > 16000)).toBe(true);
    const pool = (processor as unknown as { pool: { allocatedCount: number } }).pool;
    expect(pool.allocatedCount).toBe(6);

    for (const frame of frames) port.deliver({ type: 'recycle', buffer: frame.buffer }, [frame.buffer]);
    run(sine(24000, 440, 0.5, FRAME_SAMPLES * 6));
    expect(framesOf(port).every((f) => peak(new Int16Array(f.buffer)) > 16000)).toBe(true);
    expect(pool.allocatedCount).toBe(6);
  });

  test('routed frames go to the given port (the socket worker), levels stay on the node port, buffers come back', async () => {
    const { port, run, processor } = capture(24000, { poolSize: 2 });
    const channel = new MessageChannel();
    port.deliver({ type: 'route-frames', port: channel.port1 }, [channel.port1]);
    const routed: CaptureFrameMessage[] = [];
    channel.port2.onmessage = (event: MessageEvent<CaptureFrameMessage>) => {
      routed.push(event.data);
      // Returned as the worker does once the frame is sent.
      channel.port2.postMessage({ type: 'recycle', buffer: event.data.buffer }, [event.data.buffer]);
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    for (let round = 0; round < 6; round++) {
      run(sine(24000, 440, 0.5, FRAME_SAMPLES));
      await settle();
    }
    channel.port2.close();
    expect(routed.map((frame) => frame.sequence)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(routed.every((frame) => frame.type === 'frame' && frame.buffer.byteLength === 0)).toBe(true);
    expect(framesOf(port)).toEqual([]);
    expect(port.take<LevelMessage>('level').length).toBeGreaterThan(0);
    // Every buffer came back through the routed port: the pool never had to grow past its two.
    expect((processor as unknown as { pool: { allocatedCount: number } }).pool.allocatedCount).toBe(2);
  });

  test('posts the input level about 60 times a second', () => {
    const { port, run } = capture(48000);
    run(sine(48000, 440, 0.5, 48000));
    const levels = port.take<LevelMessage>('level');
    expect(levels.length).toBe(60);
    expect(levels.at(-1)!.rms).toBeCloseTo(0.5 / Math.SQRT2, 2);
    expect(levels.at(-1)!.bars.length).toBe(8);
  });

  test('muted: answers the request, sends no frames and reads silence; unmuted: frames again', () => {
    const { port, run } = capture(48000);
    port.deliver({ type: 'set-muted', id: 41, muted: true });
    expect(port.take<CaptureOutbound>('reply')).toEqual([{ type: 'reply', id: 41, request: 'set-muted', muted: true }]);
    run(sine(48000, 440, 0.5, 4800));
    expect(framesOf(port)).toEqual([]);
    expect(port.take<LevelMessage>('level').every((l) => l.rms === 0 && l.peak === 0)).toBe(true);

    port.deliver({ type: 'set-muted', id: 42, muted: false });
    run(sine(48000, 440, 0.5, 4800));
    expect(framesOf(port).length).toBe(4);
  });

  test('an unknown request gets an error answer with its id', () => {
    const { port } = capture(24000);
    port.deliver({ type: 'explode', id: 7 });
    expect(port.take('error')).toEqual([{ type: 'error', id: 7, message: "Unknown capture request 'explode'" }]);
  });

  test('without a connected input it waits; after close it stops', () => {
    const { processor, port } = capture(24000);
    expect(processor.process([[]], [], {})).toBe(true);
    port.deliver({ type: 'close' });
    expect(processor.process([[new Float32Array(128)]], [], {})).toBe(false);
  });
});
