// The top of the run view: what ran (sequence, version), its state and progress, who played the assistant and
// who judged, the budgets every run holds, and the case tally.
import { RunProgressBar, RunStatusBadge } from '@/features/testing/components/run-status'
import type { RunDetail } from '@/features/testing/runs-api'
import { formatMs, formatUsd, providerLabel } from '@/features/testing/runs/run-text'
import { formatDateTime } from '@/lib/dates'

export function RunHeader({ run }: { run: RunDetail }) {
  const passed = run.cases.filter((c) => c.passed && c.runs >= c.repeats).length
  const failed = run.cases.filter((c) => !c.passed && c.runs >= c.repeats).length
  // Every attempt's voice session (shared price table, features/costs) plus its simulated member and judges.
  const costUsd = run.cases.reduce((sum, c) => sum + c.attempts.reduce((s, a) => s + a.costUsd, 0), 0)
  return (
    <header className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <h1 className="font-display text-2xl font-semibold tracking-tight break-words sm:text-3xl">
            {run.sequence} v{run.version}
          </h1>
          <p className="text-sm text-muted-foreground" data-testid="run-provider">
            Test run · {providerLabel(run.provider, run.judge)}
          </p>
        </div>
        <RunStatusBadge status={run.status} />
      </div>
      <RunProgressBar progress={run.progress} label="Run progress" />
      <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <Fact term="Cases">
          <span className="tabular-nums">
            {passed} passed · {failed} failed
            {run.cases.length - passed - failed > 0 && ` · ${run.cases.length - passed - failed} running`}
          </span>
        </Fact>
        <Fact term="Budgets">
          Turn latency p95 ≤ {formatMs(run.budgets.latencyP95Ms)} · cost ≤ {formatUsd(run.budgets.costUsd)}
        </Fact>
        <Fact term="Cost">
          <span className="tabular-nums" data-testid="run-cost">
            {formatUsd(costUsd)}
            {run.provider === 'local' && costUsd === 0 && <span className="text-muted-foreground"> · local provider: $0</span>}
          </span>
        </Fact>
        <Fact term="Started">{formatDateTime(run.createdAt)}</Fact>
        <Fact term="Finished">{run.finishedAt ? formatDateTime(run.finishedAt) : '—'}</Fact>
      </dl>
    </header>
  )
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}
