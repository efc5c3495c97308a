// Compare (PRODUCT §10): two runs of the same sequence, case by case. Attempts pair by repeat index (repeat i of
// run A with repeat i of run B); a pass-rate change is marked only when the paired exact test says it is
// significant. Pure, so the screen and its tests read the same rows.
import { comparePaired, type PairedComparison } from '@hearth/protocol/paired-test'
import type { RunAttempt, RunCase, RunDetail, TranscriptTurn } from '@/features/testing/runs-api'

export interface CompareRow {
  caseId: string
  name: string
  /** Null when the case is not in that run. */
  a: { passes: number; runs: number; rate: number; medianTurns: number | null } | null
  b: { passes: number; runs: number; rate: number; medianTurns: number | null } | null
  /** rateB − rateA, null unless both runs have the case. */
  change: number | null
  /** The paired test over the repeats both runs finished; null when none were paired. */
  test: PairedComparison | null
}

const finished = (attempt: RunAttempt) => attempt.status === 'passed' || attempt.status === 'failed' || attempt.status === 'error'

export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((x, y) => x - y)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

function side(c: RunCase | undefined): CompareRow['a'] {
  if (!c) return null
  const done = c.attempts.filter(finished)
  return {
    passes: c.passes,
    runs: c.runs,
    rate: c.runs > 0 ? c.passes / c.runs : 0,
    medianTurns: median(done.map((attempt) => attempt.turns)),
  }
}

/** Outcomes of the repeats both cases finished, in repeat order. */
export function pairedOutcomes(a: RunCase, b: RunCase): { a: boolean[]; b: boolean[] } {
  const byRepeat = new Map(b.attempts.filter(finished).map((attempt) => [attempt.repeat, attempt]))
  const pairs = a.attempts
    .filter(finished)
    .filter((attempt) => byRepeat.has(attempt.repeat))
    .sort((x, y) => x.repeat - y.repeat)
  return {
    a: pairs.map((attempt) => attempt.status === 'passed'),
    b: pairs.map((attempt) => byRepeat.get(attempt.repeat)!.status === 'passed'),
  }
}

export function compareRows(runA: RunDetail, runB: RunDetail): CompareRow[] {
  const casesB = new Map(runB.cases.map((c) => [c.caseId, c]))
  const ids = [
    ...runA.cases.map((c) => c.caseId),
    ...runB.cases.map((c) => c.caseId).filter((id) => !runA.cases.some((c) => c.caseId === id)),
  ]
  return ids.map((caseId) => {
    const caseA = runA.cases.find((c) => c.caseId === caseId)
    const caseB = casesB.get(caseId)
    const a = side(caseA)
    const b = side(caseB)
    let test: PairedComparison | null = null
    if (caseA && caseB) {
      const outcomes = pairedOutcomes(caseA, caseB)
      if (outcomes.a.length > 0) test = comparePaired(outcomes.a, outcomes.b)
    }
    return { caseId, name: (caseA ?? caseB)!.name, a, b, change: a && b ? b.rate - a.rate : null, test }
  })
}

/** The median turn count of every finished attempt of the run. */
export const runMedianTurns = (run: RunDetail) => median(run.cases.flatMap((c) => c.attempts.filter(finished).map((a) => a.turns)))

/** How a row's change reads: only a significant one is called a change (with its p-value). */
export function changeText(row: CompareRow) {
  if (!row.a || !row.b) return row.a ? 'Only in run A' : 'Only in run B'
  if (!row.test) return 'Not compared yet'
  if (!row.test.significant) return 'No significant change'
  const direction = (row.change ?? 0) > 0 ? 'Better' : 'Worse'
  return `${direction} (p = ${formatP(row.test.pValue)})`
}

export const formatP = (p: number) => (p < 0.001 ? '< 0.001' : p.toFixed(3))

// ---- Transcript difference ----

export interface DiffLine {
  kind: 'same' | 'removed' | 'added' | 'changed'
  left: string | null
  right: string | null
}

export const transcriptLine = (turn: TranscriptTurn) => `${turn.role === 'member' ? 'Member' : 'Assistant'} [${turn.prompt}]: ${turn.text}`

/**
 * Side-by-side lines of two transcripts (longest common subsequence of whole lines). A removed line followed by an
 * added one becomes one changed row, so rewordings sit side by side.
 */
export function diffLines(left: string[], right: string[]): DiffLine[] {
  const n = left.length
  const m = right.length
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0))
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = left[i] === right[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
    }
  }
  const raw: DiffLine[] = []
  let i = 0
  let j = 0
  while (i < n || j < m) {
    if (i < n && j < m && left[i] === right[j]) {
      raw.push({ kind: 'same', left: left[i++], right: right[j++] })
    } else if (j >= m || (i < n && lcs[i + 1][j] >= lcs[i][j + 1])) {
      raw.push({ kind: 'removed', left: left[i++], right: null })
    } else {
      raw.push({ kind: 'added', left: null, right: right[j++] })
    }
  }
  // Pair each run of removals with the run of additions right after it.
  const out: DiffLine[] = []
  for (let k = 0; k < raw.length; ) {
    if (raw[k].kind !== 'removed') {
      out.push(raw[k++])
      continue
    }
    const removed: DiffLine[] = []
    while (k < raw.length && raw[k].kind === 'removed') removed.push(raw[k++])
    const added: DiffLine[] = []
    while (k < raw.length && raw[k].kind === 'added') added.push(raw[k++])
    const pairs = Math.max(removed.length, added.length)
    for (let p = 0; p < pairs; p++) {
      const l = removed[p]?.left ?? null
      const r = added[p]?.right ?? null
      out.push({ kind: l !== null && r !== null ? 'changed' : l !== null ? 'removed' : 'added', left: l, right: r })
    }
  }
  return out
}
