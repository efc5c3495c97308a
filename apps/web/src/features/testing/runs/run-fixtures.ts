// Run details shaped as the engine's GET /api/test-runs/{runId}/detail answers them, for the unit and component
// tests of the run view and compare (and for throwaway screenshot scripts). Not imported by any screen.
import type { AttemptStatus, RunAttempt, RunCase, RunDetail } from '@/features/testing/runs-api'

function attempt(repeat: number, status: AttemptStatus, overrides: Partial<RunAttempt> = {}): RunAttempt {
  const passed = status === 'passed'
  return {
    repeat,
    status,
    turns: passed ? 6 : 8,
    promptPath: passed ? ['intro', 'mood', 'closing'] : ['intro', 'mood'],
    latencyMs: { p50: 420, p95: 900 },
    costUsd: 0,
    checks: [
      {
        expectation: "reaches 'closing' within 6 turns",
        passed,
        turn: passed ? 5 : 6,
        detail: passed ? '' : 'still on mood after 6 assistant turns',
      },
    ],
    transcript: [
      { turn: 1, role: 'member', text: 'Hi.', prompt: 'intro', tools: [], latencyMs: null },
      { turn: 1, role: 'assistant', text: 'Hello Sam, good to hear from you.', prompt: 'intro', tools: [], latencyMs: 410 },
      { turn: 2, role: 'member', text: 'I had a long week.', prompt: 'intro', tools: [], latencyMs: null },
      {
        turn: 2,
        role: 'assistant',
        text: passed ? 'That sounds tiring. How are you feeling now?' : 'Tell me more about your week.',
        prompt: 'mood',
        tools: [{ name: 'change_prompt', args: { name: 'mood' }, output: { ok: true } }],
        latencyMs: 880,
      },
    ],
    transitions: [{ from: 'intro', to: 'mood', turn: 2, verdict: 'on_time', reason: 'the member shared how the week went' }],
    ...overrides,
  }
}

function testCase(caseId: string, name: string, outcomes: AttemptStatus[], extra: Partial<RunCase> = {}): RunCase {
  const attempts = outcomes.map((status, i) => attempt(i + 1, status))
  const runs = attempts.filter((a) => a.status !== 'queued' && a.status !== 'running').length
  const passes = attempts.filter((a) => a.status === 'passed').length
  return {
    caseId,
    name,
    runs,
    passes,
    passed: runs === outcomes.length && passes === outcomes.length,
    repeats: outcomes.length,
    threshold: 1,
    failures: passes < runs ? [`${runs - passes} of ${runs} repeats never reached closing`] : [],
    attempts,
    ...extra,
  }
}

const ten = (passes: number): AttemptStatus[] => Array.from({ length: 10 }, (_, i) => (i < passes ? 'passed' : 'failed'))

export function makeRun(overrides: Partial<RunDetail> & { cases: RunCase[] }): RunDetail {
  const attempts = overrides.cases.reduce((sum, c) => sum + c.runs, 0)
  return {
    runId: 'run-a',
    status: 'done',
    sequence: 'Check In',
    version: 1,
    provider: 'local',
    judge: 'keywords',
    createdAt: '2026-11-28T04:00:00.000Z',
    finishedAt: '2026-11-28T04:01:00.000Z',
    progress: { done: attempts, total: attempts },
    graph: {
      prompts: [
        { name: 'intro', next: 'mood', trigger: 'after the greeting' },
        { name: 'mood', next: 'closing', trigger: 'once the member said how they feel' },
        { name: 'closing', next: '', trigger: '' },
      ],
    },
    budgets: { latencyP95Ms: 2000, costUsd: 0.5 },
    coverage: {
      attempts: 16,
      prompts: { intro: 16, mood: 12, closing: 4, farewell: 2 },
      edges: [
        { from: 'intro', to: 'mood', taken: 12 },
        { from: 'mood', to: 'closing', taken: 4 },
        { from: 'intro', to: 'farewell', taken: 2 },
      ],
      transitions: [
        { from: 'intro', to: 'mood', premature: 1, onTime: 10, missed: 1 },
        { from: 'mood', to: 'closing', premature: 0, onTime: 4, missed: 3 },
      ],
    },
    ...overrides,
  }
}

/** Run A (v1): the greeting passes every repeat, mood 2 of 3, closing fails. */
export const runA = makeRun({
  cases: [
    testCase('greets', 'Greets by name', ten(10)),
    testCase('mood', 'Asks about mood', ['passed', 'passed', 'failed']),
    testCase('closes', 'Closes politely', ['failed', 'passed', 'failed']),
  ],
})

/** Run B (v2) of the same cases: the greeting breaks (1 of 10: significant), mood 3 of 3 (not significant). */
export const runB = makeRun({
  runId: 'run-b',
  version: 2,
  createdAt: '2026-11-28T04:05:00.000Z',
  finishedAt: '2026-11-28T04:06:00.000Z',
  cases: [
    testCase('greets', 'Greets by name', ten(1)),
    testCase('mood', 'Asks about mood', ['passed', 'passed', 'passed']),
    testCase('closes', 'Closes politely', ['failed', 'passed', 'passed']),
  ],
})
