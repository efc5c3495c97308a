import { describe, expect, test } from 'bun:test';
import { AudioBudget, BASE64_CHARS_PER_SECOND } from './audio-budget';

// PRODUCT §3: above 2x real time for more than a burst of a few seconds, a page's audio is refused.
const FRAME_MS = 20;
const FRAME_CHARS = (BASE64_CHARS_PER_SECOND * FRAME_MS) / 1000; // 1280: one 20 ms frame of 24 kHz PCM16 as base64

/** A budget whose clock the test moves, and how many frames it takes before it first refuses one. */
function stream() {
  let nowMs = 0;
  const budget = new AudioBudget(() => nowMs);
  return {
    advance(ms: number) {
      nowMs += ms;
    },
    /** Sends `count` frames `everyMs` apart; the number accepted before the first refusal (all: `count`). */
    send(count: number, everyMs: number): number {
      for (let i = 0; i < count; i++) {
        nowMs += everyMs;
        if (!budget.take(FRAME_CHARS)) return i;
      }
      return count;
    },
  };
}

describe('the audio budget', () => {
  test('real time is accepted for as long as a session lasts (60 min)', () => {
    expect(stream().send(60 * 60 * 50, FRAME_MS)).toBe(180_000);
  });

  test('twice real time is accepted for long; a little more is not', () => {
    expect(stream().send(10 * 60 * 50, FRAME_MS / 2)).toBe(30_000);
    expect(stream().send(10 * 60 * 50, FRAME_MS / 2.1)).toBeLessThan(30_000);
  });

  test('a 2 s burst, and the 6 s a page flushes after a stall, are accepted in the middle of a real-time stream', () => {
    const page = stream();
    expect(page.send(3000, FRAME_MS)).toBe(3000);
    expect(page.send(100, 0)).toBe(100); // 2 s of audio at once
    expect(page.send(500, FRAME_MS)).toBe(500);
    page.advance(6000); // nothing gets through for 6 s; then what the browser buffered arrives together
    expect(page.send(300, 0)).toBe(300);
    expect(page.send(3000, FRAME_MS)).toBe(3000);
  });

  test('3x real time for 10 s is refused after 8 s', () => {
    const accepted = stream().send(1500, FRAME_MS / 3); // 30 s of audio in 10 s
    expect(accepted).toBeLessThan(1500);
    expect(accepted * (FRAME_MS / 3)).toBeGreaterThan(7_900);
    expect(accepted * (FRAME_MS / 3)).toBeLessThan(8_100);
  });

  test('100x real time in one burst is refused after about 8 s of audio', () => {
    const accepted = stream().send(1500, FRAME_MS / 100); // 30 s of audio in 0.3 s
    expect(accepted).toBeGreaterThanOrEqual(400);
    expect(accepted).toBeLessThan(420);
  });

  test('the budget refills while the page sends nothing, up to the burst and no more', () => {
    const page = stream();
    expect(page.send(400, 0)).toBe(400); // 8 s at once: all of it
    expect(page.send(1, 0)).toBe(0);
    page.advance(60 * 60_000); // a long quiet time buys no more than the burst
    expect(page.send(401, 0)).toBe(400);
  });
});
