import { FRAME_MS, type Eagerness } from '@hearth/protocol';

/**
 * The local provider's stand-in for GA `semantic_vad`. OpenAI's semantic VAD reads the words; this one cannot (the
 * local provider keeps no audio and has no recogniser), so it is a heuristic on levels, not words: when the person
 * pauses, it looks at the energy contour of the last voiced stretch. A falling contour (the drop in loudness that
 * ends most spoken sentences) ends the turn after a short wait; a level or rising one (a phrase left hanging, a
 * breath before going on) or a very short utterance waits longer. Every wait scales with the eagerness and never
 * exceeds OpenAI's documented maximum: about 8 s (low), 4 s (medium and auto) and 2 s (high).
 */

export const MAX_WAIT_MS: Record<Eagerness, number> = { low: 8000, medium: 4000, auto: 4000, high: 2000 };

/** Share of the maximum wait per contour: falling ends soonest, hanging (rising, or too short to judge) latest. */
const WAIT_SHARE = { falling: 1 / 8, level: 3 / 8, hanging: 3 / 4 } as const;

export type Contour = keyof typeof WAIT_SHARE;

/** Below this much voiced audio an utterance is "very short" (a filler, a false start): the turn waits longer. */
export const SHORT_UTTERANCE_MS = 400;
/** The tail whose level is compared with what came just before it. */
const TAIL_FRAMES = 10;
const BEFORE_FRAMES = 15;
const FALL_DB = 4;
const RISE_DB = 2;

/** Levels (dBFS) of the most recent voiced frames, oldest first, in a ring allocated once. */
export class VoicedLevels {
  readonly capacity = TAIL_FRAMES + BEFORE_FRAMES;
  private readonly ring = new Float32Array(this.capacity);
  private count = 0;
  private next = 0;
  /** Voiced frames since the turn began (not capped). */
  voicedFrames = 0;

  push(dbfs: number) {
    this.ring[this.next] = dbfs;
    this.next = (this.next + 1) % this.capacity;
    this.count = Math.min(this.capacity, this.count + 1);
    this.voicedFrames++;
  }

  reset() {
    this.count = 0;
    this.voicedFrames = 0;
  }

  /** The mean level of the voiced frames `fromEnd`..`toEnd` back from the latest (0 = the latest). */
  meanDb(fromEnd: number, toEnd: number): number {
    let sum = 0;
    let n = 0;
    for (let back = fromEnd; back < Math.min(toEnd, this.count); back++) {
      sum += this.ring[(this.next - 1 - back + this.capacity) % this.capacity];
      n++;
    }
    return n ? sum / n : Number.NaN;
  }

  get size(): number {
    return this.count;
  }
}

/** How the last voiced stretch before a pause moved: its last 200 ms against the 300 ms before them. */
export function contourOf(levels: VoicedLevels): Contour {
  if (levels.voicedFrames * FRAME_MS < SHORT_UTTERANCE_MS || levels.size < TAIL_FRAMES + 5) return 'hanging';
  const tail = levels.meanDb(0, TAIL_FRAMES);
  const before = levels.meanDb(TAIL_FRAMES, TAIL_FRAMES + BEFORE_FRAMES);
  if (tail <= before - FALL_DB) return 'falling';
  if (tail >= before + RISE_DB) return 'hanging';
  return 'level';
}

/** Milliseconds of silence after which the turn ends, for this contour and eagerness. */
export function endOfTurnWaitMs(contour: Contour, eagerness: Eagerness = 'auto'): number {
  return Math.round(MAX_WAIT_MS[eagerness] * WAIT_SHARE[contour]);
}
