import { describe, expect, test } from 'bun:test'

import { buildCoverageGraph, coverageRows, verdictText } from '@/features/testing/runs/coverage-graph'
import { runA } from '@/features/testing/runs/run-fixtures'

const graph = buildCoverageGraph(runA.graph.prompts, runA.coverage)
const edge = (from: string, to: string) => graph.edges.find((e) => e.from === from && e.to === to)

describe('the coverage graph', () => {
  test("the version's prompts are nodes with the share of attempts reaching each", () => {
    expect(graph.nodes.map((n) => [n.name, n.reached, n.share, n.inJson])).toEqual([
      ['intro', 16, 1, true],
      ['mood', 12, 0.75, true],
      ['closing', 4, 0.25, true],
      // Reached by a transition the JSON does not name: a node of its own, marked as not in this version.
      ['farewell', 2, 0.125, false],
    ])
  })

  test('each `next` is an edge, a taken edge the JSON lacks is marked, and verdicts are counted per edge', () => {
    expect(edge('intro', 'mood')).toMatchObject({ inJson: true, taken: 12, share: 0.75, premature: 1, onTime: 10, missed: 1 })
    expect(edge('mood', 'closing')).toMatchObject({ inJson: true, taken: 4, share: 0.25, missed: 3 })
    expect(edge('intro', 'farewell')).toMatchObject({ inJson: false, taken: 2, share: 0.125 })
    // The last prompt's empty `next` is no edge.
    expect(graph.edges.filter((e) => e.from === 'closing')).toEqual([])
    expect(graph.edges).toHaveLength(3)
  })

  test('a JSON edge no attempt took has share 0; a run with no attempts has no shares', () => {
    const untaken = buildCoverageGraph(runA.graph.prompts, { attempts: 4, prompts: { intro: 4 }, edges: [], transitions: [] })
    expect(untaken.edges.map((e) => [e.id, e.taken, e.share])).toEqual([
      ['intro→mood', 0, 0],
      ['mood→closing', 0, 0],
    ])
    const empty = buildCoverageGraph(runA.graph.prompts, { attempts: 0, prompts: {}, edges: [], transitions: [] })
    expect(empty.nodes.every((n) => n.share === null)).toBe(true)
  })

  test('table rows list each prompt with its outgoing edges', () => {
    const rows = coverageRows(graph)
    expect(rows.find((r) => r.node.name === 'intro')!.outgoing.map((e) => e.to)).toEqual(['mood', 'farewell'])
    expect(verdictText(edge('intro', 'mood')!)).toBe('premature 1 · on time 10 · missed 1')
    expect(verdictText(edge('intro', 'farewell')!)).toBe('')
  })

  test('200 prompts in a chain build in one pass', () => {
    const prompts = Array.from({ length: 200 }, (_, i) => ({ name: `p${i}`, next: i < 199 ? `p${i + 1}` : '', trigger: '' }))
    const big = buildCoverageGraph(prompts, { attempts: 1, prompts: { p0: 1 }, edges: [], transitions: [] })
    expect([big.nodes.length, big.edges.length]).toEqual([200, 199])
  })
})
