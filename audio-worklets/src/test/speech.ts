// Speech-like test audio and a synthetic loudspeaker-to-microphone path, for the echo canceller's tests and bench.
// Seeded, so every run hears the same signal.

export function createRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VOWELS: [number, number, number][] = [
  [730, 1090, 2440],
  [530, 1840, 2480],
  [270, 2290, 3010],
  [570, 840, 2410],
  [300, 870, 2240],
];

/**
 * Voiced syllables of random length (80–300 ms) at a wandering pitch through three formant resonators, noise
 * bursts for consonants, and pauses between words (40–400 ms): speech's spectrum and rhythm, no words.
 * Peak level about `level`.
 */
export function speechLike(rate: number, seconds: number, seed: number, pitchHz = 140, level = 0.3): Float32Array {
  const random = createRng(seed);
  const samples = new Float32Array(Math.round(rate * seconds));
  let position = 0;
  let phase = 0;
  const state = new Float64Array(6);
  while (position < samples.length) {
    const syllable = Math.round(rate * (0.08 + 0.22 * random()));
    const vowel = VOWELS[Math.floor(random() * VOWELS.length)];
    const pitch = pitchHz * (0.8 + 0.4 * random());
    const noise = Math.round(rate * 0.03 * random());
    const coefficients = vowel.map((hz, k) => resonator(hz, [90, 110, 170][k], rate));
    for (let i = 0; i < noise + syllable && position < samples.length; i++, position++) {
      const ramp = Math.min(1, i / (0.015 * rate), (noise + syllable - i) / (0.015 * rate));
      let source: number;
      if (i < noise) source = (random() * 2 - 1) * 0.3;
      else {
        phase += pitch / rate;
        phase -= Math.floor(phase);
        source = 2 * phase - 1;
      }
      let value = 0;
      for (let k = 0; k < 3; k++) {
        const [b0, a1, a2] = coefficients[k];
        const y = b0 * source - a1 * state[2 * k] - a2 * state[2 * k + 1];
        state[2 * k + 1] = state[2 * k];
        state[2 * k] = y;
        value += y;
      }
      samples[position] = level * 0.35 * ramp * value;
    }
    position += Math.round(rate * (0.04 + (random() < 0.3 ? 0.36 : 0.08) * random()));
  }
  return samples;
}

/** Two-pole resonator normalised to about unit peak gain. */
function resonator(frequencyHz: number, bandwidthHz: number, rate: number): [number, number, number] {
  const r = Math.exp((-Math.PI * bandwidthHz) / rate);
  const theta = (2 * Math.PI * frequencyHz) / rate;
  return [1 - r, -2 * r * Math.cos(theta), r * r];
}

export interface EchoPath {
  delayMs: number;
  gainDb: number;
  /** Reverb tail's decay time to -60 dB (ms); 0 for none. */
  rt60Ms: number;
}

/** A loudspeaker-room-microphone impulse response: a direct path, a few early reflections and a decaying tail. */
export function echoImpulse(rate: number, { delayMs, gainDb, rt60Ms }: EchoPath, seed = 7): Float32Array {
  const random = createRng(seed);
  const delay = Math.round((delayMs * rate) / 1000);
  const tail = Math.round((rt60Ms * rate) / 1000);
  const impulse = new Float32Array(delay + tail + 1);
  const gain = 10 ** (gainDb / 20);
  impulse[delay] = gain;
  for (let i = 1; i <= tail; i++) {
    const decay = 10 ** ((-3 * i) / tail);
    impulse[delay + i] += gain * 0.5 * decay * (random() * 2 - 1);
  }
  return impulse;
}

export function convolve(signal: Float32Array, impulse: Float32Array): Float32Array {
  const out = new Float32Array(signal.length);
  for (let k = 0; k < impulse.length; k++) {
    const gain = impulse[k];
    if (gain === 0) continue;
    for (let n = k; n < signal.length; n++) out[n] += gain * signal[n - k];
  }
  return out;
}

export function energy(samples: Float32Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i] * samples[i];
  return sum;
}
