import { describe, expect, test } from 'bun:test';
import { tfidfVectors } from '../../providers/tfidf';
import { splitMembers, splitNow, WORKER_MIN_MEMBERS } from './split';

// A fixed group of 240 members: each profile mixes words of two of eight interests (a seeded generator).
const INTERESTS = [
  ['hiking', 'mountains', 'camping', 'trails', 'tents'],
  ['robots', 'electronics', 'soldering', 'circuits', 'coding'],
  ['baking', 'sourdough', 'pastry', 'ovens', 'recipes'],
  ['chess', 'openings', 'tournaments', 'puzzles', 'endgames'],
  ['painting', 'watercolour', 'canvas', 'portraits', 'galleries'],
  ['football', 'stadium', 'league', 'goals', 'training'],
  ['gardening', 'tomatoes', 'compost', 'seedlings', 'orchards'],
  ['jazz', 'saxophone', 'concerts', 'vinyl', 'improvisation'],
];
function profiles(count: number): string[] {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: count }, () => {
    const a = INTERESTS[Math.floor(next() * INTERESTS.length)];
    const b = INTERESTS[Math.floor(next() * INTERESTS.length)];
    const pick = (words: string[]) => words[Math.floor(next() * words.length)];
    return `I enjoy ${pick(a)} and ${pick(a)}, sometimes ${pick(b)}; weekends mean ${pick(a)} or ${pick(b)}.`;
  });
}

describe('subgroup split off the event loop', () => {
  const texts = profiles(240);

  test('the worker gives the same assignment as the in-process split (local TF-IDF input)', async () => {
    const inProcess = splitNow({ texts }, 8);
    expect(inProcess.length).toBe(30);
    expect(await splitMembers({ texts }, 8, { worker: true })).toEqual(inProcess);
  });

  test('the worker gives the same assignment for provider vectors (sent as one buffer)', async () => {
    const vectors = tfidfVectors(texts).map((v, i) => v.map((x) => x * (1 + (i % 3)) + 1e-17 * i));
    expect(await splitMembers({ vectors }, 12, { worker: true })).toEqual(splitNow({ vectors }, 12));
  });

  test('a large group is split while the event loop keeps running; a small one in-process', async () => {
    expect(texts.length).toBeGreaterThanOrEqual(WORKER_MIN_MEMBERS);
    const ticksDuring = async (work: () => Promise<unknown>) => {
      let ticks = 0;
      let running = true;
      const spin = () => {
        if (!running) return;
        ticks++;
        setImmediate(spin);
      };
      setImmediate(spin);
      await work();
      running = false;
      const counted = ticks;
      await new Promise((r) => setImmediate(r));
      return counted;
    };
    expect(await ticksDuring(() => splitMembers({ texts }, 8))).toBeGreaterThan(0);
    // In-process, the split is one synchronous call: nothing else runs until it returns.
    expect(await ticksDuring(() => splitMembers({ texts: texts.slice(0, WORKER_MIN_MEMBERS - 1) }, 8))).toBe(0);
  });
});
