import { describe, expect, test } from 'bun:test';
import { RENDER_QUANTUM } from '@hearth/protocol/audio';
import type { LevelMessage, PlaybackOutbound } from './messages.ts';
import { PLAYBACK_PROCESSOR } from './messages.ts';
import { floatToPcm16 } from './pcm.ts';
import { createProcessor, type FakeProcessorPort } from './test/fake-worklet-scope.ts';
import { concat, peak, sine, zeroCrossingHz } from './test/signals.ts';

await import('./playback-processor.ts');

function pcm(samples: Float32Array): ArrayBuffer {
  const out = new Int16Array(samples.length);
  floatToPcm16(samples, out);
  return out.buffer;
}

function playback(rate: number) {
  const { processor, port } = createProcessor(PLAYBACK_PROCESSOR, rate);
  const append = (itemId: string, samples: Float32Array) => {
    const buffer = pcm(samples);
    port.deliver({ type: 'append', itemId, buffer }, [buffer]);
  };
  /** Renders quanta into a stereo output, as the browser would; returns channel 0. */
  const render = (quanta: number): Float32Array => {
    const parts: Float32Array[] = [];
    for (let q = 0; q < quanta; q++) {
      const left = new Float32Array(RENDER_QUANTUM).fill(9);
      const right = new Float32Array(RENDER_QUANTUM).fill(9);
      expect(processor.process([], [[left, right]], {})).toBe(true);
      expect(right).toEqual(left);
      parts.push(left);
    }
    return concat(parts);
  };
  return { processor, port, append, render };
}

function replies(port: FakeProcessorPort) {
  return port.take<Extract<PlaybackOutbound, { type: 'reply' }>>('reply');
}

describe('playback processor', () => {
  test('plays an item, answers interrupt at once with the samples played, then stays silent', () => {
    const { port, append, render } = playback(24000);
    append('item-a', sine(24000, 440, 0.5, 24000));
    const heard = render(10);
    expect(peak(heard)).toBeCloseTo(0.5, 2);

    port.deliver({ type: 'interrupt', id: 3 });
    expect(replies(port)).toEqual([
      {
        type: 'reply',
        id: 3,
        request: 'interrupt',
        itemId: 'item-a',
        sampleCount: 10 * RENDER_QUANTUM,
        silentFromS: (10 * RENDER_QUANTUM) / 24000,
      },
    ]);
    expect(render(1).every((v) => v === 0)).toBe(true);

    append('item-a', sine(24000, 440, 0.5, 2400));
    expect(render(5).every((v) => v === 0)).toBe(true);

    append('item-b', sine(24000, 440, 0.5, 2400));
    expect(peak(render(5))).toBeCloseTo(0.5, 2);
    port.deliver({ type: 'samples-played', id: 4, itemId: 'item-b' });
    expect(replies(port)).toEqual([{ type: 'reply', id: 4, request: 'samples-played', itemId: 'item-b', sampleCount: 5 * RENDER_QUANTUM }]);
  });

  test('reports items starting and finishing, and the output level', () => {
    const { port, append, render } = playback(24000);
    render(2);
    append('a', sine(24000, 440, 0.5, 300));
    port.deliver({ type: 'end-item', itemId: 'a' });
    render(3);
    // Started in the third quantum: its context time is what the page maps to a wall-clock time.
    expect(port.take('item-started')).toEqual([{ type: 'item-started', itemId: 'a', startedAtS: (2 * RENDER_QUANTUM) / 24000 }]);
    expect(port.take('item-ended')).toEqual([{ type: 'item-ended', itemId: 'a', sampleCount: 300 }]);
    render(20);
    const levels = port.take<LevelMessage>('level');
    expect(levels.length).toBe(Math.floor((25 * RENDER_QUANTUM) / 400));
    expect(levels[0].peak).toBeCloseTo(0.5, 2);
    expect(levels.at(-1)!.rms).toBe(0);
  });

  test('in a 48 kHz context the 24 kHz audio is resampled, keeping its pitch, and interrupt still works', () => {
    const { port, append, render } = playback(48000);
    append('a', sine(24000, 440, 0.5, 24000));
    const heard = render(200).subarray(200);
    expect(zeroCrossingHz(heard, 48000)).toBeCloseTo(440, 1);
    expect(peak(heard)).toBeCloseTo(0.5, 2);

    port.deliver({ type: 'interrupt', id: 1 });
    const [reply] = replies(port);
    // 200 quanta at 48 kHz are 12800 samples at 24 kHz; the count may differ by the resampler's few samples.
    expect(reply.itemId).toBe('a');
    expect(Math.abs(reply.sampleCount - 12800)).toBeLessThanOrEqual(2);
    // Silence starts with the next quantum, in the context's own time (48 kHz frames).
    expect(reply).toMatchObject({ request: 'interrupt', silentFromS: (200 * RENDER_QUANTUM) / 48000 });
    expect(render(1).every((v) => v === 0)).toBe(true);
  });

  test('an odd-length delta does not break the processor', () => {
    const { port, render } = playback(24000);
    const buffer = new ArrayBuffer(5);
    new Int16Array(buffer, 0, 2).set([16384, 16384]);
    port.deliver({ type: 'append', itemId: 'a', buffer }, [buffer]);
    const out = render(1);
    expect(out[1]).toBeCloseTo(0.5, 3);
    expect(out[2]).toBe(0);
  });

  test('an unknown request gets an error answer; close stops processing', () => {
    const { processor, port } = playback(24000);
    port.deliver({ type: 'rewind', id: 12 });
    expect(port.take('error')).toEqual([{ type: 'error', id: 12, message: "Unknown playback request 'rewind'" }]);
    port.deliver({ type: 'close' });
    expect(processor.process([], [[new Float32Array(128)]], {})).toBe(false);
  });
});
