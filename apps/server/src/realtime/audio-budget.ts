import { SAMPLE_RATE } from '@hearth/protocol';

/**
 * PRODUCT §3: audio may not arrive faster than real time for long. Each socket's audio goes through a token
 * bucket counted in base64 characters (a frame's length, so a frame costs a clock read and a few arithmetic
 * operations, nothing allocated): it refills at twice real time and holds BURST_SECONDS of audio at real time.
 * The burst is that long because an honest page flushes what its socket buffered while the network stalled:
 * it gives up on a socket it has heard nothing from for 6 s (web voice/reconnect.ts SILENCE_MS), so a stall it
 * survives sends up to about 6 s of audio at once. Anything faster for long (3x real time runs dry after 8 s,
 * 100x at once after 8 s of audio) is refused.
 */
export const AUDIO_RATE = { timesRealTime: 2, burstSeconds: 8 } as const;

/** Base64 characters of one second of 24 kHz PCM16 mono: 48,000 bytes, 4 characters per 3 bytes. */
export const BASE64_CHARS_PER_SECOND = ((SAMPLE_RATE * 2) / 3) * 4;

export const AUDIO_TOO_FAST = `Audio sent faster than ${AUDIO_RATE.timesRealTime}x real time`;

/** A monotonic clock in milliseconds (performance.now; tests advance their own). */
export type Clock = () => number;

const monotonic: Clock = () => performance.now();

export class AudioBudget {
  private readonly refillPerMs = (BASE64_CHARS_PER_SECOND * AUDIO_RATE.timesRealTime) / 1000;
  private readonly capacity = BASE64_CHARS_PER_SECOND * AUDIO_RATE.burstSeconds;
  private chars = this.capacity;
  private lastMs: number;

  constructor(private readonly clock: Clock = monotonic) {
    this.lastMs = clock();
  }

  /** Spends `base64Chars` of audio; false once the page has sent more than the budget allows. */
  take(base64Chars: number): boolean {
    const nowMs = this.clock();
    const chars = Math.min(this.capacity, this.chars + (nowMs - this.lastMs) * this.refillPerMs) - base64Chars;
    this.lastMs = nowMs;
    this.chars = chars;
    return chars >= 0;
  }
}
