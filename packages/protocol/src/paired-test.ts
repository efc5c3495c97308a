/**
 * The paired test behind Compare (PRODUCT §10): the same cases run on two versions, so each repeat is a pair
 * (passed on A?, passed on B?). Only the discordant pairs say which version is better; McNemar's exact test asks
 * how likely a split at least this uneven would be if both versions were equally good (a fair coin per pair).
 * Shared by the server and the web app.
 */

/** Above this many discordant pairs the binomial terms are summed in log space (0.5^n underflows past ~1074). */
const DIRECT_LIMIT = 1000;

/** Two-sided exact McNemar p-value for `b` pairs that passed only on A and `c` that passed only on B. */
export function exactMcNemar(b: number, c: number): number {
  const n = b + c;
  if (n === 0) return 1;
  const k = Math.min(b, c);
  let tail = 0;
  if (n <= DIRECT_LIMIT) {
    // P(X = i) for X ~ Binomial(n, 1/2), built up term by term.
    let term = 0.5 ** n;
    for (let i = 0; i <= k; i++) {
      tail += term;
      term = (term * (n - i)) / (i + 1);
    }
  } else {
    let logTerm = -n * Math.LN2;
    for (let i = 0; i <= k; i++) {
      tail += Math.exp(logTerm);
      logTerm += Math.log(n - i) - Math.log(i + 1);
    }
  }
  return Math.min(1, 2 * tail);
}

export interface PairedComparison {
  /** Pairs compared: the shorter of the two lists. */
  n: number;
  bothPass: number;
  onlyA: number;
  onlyB: number;
  bothFail: number;
  /** Share of the n pairs that passed on A / on B (0 when there are none). */
  rateA: number;
  rateB: number;
  pValue: number;
  /** pValue < 0.05. */
  significant: boolean;
}

export const SIGNIFICANCE_LEVEL = 0.05;

/** Compares pass/fail results paired by index (repeat i of a case on A with repeat i on B). */
export function comparePaired(a: readonly boolean[], b: readonly boolean[]): PairedComparison {
  const n = Math.min(a.length, b.length);
  let bothPass = 0;
  let onlyA = 0;
  let onlyB = 0;
  for (let i = 0; i < n; i++) {
    if (a[i] && b[i]) bothPass++;
    else if (a[i]) onlyA++;
    else if (b[i]) onlyB++;
  }
  const bothFail = n - bothPass - onlyA - onlyB;
  const pValue = exactMcNemar(onlyA, onlyB);
  return {
    n,
    bothPass,
    onlyA,
    onlyB,
    bothFail,
    rateA: n ? (bothPass + onlyA) / n : 0,
    rateB: n ? (bothPass + onlyB) / n : 0,
    pValue,
    significant: pValue < SIGNIFICANCE_LEVEL,
  };
}
