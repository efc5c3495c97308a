import { describe, expect, test } from 'bun:test'

import { olderFirst } from '@/features/testing/components/runs-list'
import { sameCasesRequest } from '@/features/testing/components/same-cases-run'
import { changeText, compareRows, diffLines, median, pairedOutcomes, runMedianTurns } from '@/features/testing/runs/compare'
import { comparePaired } from '@hearth/protocol/paired-test'
import { makeRun, runA, runB } from '@/features/testing/runs/run-fixtures'

describe('the paired exact test', () => {
  test('counts the pairs and gives the two-sided exact McNemar p-value', () => {
    const all = Array.from({ length: 10 }, () => true)
    const one = all.map((_, i) => i === 0)
    const result = comparePaired(all, one)
    expect(result).toMatchObject({ n: 10, bothPass: 1, onlyA: 9, onlyB: 0, bothFail: 0, rateA: 1, rateB: 0.1, significant: true })
    expect(result.pValue).toBeCloseTo(2 / 512, 10)
    // Three repeats can never show a significant change: 3 discordant pairs give p = 0.25.
    expect(comparePaired([true, true, true], [false, false, false])).toMatchObject({ pValue: 0.25, significant: false })
    expect(comparePaired([true, false], [true, false]).pValue).toBe(1)
  })
})

describe('compare rows', () => {
  const rows = compareRows(runA, runB)
  const row = (id: string) => rows.find((r) => r.caseId === id)!

  test('pass rates of A and B per case, and the change', () => {
    expect(row('greets').a).toMatchObject({ passes: 10, runs: 10, rate: 1 })
    expect(row('greets').b).toMatchObject({ passes: 1, runs: 10, rate: 0.1 })
    expect(row('greets').change).toBeCloseTo(-0.9)
    expect(row('mood').change).toBeCloseTo(1 / 3)
  })

  test('only the significant change is named, with its p-value', () => {
    expect(rows.filter((r) => r.test?.significant).map((r) => r.caseId)).toEqual(['greets'])
    expect(changeText(row('greets'))).toBe('Worse (p = 0.004)')
    expect(changeText(row('mood'))).toBe('No significant change')
  })

  test('repeats pair by index, and only those both runs finished', () => {
    const b = makeRun({
      runId: 'run-c',
      status: 'running',
      cases: [
        { ...runB.cases[1], attempts: runB.cases[1].attempts.map((a) => (a.repeat === 3 ? { ...a, status: 'running' as const } : a)) },
      ],
    })
    expect(pairedOutcomes(runA.cases[1], b.cases[0])).toEqual({ a: [true, true], b: [true, true] })
    const partial = compareRows(runA, b)
    expect(partial.find((r) => r.caseId === 'greets')!.b).toBeNull()
    expect(changeText(partial.find((r) => r.caseId === 'greets')!)).toBe('Only in run A')
  })

  test('median turns per run', () => {
    expect(median([8, 6, 6, 10])).toBe(7)
    expect(median([])).toBeNull()
    // Run A: 13 passing attempts of 6 turns, 3 failing of 8.
    expect(runMedianTurns(runA)).toBe(6)
  })
})

describe('transcript difference', () => {
  test('same lines line up, a reworded line is one changed row, extra lines are added or removed', () => {
    expect(diffLines(['a', 'b', 'c'], ['a', 'B', 'c', 'd'])).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'changed', left: 'b', right: 'B' },
      { kind: 'same', left: 'c', right: 'c' },
      { kind: 'added', left: null, right: 'd' },
    ])
    expect(diffLines(['a', 'x'], ['a'])).toEqual([
      { kind: 'same', left: 'a', right: 'a' },
      { kind: 'removed', left: 'x', right: null },
    ])
  })
})

describe('starting and opening a comparison', () => {
  test("'Run the same cases on version N' asks for the first run's cases and, when they share one, its repeats", () => {
    expect(sameCasesRequest(runA, 2)).toEqual({
      sequence: 'Check In',
      version: 2,
      caseIds: ['greets', 'mood', 'closes'],
      repeats: undefined,
    })
    const uniform = makeRun({ cases: runA.cases.slice(1) })
    expect(sameCasesRequest(uniform, 3)).toEqual({ sequence: 'Check In', version: 3, caseIds: ['mood', 'closes'], repeats: 3 })
  })

  test('the older of two runs from the list is A', () => {
    const list = (run: typeof runA) => ({ ...run, casesPassed: 0, casesFailed: 0 })
    expect(olderFirst(list(runB), list(runA))).toEqual({ a: 'run-a', b: 'run-b' })
    expect(olderFirst(list(runA), list(runB))).toEqual({ a: 'run-a', b: 'run-b' })
  })
})
