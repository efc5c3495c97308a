// The paired exact test the compare screen uses. Its home is packages/protocol/src/paired-test.ts (branch
// `local-walk`); until that lands this is a stand-in with the same signature. Replacing the body with
// `export { comparePaired } from '@hearth/protocol/paired-test'` is the only change the merge needs.

export interface PairedComparison {
  n: number
  bothPass: number
  onlyA: number
  onlyB: number
  bothFail: number
  rateA: number
  rateB: number
  pValue: number
  significant: boolean
}

const ALPHA = 0.05

/** Two-sided exact McNemar test on the discordant pairs: a binomial test of onlyA against onlyA + onlyB at ½. */
export function comparePaired(a: boolean[], b: boolean[]): PairedComparison {
  if (a.length !== b.length) throw new Error('comparePaired needs two outcome lists of the same length')
  let bothPass = 0
  let onlyA = 0
  let onlyB = 0
  let bothFail = 0
  a.forEach((passA, i) => {
    if (passA && b[i]) bothPass++
    else if (passA) onlyA++
    else if (b[i]) onlyB++
    else bothFail++
  })
  const n = a.length
  const discordant = onlyA + onlyB
  let pValue = 1
  if (discordant > 0) {
    const k = Math.min(onlyA, onlyB)
    let tail = 0
    for (let i = 0; i <= k; i++) tail += binomial(discordant, i)
    pValue = Math.min(1, (2 * tail) / 2 ** discordant)
  }
  return {
    n,
    bothPass,
    onlyA,
    onlyB,
    bothFail,
    rateA: n ? (bothPass + onlyA) / n : 0,
    rateB: n ? (bothPass + onlyB) / n : 0,
    pValue,
    significant: pValue < ALPHA,
  }
}

function binomial(n: number, k: number) {
  let result = 1
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i
  return result
}
