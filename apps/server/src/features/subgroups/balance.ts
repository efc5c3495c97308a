import { l2Normalize } from '../../providers/tfidf';

/**
 * Splits members into balanced subgroups by similarity (PRODUCT §5). Pure and deterministic: unit vectors in,
 * lists of member indexes out. Farthest-first seeds, capacity-constrained assignment to the nearest
 * centroid (balanced k-means), then pairwise swaps while they raise the similarity to the own centroid.
 */

/** floor(n / size) groups (at least one) whose sizes differ by at most one. */
export function groupSizes(memberCount: number, size: number): number[] {
  if (memberCount === 0) return [];
  const k = Math.max(1, Math.floor(memberCount / size));
  const base = Math.floor(memberCount / k);
  return Array.from({ length: k }, (_, i) => base + (i < memberCount % k ? 1 : 0));
}

const EPSILON = 1e-9;
const MAX_ROUNDS = 12;

function dot(a: number[], b: number[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

export function balancedGroups(vectors: number[][], size: number): number[][] {
  const n = vectors.length;
  const k = groupSizes(n, size).length;
  if (k <= 1) return n ? [vectors.map((_, i) => i)] : [];
  const v = vectors.map(l2Normalize);
  const base = Math.floor(n / k);
  const extra = n % k;

  let assignment = assignWithCapacity(
    v,
    farthestFirst(v, k).map((i) => v[i]),
    base,
    extra,
  );
  let best = { assignment, score: score(v, assignment, k) };
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = assignWithCapacity(v, centroidsOf(v, assignment, k), base, extra);
    if (next.every((c, i) => c === assignment[i])) break;
    assignment = next;
    const s = score(v, assignment, k);
    if (s > best.score + EPSILON) best = { assignment, score: s };
  }
  assignment = [...best.assignment];
  for (let pass = 0; pass < MAX_ROUNDS; pass++) if (!improveBySwaps(v, assignment, k)) break;

  const groups: number[][] = Array.from({ length: k }, () => []);
  assignment.forEach((c, i) => groups[c].push(i));
  return groups.sort((a, b) => a[0] - b[0]);
}

/** Seeds far apart: the most atypical member first, then each time the one farthest from every seed so far. */
function farthestFirst(v: number[][], k: number): number[] {
  const mean = l2Normalize(v.reduce((acc, x) => acc.map((a, j) => a + x[j]), new Array<number>(v[0].length).fill(0)));
  let first = 0;
  v.forEach((x, i) => {
    if (dot(x, mean) < dot(v[first], mean) - EPSILON) first = i;
  });
  const seeds = [first];
  const distance = v.map((x) => 1 - dot(x, v[first]));
  while (seeds.length < k) {
    let next = -1;
    distance.forEach((d, i) => {
      if (!seeds.includes(i) && (next === -1 || d > distance[next] + EPSILON)) next = i;
    });
    seeds.push(next);
    v.forEach((x, i) => (distance[i] = Math.min(distance[i], 1 - dot(x, v[next]))));
  }
  return seeds;
}

/** Most similar (member, centroid) pairs first; a group takes `base` members, `extra` groups one more. */
function assignWithCapacity(v: number[][], centroids: number[][], base: number, extra: number): number[] {
  const n = v.length;
  const k = centroids.length;
  const sims = new Float64Array(n * k);
  for (let i = 0; i < n; i++) for (let c = 0; c < k; c++) sims[i * k + c] = dot(v[i], centroids[c]);
  const order = Uint32Array.from({ length: n * k }, (_, p) => p).sort((a, b) => sims[b] - sims[a] || a - b);
  const result = new Array<number>(n).fill(-1);
  const counts = new Array<number>(k).fill(0);
  let larger = 0;
  let assigned = 0;
  for (const p of order) {
    const i = Math.floor(p / k);
    const c = p % k;
    if (result[i] !== -1) continue;
    if (counts[c] < base || (counts[c] === base && larger < extra)) {
      if (counts[c] === base) larger++;
      counts[c]++;
      result[i] = c;
      if (++assigned === n) break;
    }
  }
  return result;
}

function centroidsOf(v: number[][], assignment: number[], k: number): number[][] {
  const sums = Array.from({ length: k }, () => new Array<number>(v[0].length).fill(0));
  assignment.forEach((c, i) => v[i].forEach((x, j) => (sums[c][j] += x)));
  return sums.map(l2Normalize);
}

/** Sum of each member's similarity to its own group's centroid: what the assignment maximises. */
function score(v: number[][], assignment: number[], k: number): number {
  const centroids = centroidsOf(v, assignment, k);
  return assignment.reduce((s, c, i) => s + dot(v[i], centroids[c]), 0);
}

/**
 * One pass over every pair of groups: swap the members that gain most from changing places, and move one
 * member from the larger to the smaller group when that gains (sizes stay within one). True if anything moved.
 */
function improveBySwaps(v: number[][], assignment: number[], k: number): boolean {
  const centroids = centroidsOf(v, assignment, k);
  const sim = v.map((x) => centroids.map((c) => dot(x, c)));
  const members: number[][] = Array.from({ length: k }, () => []);
  assignment.forEach((c, i) => members[c].push(i));
  let changed = false;
  const move = (i: number, from: number, to: number) => {
    assignment[i] = to;
    members[from].splice(members[from].indexOf(i), 1);
    members[to].push(i);
    changed = true;
  };
  for (let a = 0; a < k; a++) {
    for (let b = a + 1; b < k; b++) {
      const gain = (from: number, to: number) =>
        members[from].map((i) => ({ i, g: sim[i][to] - sim[i][from] })).sort((x, y) => y.g - x.g || x.i - y.i);
      const ga = gain(a, b);
      const gb = gain(b, a);
      let t = 0;
      for (; t < ga.length && t < gb.length && ga[t].g + gb[t].g > EPSILON; t++) {
        move(ga[t].i, a, b);
        move(gb[t].i, b, a);
      }
      if (members[a].length > members[b].length && t < ga.length && ga[t].g > EPSILON) move(ga[t].i, a, b);
      else if (members[b].length > members[a].length && t < gb.length && gb[t].g > EPSILON) move(gb[t].i, b, a);
    }
  }
  return changed;
}
