// The run view's parts rendered to static HTML from fixture details (no browser): what a person reads.
import { describe, expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'

import { AttemptTranscript } from '@/features/testing/components/run-view/attempt-transcript'
import { CaseResults } from '@/features/testing/components/run-view/case-results'
import { CoverageTable } from '@/features/testing/components/run-view/coverage-table'
import { RunHeader } from '@/features/testing/components/run-view/run-header'
import { buildCoverageGraph } from '@/features/testing/runs/coverage-graph'
import { makeRun, runA } from '@/features/testing/runs/run-fixtures'

/** The markup's text with tags dropped and whitespace collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')

/** The HTML of the <li> of a case, by its name. */
function caseItem(html: string, name: string) {
  const items = html.split(/<li aria-labelledby=/).slice(1)
  const found = items.find((item) => item.includes(`>${name}</h3>`))
  expect(found).toBeDefined()
  return text(found!)
}

describe('the run view', () => {
  test('a failing case shows its verdict, pass rate, threshold, failure text and the turn where the expectation failed', () => {
    const html = renderToStaticMarkup(<CaseResults cases={runA.cases} live={false} />)
    const closes = caseItem(html, 'Closes politely')
    expect(closes).toContain('Failed')
    expect(closes).toContain('1 of 3 passed')
    expect(closes).toContain('needs 3 of 3')
    expect(closes).toContain('2 of 3 repeats never reached closing')
    // The same failure in two repeats is one line naming both.
    expect(closes).toContain("Repeats 1 and 3, turn 6: reaches 'closing' within 6 turns — still on mood after 6 assistant turns")
    expect(caseItem(html, 'Asks about mood')).toContain("Repeat 3, turn 6: reaches 'closing' within 6 turns")
    const greets = caseItem(html, 'Greets by name')
    expect(greets).toContain('Passed')
    expect(greets).toContain('10 of 10 passed')
    expect(greets).not.toContain('Failures')
  })

  test('each repeat shows its status, turns, latency p50/p95 and cost, and expands', () => {
    const html = renderToStaticMarkup(<CaseResults cases={runA.cases} live={false} />)
    expect(text(caseItem(html, 'Closes politely'))).toContain('Repeat 1 Failed 8 turns · p50 420 ms · p95 900 ms · $0')
    expect(html).toContain('aria-expanded="false"')
  })

  test('a case still running shows no verdict yet', () => {
    const [first, second, third] = runA.cases[2].attempts
    const running = {
      ...runA.cases[2],
      runs: 1,
      passes: 0,
      passed: false,
      attempts: [first, { ...second, status: 'running' as const }, { ...third, status: 'queued' as const }],
    }
    const html = renderToStaticMarkup(<CaseResults cases={[running]} live />)
    expect(text(html)).toContain('Running…')
    expect(text(html)).toContain('0 of 1 passed · needs 3 of 3 · 2 of 3 repeats still to run')
    expect(html).not.toContain('data-slot="badge"')
    expect(text(html)).toContain('Repeat 2 Running')
  })

  test('a repeat reads turn by turn with the active prompt, tool calls with arguments and latency', () => {
    const html = text(renderToStaticMarkup(<AttemptTranscript attempt={runA.cases[2].attempts[0]} />))
    expect(html).toContain('Turn 2 · Assistant Prompt mood 880 ms')
    expect(html).toContain('change_prompt({"name":"mood"})'.replace(/"/g, '&quot;'))
    expect(html).toContain("Failed: reaches 'closing' within 6 turns (turn 6) — still on mood after 6 assistant turns")
    expect(html).toContain('intro → mood , turn 2: on time — the member shared how the week went')
  })

  test('the header names the provider and judge, the progress in words and the budgets', () => {
    const live = makeRun({ ...runA, status: 'running', progress: { done: 12, total: 60 }, finishedAt: null, cases: runA.cases })
    const html = renderToStaticMarkup(<RunHeader run={live} />)
    expect(html).toContain('Local provider — judged by keywords')
    expect(html).toContain('aria-valuetext="12 of 60"')
    expect(text(html)).toContain('Turn latency p95 ≤ 2.0 s · cost ≤ $0.50')
    expect(text(html)).toContain('Running')
    expect(text(html)).toContain('Cost $0 · local provider: $0')
  })

  test("the header's cost is the sum of every attempt's", () => {
    const [c0, ...rest] = runA.cases
    const priced = { ...c0, attempts: c0.attempts.map((a, i) => ({ ...a, costUsd: i === 0 ? 0.0324192 : 0.01 })) }
    const run = makeRun({ ...runA, provider: 'openai', cases: [priced, ...rest] })
    const expected = 0.0324192 + 0.01 * (c0.attempts.length - 1)
    const html = text(renderToStaticMarkup(<RunHeader run={run} />))
    expect(html).toContain(`Cost $${expected.toFixed(2)}`)
    expect(html).not.toContain('local provider')
  })
})

describe('the coverage table', () => {
  test('shows the share of attempts reaching each prompt and taking each edge, with the verdict counts', () => {
    const html = renderToStaticMarkup(<CoverageTable graph={buildCoverageGraph(runA.graph.prompts, runA.coverage)} />)
    expect(html).toContain('aria-label="Coverage by prompt"')
    const reached = (name: string) => text(html.match(new RegExp(`data-testid="reached-${name}">(.*?)</td>`))![1]).trim()
    expect(reached('intro')).toBe('100% (16 of 16 attempts)')
    expect(reached('mood')).toBe('75% (12 of 16 attempts)')
    expect(reached('closing')).toBe('25% (4 of 16 attempts)')
    expect(reached('farewell')).toBe('13% (2 of 16 attempts)')
    const all = text(html)
    expect(all).toContain('→ mood 75% (12 of 16) · premature 1 · on time 10 · missed 1')
    expect(all).toContain('→ farewell 13% (2 of 16) · not in the JSON')
    expect(all).toContain('farewell (not in this version)')
  })
})
