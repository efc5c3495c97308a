// The run's cases (PRODUCT §10): each with its pass rate over the repeats against its threshold, its verdict,
// where each expectation failed (repeat and turn), and every repeat to expand and read.
import { useState } from 'react'
import { ChevronRight } from 'lucide-react'

import { AttemptTranscript } from '@/features/testing/components/run-view/attempt-transcript'
import { VerdictBadge } from '@/features/testing/components/run-status'
import type { RunAttempt, RunCase } from '@/features/testing/runs-api'
import { ATTEMPT_LABELS, formatMs, formatUsd, passRateText, thresholdText } from '@/features/testing/runs/run-text'

export function CaseResults({ cases, live }: { cases: RunCase[]; live: boolean }) {
  if (cases.length === 0) return <p className="text-sm text-muted-foreground">This run has no cases.</p>
  return (
    <ul className="grid gap-3" aria-label="Cases">
      {cases.map((c) => (
        <CaseResult key={c.caseId} testCase={c} live={live} />
      ))}
    </ul>
  )
}

function CaseResult({ testCase: c, live }: { testCase: RunCase; live: boolean }) {
  const failedChecks = groupFailedChecks(c.attempts)
  const finished = c.runs >= c.repeats
  const headingId = `case-${c.caseId}`
  return (
    <li aria-labelledby={headingId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-medium break-words">
          {c.name}
        </h3>
        {finished || !live ? <VerdictBadge passed={c.passed} /> : <span className="text-xs text-muted-foreground">Running…</span>}
      </div>
      <p className="text-sm">
        <span className="font-medium tabular-nums">{passRateText(c.passes, c.runs)}</span>
        <span className="text-muted-foreground">
          {' '}
          · {thresholdText(c.threshold, c.repeats)}
          {c.runs < c.repeats && ` · ${c.repeats - c.runs} of ${c.repeats} repeats still to run`}
        </span>
      </p>
      {(c.failures.length > 0 || failedChecks.length > 0) && (
        <div className="grid gap-1 rounded-lg border border-red-200 bg-red-50/60 px-3 py-2 text-sm dark:border-red-900 dark:bg-red-950/30">
          <h4 className="font-medium text-red-900 dark:text-red-100">Failures</h4>
          {/* The checks say where each expectation failed (repeat and turn); the run's own failure texts repeat that
              in words, so they stay one click away unless no check explains the failure (an error, a budget). */}
          <ul className="grid gap-0.5" aria-label={`Failures of ${c.name}`}>
            {(failedChecks.length === 0 ? c.failures : []).map((failure, i) => (
              <li key={`f${i}`}>{failure}</li>
            ))}
            {failedChecks.map((group, i) => (
              <li key={`c${i}`}>
                {repeatsText(group.repeats)}
                {group.turn !== null ? `, turn ${group.turn}` : ''}: {group.expectation}
                {group.detail ? ` — ${group.detail}` : ''}
              </li>
            ))}
          </ul>
          {failedChecks.length > 0 && c.failures.length > 0 && (
            <details>
              <summary className="cursor-pointer text-muted-foreground">All failure messages ({c.failures.length})</summary>
              <ul className="mt-1 grid gap-0.5 pl-4">
                {c.failures.map((failure, i) => (
                  <li key={i}>{failure}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {c.attempts.length > 0 && (
        <ul className="grid gap-1.5" aria-label={`Repeats of ${c.name}`}>
          {c.attempts.map((attempt) => (
            <AttemptRow key={attempt.repeat} attempt={attempt} />
          ))}
        </ul>
      )}
    </li>
  )
}

function AttemptRow({ attempt }: { attempt: RunAttempt }) {
  const [open, setOpen] = useState(false)
  const tone =
    attempt.status === 'passed'
      ? 'text-emerald-700 dark:text-emerald-300'
      : attempt.status === 'failed' || attempt.status === 'error'
        ? 'text-destructive'
        : 'text-muted-foreground'
  return (
    <li className="rounded-lg border">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-2 text-left text-sm outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ChevronRight aria-hidden className={open ? 'size-4 rotate-90 transition-transform' : 'size-4 transition-transform'} />
        <span className="font-medium">Repeat {attempt.repeat}</span>
        <span className={tone}>{ATTEMPT_LABELS[attempt.status]}</span>
        <span className="text-muted-foreground tabular-nums">
          {attempt.turns} turn{attempt.turns === 1 ? '' : 's'} · p50 {formatMs(attempt.latencyMs.p50)} · p95{' '}
          {formatMs(attempt.latencyMs.p95)} · {formatUsd(attempt.costUsd)}
        </span>
        {attempt.promptPath.length > 0 && (
          <span className="basis-full pl-7 text-xs text-muted-foreground break-words">Path: {attempt.promptPath.join(' → ')}</span>
        )}
      </button>
      {open && (
        <div className="border-t px-3 py-3">
          <AttemptTranscript attempt={attempt} />
        </div>
      )}
    </li>
  )
}

type FailedCheckGroup = { expectation: string; turn: number | null; detail: string; repeats: number[] }

/** The same expectation failing the same way at the same turn in several repeats is one line, naming the repeats. */
export function groupFailedChecks(attempts: RunAttempt[]): FailedCheckGroup[] {
  const groups = new Map<string, FailedCheckGroup>()
  for (const attempt of attempts) {
    for (const check of attempt.checks) {
      if (check.passed) continue
      const key = JSON.stringify([check.expectation, check.turn, check.detail])
      const group = groups.get(key) ?? { expectation: check.expectation, turn: check.turn, detail: check.detail, repeats: [] }
      group.repeats.push(attempt.repeat)
      groups.set(key, group)
    }
  }
  return [...groups.values()]
}

/** "Repeat 2", "Repeats 1 and 3", "Repeats 2, 3 and 5". */
export function repeatsText(repeats: number[]) {
  if (repeats.length === 1) return `Repeat ${repeats[0]}`
  return `Repeats ${repeats.slice(0, -1).join(', ')} and ${repeats.at(-1)}`
}
