import { SAMPLE_RATE } from '@hearth/protocol';
import { createRng } from './speech-synth';

/**
 * Scripted member audio for the voice-activity tests and bench:turn-taking: voiced stretches (a 130 Hz voice with
 * its harmonics and a syllable rhythm of about 4.5 Hz, around -20 dBFS) and pauses, over a -60 dBFS noise floor.
 * Each stretch ends with a contour over its last 600 ms, as spoken phrases do: `falling` (the drop in loudness at
 * the end of a sentence, -12 dB), `rising` (+4 dB, a phrase left hanging) or `level`.
 */
export type SpeechPart = { speakMs: number; contour?: 'falling' | 'rising' | 'level' } | { pauseMs: number };

const CONTOUR_MS = 600;
const CONTOUR_DB = { falling: -12, rising: 4, level: 0 } as const;
const BASE_AMPLITUDE = 0.1;
const NOISE_AMPLITUDE = 0.0017;

export function memberSpeech(parts: SpeechPart[], seed = 7): Int16Array {
  const totalMs = parts.reduce((sum, p) => sum + ('pauseMs' in p ? p.pauseMs : p.speakMs), 0);
  const out = new Int16Array(Math.round((totalMs * SAMPLE_RATE) / 1000));
  const rng = createRng(seed);
  let at = 0;
  for (const part of parts) {
    const count = Math.round((('pauseMs' in part ? part.pauseMs : part.speakMs) * SAMPLE_RATE) / 1000);
    for (let i = 0; i < count && at + i < out.length; i++) {
      let sample = (rng() * 2 - 1) * NOISE_AMPLITUDE;
      if (!('pauseMs' in part)) sample += voiced(i, count, part.contour ?? 'level');
      out[at + i] = Math.max(-32768, Math.min(32767, Math.round(sample * 32767)));
    }
    at += count;
  }
  return out;
}

function voiced(i: number, count: number, contour: keyof typeof CONTOUR_DB): number {
  const t = i / SAMPLE_RATE;
  const contourSamples = (CONTOUR_MS * SAMPLE_RATE) / 1000;
  const into = Math.max(0, i - (count - contourSamples)) / contourSamples;
  const gain = 10 ** ((CONTOUR_DB[contour] * into) / 20);
  const syllable = 0.75 + 0.25 * Math.sin(2 * Math.PI * 4.5 * t);
  let wave = 0;
  for (let h = 1; h <= 4; h++) wave += Math.sin(2 * Math.PI * 130 * h * t) / h;
  return BASE_AMPLITUDE * gain * syllable * wave;
}
