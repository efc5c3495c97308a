import { describe, expect, test } from 'bun:test';
import type { BrowserEvent } from '@hearth/protocol';
import { MAX_PENDING_EVENTS, PendingEvents } from './pending-events';

const event = (n: number): BrowserEvent => ({ type: 'input_audio_buffer.append', audio: String(n) }) as BrowserEvent;

describe('pending client events', () => {
  test('keep their order and empty on take', () => {
    const pending = new PendingEvents();
    for (const n of [1, 2, 3]) pending.push(event(n));
    expect(pending.take()).toEqual([event(1), event(2), event(3)]);
    expect(pending.take()).toEqual([]);
  });

  test('past the bound, later events are dropped and the first ones kept', () => {
    const pending = new PendingEvents();
    for (let n = 0; n < MAX_PENDING_EVENTS + 10; n++) pending.push(event(n));
    const taken = pending.take();
    expect(taken).toHaveLength(MAX_PENDING_EVENTS);
    expect(taken.at(-1)).toEqual(event(MAX_PENDING_EVENTS - 1));
  });
});
