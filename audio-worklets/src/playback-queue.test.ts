import { describe, expect, test } from 'bun:test';
import { PlaybackQueue } from './playback-queue.ts';

/** PCM16 whose every sample is `value`, so the output shows which item is playing. */
function tone(value: number, sampleCount: number): Int16Array {
  return new Int16Array(sampleCount).fill(value);
}

function renderQuanta(queue: PlaybackQueue, quanta: number): Float32Array {
  const out = new Float32Array(quanta * 128);
  for (let q = 0; q < quanta; q++) queue.render(out, q * 128, 128);
  return out;
}

function recordingQueue() {
  const events: string[] = [];
  const queue = new PlaybackQueue({
    onItemStarted: (itemId) => events.push(`started ${itemId}`),
    onItemEnded: (itemId, sampleCount) => events.push(`ended ${itemId} ${sampleCount}`),
  });
  return { queue, events };
}

describe('PlaybackQueue', () => {
  test('plays deltas in order, converting PCM16 to floats, then silence', () => {
    const queue = new PlaybackQueue();
    queue.append('a', Int16Array.from([16384, -16384, 32767]));
    queue.append('a', Int16Array.from([-32768]));
    const out = new Float32Array(6).fill(9);
    expect(queue.render(out)).toBe(4);
    expect([...out]).toEqual([Math.fround(16384 / 32767), -0.5, 1, -1, 0, 0]);
  });

  test('interrupt returns exactly the samples played of the item and silences the very next sample', () => {
    const queue = new PlaybackQueue();
    queue.append('a', tone(1000, 600));
    queue.append('a', tone(1000, 400));
    const before = renderQuanta(queue, 5);
    expect(before.every((v) => v > 0)).toBe(true);

    expect(queue.interrupt()).toEqual({ itemId: 'a', sampleCount: 640 });
    expect(queue.samplesPlayed('a')).toBe(640);
    const after = new Float32Array(128).fill(9);
    queue.render(after);
    expect(after.every((v) => v === 0)).toBe(true);
    expect(queue.queuedSamples).toBe(0);
  });

  test('counts samples at the exact sample even mid-quantum', () => {
    const queue = new PlaybackQueue();
    queue.append('a', tone(1000, 200));
    const out = new Float32Array(128);
    queue.render(out, 0, 77);
    expect(queue.interrupt()).toEqual({ itemId: 'a', sampleCount: 77 });
  });

  test('late deltas for an interrupted item are dropped; a new item plays after', () => {
    const queue = new PlaybackQueue();
    queue.append('a', tone(1000, 1000));
    renderQuanta(queue, 2);
    queue.interrupt();
    expect(queue.append('a', tone(1000, 500))).toBe(false);
    expect(renderQuanta(queue, 2).every((v) => v === 0)).toBe(true);

    expect(queue.append('b', tone(2000, 300))).toBe(true);
    const out = renderQuanta(queue, 3);
    expect(out[0]).toBeCloseTo(2000 / 32767, 6);
    expect(out[299]).toBeCloseTo(2000 / 32767, 6);
    expect(out[300]).toBe(0);
    expect(queue.samplesPlayed('b')).toBe(300);
    expect(queue.samplesPlayed('a')).toBe(256);
  });

  test('interrupt also drops items queued behind the playing one, and their late deltas', () => {
    const queue = new PlaybackQueue();
    queue.append('a', tone(1000, 200));
    queue.append('b', tone(2000, 200));
    renderQuanta(queue, 1);
    expect(queue.interrupt()).toEqual({ itemId: 'a', sampleCount: 128 });
    expect(queue.append('b', tone(2000, 100))).toBe(false);
    expect(renderQuanta(queue, 4).every((v) => v === 0)).toBe(true);
  });

  test('an item starved of deltas is still the one interrupted', () => {
    const queue = new PlaybackQueue();
    queue.append('a', tone(1000, 100));
    renderQuanta(queue, 3);
    expect(queue.currentItemId).toBe('a');
    expect(queue.interrupt()).toEqual({ itemId: 'a', sampleCount: 100 });
  });

  test('with nothing playing, interrupt names no item', () => {
    const queue = new PlaybackQueue();
    expect(queue.interrupt()).toEqual({ itemId: null, sampleCount: 0 });
    queue.append('a', tone(1000, 100));
    queue.endItem('a');
    renderQuanta(queue, 1);
    expect(queue.interrupt()).toEqual({ itemId: null, sampleCount: 0 });
  });

  test('reports items starting and ending, by endItem or by the next item beginning', () => {
    const { queue, events } = recordingQueue();
    queue.append('a', tone(1000, 200));
    queue.append('b', tone(2000, 100));
    renderQuanta(queue, 1);
    expect(events).toEqual(['started a']);
    renderQuanta(queue, 1);
    expect(events).toEqual(['started a', 'ended a 200', 'started b']);
    queue.endItem('b');
    expect(events).toEqual(['started a', 'ended a 200', 'started b']);
    renderQuanta(queue, 1);
    expect(events).toEqual(['started a', 'ended a 200', 'started b', 'ended b 100']);
    expect(queue.append('b', tone(2000, 10))).toBe(false);
  });

  test('endItem after the audio already ran out ends the item at once', () => {
    const { queue, events } = recordingQueue();
    queue.append('a', tone(1000, 50));
    renderQuanta(queue, 1);
    queue.endItem('a');
    expect(events).toEqual(['started a', 'ended a 50']);
  });

  test("a response's second item whose deltas arrive while the first still plays follows it with no silent sample", () => {
    const { queue, events } = recordingQueue();
    queue.append('preamble', tone(1000, 300));
    const first = renderQuanta(queue, 1); // 128 of 300 played
    queue.append('preamble', tone(1000, 100));
    queue.endItem('preamble');
    queue.append('answer', tone(2000, 200)); // arrives while the preamble is still playing
    queue.append('answer', tone(2000, 200));
    const rest = renderQuanta(queue, 6);
    const played = [...first, ...rest].slice(0, 800);
    const firstOfAnswer = played.findIndex((v) => v > 1000 / 32767 + 1e-6);
    expect(firstOfAnswer).toBe(400);
    expect(played.every((v) => v > 0)).toBe(true); // back to back: no gap between the items
    expect(events).toEqual(['started preamble', 'ended preamble 400', 'started answer']);
  });

  test('interrupted during the first item: it reports that item, and the queued second item is dropped with it', () => {
    const { queue } = recordingQueue();
    queue.append('preamble', tone(1000, 300));
    queue.endItem('preamble');
    queue.append('answer', tone(2000, 300));
    renderQuanta(queue, 1);
    expect(queue.interrupt()).toEqual({ itemId: 'preamble', sampleCount: 128 });
    expect(queue.append('answer', tone(2000, 100))).toBe(false);
    expect(renderQuanta(queue, 2).every((v) => v === 0)).toBe(true);
  });
});
