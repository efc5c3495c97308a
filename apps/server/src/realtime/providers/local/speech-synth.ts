import { SAMPLE_RATE, type Voice } from '@hearth/protocol';

/**
 * Speech-like audio for the local provider: no words, but the rhythm, pitch and vowel colour of speech, so the
 * player, meters and interruption paths behave as with a real voice. A source-filter model: a sawtooth at the
 * voice's pitch (falling slightly over each phrase) through three formant resonators, one vowel per syllable
 * with an attack/release envelope, noise bursts for consonant onsets, and pauses between words and phrases.
 */

export type Rng = () => number;

/** Small, fast, seedable PRNG (mulberry32). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PITCH_HZ: Record<Voice, number> = {
  alloy: 180,
  ash: 115,
  ballad: 140,
  coral: 215,
  echo: 125,
  sage: 200,
  shimmer: 225,
  verse: 135,
};

/** First three formants of a few vowels (Hz, adult male); higher voices shift them up. */
const VOWELS: Record<string, [number, number, number]> = {
  a: [730, 1090, 2440],
  e: [530, 1840, 2480],
  i: [270, 2290, 3010],
  o: [570, 840, 2410],
  u: [300, 870, 2240],
};
const FORMANT_BANDWIDTH_HZ = [90, 110, 170];
const RAMP_SAMPLES = Math.round(0.015 * SAMPLE_RATE);
const OUTPUT_GAIN = 0.35;

interface Segment {
  start: number;
  length: number;
  kind: 'voiced' | 'noise' | 'silence';
  formants: [number, number, number];
  amplitude: number;
  /** 0 at the start of a phrase, 1 at its end: drives the falling pitch. */
  phrasePosition: number;
}

export interface WordTiming {
  text: string;
  startSample: number;
}

function syllableVowels(word: string): string[] {
  const groups = word.toLowerCase().match(/[aeiouy]+/g) ?? ['a'];
  return groups.map((g) => (g[0] === 'y' ? 'i' : g[0]));
}

export class SpeechSynth {
  readonly words: WordTiming[] = [];
  readonly totalSamples: number;
  private readonly segments: Segment[] = [];
  private readonly pitchHz: number;
  private readonly formantScale: number;
  private readonly rng: Rng;
  private position = 0;
  private segmentIndex = 0;
  private phase = 0;
  private coefficients = new Float64Array(9);
  private state = new Float64Array(6);

  constructor(text: string, voice: Voice, rng: Rng) {
    this.rng = rng;
    this.pitchHz = PITCH_HZ[voice];
    this.formantScale = this.pitchHz > 170 ? 1.17 : 1;
    this.totalSamples = this.plan(text);
  }

  get done(): boolean {
    return this.position >= this.totalSamples;
  }

  /** Milliseconds rendered so far. */
  get renderedMs(): number {
    return (this.position * 1000) / SAMPLE_RATE;
  }

  /** Fills `out` from the current position; returns the samples written (0 once done). */
  render(out: Int16Array): number {
    const count = Math.min(out.length, this.totalSamples - this.position);
    for (let i = 0; i < count; i++) out[i] = Math.round(this.nextSample() * 32767);
    return count;
  }

  private plan(text: string): number {
    const ms = (value: number) => Math.round((value * SAMPLE_RATE) / 1000);
    const tokens = text.split(/\s+/).filter(Boolean);
    let cursor = ms(40);
    tokens.forEach((token, index) => {
      this.words.push({ text: index === 0 ? token : ` ${token}`, startSample: cursor });
      const phrasePosition = tokens.length > 1 ? index / (tokens.length - 1) : 0;
      if (/^[^aeiouy\d\W]/i.test(token)) {
        const length = ms(25 + this.rng() * 25);
        this.push(cursor, length, 'noise', VOWELS.i, 0.12, phrasePosition);
        cursor += length;
      }
      for (const vowel of syllableVowels(token)) {
        const length = ms(130 + this.rng() * 90);
        this.push(cursor, length, 'voiced', VOWELS[vowel], 0.7 + this.rng() * 0.3, phrasePosition);
        cursor += length;
      }
      const pause = /[.!?]$/.test(token) ? 260 + this.rng() * 120 : /[,;:]$/.test(token) ? 160 + this.rng() * 80 : 40 + this.rng() * 50;
      this.push(cursor, ms(pause), 'silence', VOWELS.a, 0, phrasePosition);
      cursor += ms(pause);
    });
    return cursor;
  }

  private push(
    start: number,
    length: number,
    kind: Segment['kind'],
    formants: [number, number, number],
    amplitude: number,
    phrasePosition: number,
  ) {
    const scaled = formants.map((f) => f * this.formantScale) as [number, number, number];
    this.segments.push({ start, length, kind, formants: scaled, amplitude, phrasePosition });
    if (this.segments.length === 1) this.setFormants(scaled);
  }

  private setFormants(formants: [number, number, number]) {
    for (let k = 0; k < 3; k++) {
      const r = Math.exp((-Math.PI * FORMANT_BANDWIDTH_HZ[k]) / SAMPLE_RATE);
      this.coefficients[k * 3] = 1 - r;
      this.coefficients[k * 3 + 1] = 2 * r * Math.cos((2 * Math.PI * formants[k]) / SAMPLE_RATE);
      this.coefficients[k * 3 + 2] = -r * r;
    }
  }

  private nextSample(): number {
    const position = this.position++;
    let segment = this.segments[this.segmentIndex];
    while (segment && position >= segment.start + segment.length) {
      segment = this.segments[++this.segmentIndex];
      if (segment && segment.kind !== 'silence') this.setFormants(segment.formants);
    }
    if (!segment || segment.kind === 'silence') return 0;
    const into = position - segment.start;
    const envelope = Math.min(1, into / RAMP_SAMPLES, (segment.length - into) / RAMP_SAMPLES);
    let source: number;
    if (segment.kind === 'voiced') {
      const pitch = this.pitchHz * (1.08 - 0.16 * segment.phrasePosition) * (1 + 0.015 * Math.sin(position / 900));
      this.phase += pitch / SAMPLE_RATE;
      if (this.phase >= 1) this.phase -= 1;
      source = 2 * this.phase - 1 + (this.rng() - 0.5) * 0.05;
    } else {
      source = this.rng() * 2 - 1;
    }
    let x = source * segment.amplitude * envelope;
    for (let k = 0; k < 3; k++) {
      const c = k * 3;
      const s = k * 2;
      const y = this.coefficients[c] * x + this.coefficients[c + 1] * this.state[s] + this.coefficients[c + 2] * this.state[s + 1];
      this.state[s + 1] = this.state[s];
      this.state[s] = y;
      x = y;
    }
    return Math.tanh(x * OUTPUT_GAIN * 40);
  }
}
