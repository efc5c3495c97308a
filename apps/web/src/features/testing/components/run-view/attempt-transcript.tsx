// One repeat of a case read turn by turn: who spoke, under which prompt, the tools called (name and arguments)
// and the turn's latency; above it the checks' verdicts and each prompt change judged against its trigger.
import type { RunAttempt, TransitionVerdict } from '@/features/testing/runs-api'
import { formatMs } from '@/features/testing/runs/run-text'

const VERDICT_LABELS: Record<TransitionVerdict, string> = { premature: 'premature', on_time: 'on time', missed: 'missed' }

export function AttemptTranscript({ attempt }: { attempt: RunAttempt }) {
  return (
    <div className="grid gap-3">
      {attempt.checks.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={`Checks of repeat ${attempt.repeat}`}>
          {attempt.checks.map((check, i) => (
            <li key={i} className={check.passed ? 'text-muted-foreground' : 'text-destructive'}>
              <span aria-hidden>{check.passed ? '✓' : '✗'} </span>
              <span className="sr-only">{check.passed ? 'Passed: ' : 'Failed: '}</span>
              {check.expectation}
              {check.turn !== null && <> (turn {check.turn})</>}
              {check.detail && <> — {check.detail}</>}
            </li>
          ))}
        </ul>
      )}
      {attempt.transitions.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label={`Transitions of repeat ${attempt.repeat}`}>
          {attempt.transitions.map((t, i) => (
            <li key={i}>
              <span className="font-mono text-xs">
                {t.from} → {t.to}
              </span>
              {t.turn !== null && <>, turn {t.turn}</>}:{' '}
              <span className={t.verdict === 'on_time' ? 'text-emerald-700 dark:text-emerald-300' : 'text-amber-700 dark:text-amber-300'}>
                {VERDICT_LABELS[t.verdict]}
              </span>
              {t.reason && <span className="text-muted-foreground"> — {t.reason}</span>}
            </li>
          ))}
        </ul>
      )}
      {attempt.transcript.length === 0 ? (
        <p className="text-sm text-muted-foreground">No turns yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label={`Transcript of repeat ${attempt.repeat}`}>
          {attempt.transcript.map((turn, i) => (
            <li
              key={i}
              className={
                turn.role === 'assistant'
                  ? 'grid gap-1 rounded-lg border bg-secondary/40 px-3 py-2'
                  : 'grid gap-1 rounded-lg border px-3 py-2'
              }
            >
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  Turn {turn.turn} · {turn.role === 'member' ? 'Member' : 'Assistant'}
                </span>
                <span>
                  Prompt <span className="font-mono">{turn.prompt || '—'}</span>
                </span>
                {turn.latencyMs !== null && <span className="tabular-nums">{formatMs(turn.latencyMs)}</span>}
              </div>
              <p className="text-sm break-words whitespace-pre-wrap">{turn.text}</p>
              {turn.tools.length > 0 && (
                <ul className="grid gap-0.5" aria-label={`Tools called in turn ${turn.turn}`}>
                  {turn.tools.map((tool, k) => (
                    <li key={k} className="font-mono text-xs break-all">
                      {tool.name}({compactJson(tool.args)})
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}

function compactJson(value: unknown) {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}
