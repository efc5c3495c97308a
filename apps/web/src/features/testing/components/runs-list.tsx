// The recent runs of a sequence (PRODUCT §10), newest first: status, version, progress ("12 of 60"), cases
// passed and failed, who played the assistant; each opens its run view, and any two compare.
import { useId, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { GitCompareArrows } from 'lucide-react'

import { Button, buttonVariants } from '@hearth/ui/components/button'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { RunProgressBar, RunStatusBadge } from '@/features/testing/components/run-status'
import { isLive, type RunListItem } from '@/features/testing/runs-api'
import { progressText, providerLabel } from '@/features/testing/runs/run-text'
import { formatDateTime } from '@/lib/dates'

/** How a run is named in lists and selectors: "v3 · 28 Nov 2026, 04:20". */
export const runName = (run: RunListItem) => `v${run.version} · ${formatDateTime(run.createdAt)}`

export function RunsList({ runs }: { runs: RunListItem[] }) {
  const [comparing, setComparing] = useState<string | null>(null)
  return (
    <ul className="grid gap-2" aria-label="Recent runs">
      {runs.map((run) => (
        <li key={run.runId} className="grid gap-2 rounded-lg border px-3 py-2.5">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <Link
              to="/testing/runs/$runId"
              params={{ runId: run.runId }}
              className="font-medium underline-offset-4 hover:underline focus-visible:underline"
              aria-label={`Run of ${runName(run)}`}
            >
              {runName(run)}
            </Link>
            <RunStatusBadge status={run.status} />
            <span className="text-sm tabular-nums">
              <span className="text-emerald-700 dark:text-emerald-300">{run.casesPassed} passed</span> ·{' '}
              <span className={run.casesFailed > 0 ? 'text-destructive' : 'text-muted-foreground'}>{run.casesFailed} failed</span>
            </span>
            {!isLive(run.status) && <span className="text-sm text-muted-foreground tabular-nums">{progressText(run.progress)}</span>}
            <span className="text-xs text-muted-foreground">{providerLabel(run.provider)}</span>
            {runs.length > 1 && (
              <Button
                size="sm"
                variant="ghost"
                className="ml-auto"
                aria-expanded={comparing === run.runId}
                onClick={() => setComparing((current) => (current === run.runId ? null : run.runId))}
              >
                <GitCompareArrows aria-hidden />
                Compare
              </Button>
            )}
          </div>
          {isLive(run.status) && <RunProgressBar progress={run.progress} label={`Progress of ${runName(run)}`} className="max-w-md" />}
          {comparing === run.runId && <CompareWith run={run} others={runs.filter((other) => other.runId !== run.runId)} />}
        </li>
      ))}
    </ul>
  )
}

function CompareWith({ run, others }: { run: RunListItem; others: RunListItem[] }) {
  const id = useId()
  const [other, setOther] = useState(others[0]?.runId)
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-md bg-muted/50 p-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Compare with</Label>
        <Select value={other ?? ''} onValueChange={setOther}>
          <SelectTrigger id={id} className="min-w-56">
            <SelectValue placeholder="Choose a run" />
          </SelectTrigger>
          <SelectContent>
            {others.map((o) => (
              <SelectItem key={o.runId} value={o.runId}>
                {runName(o)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {other && (
        // The older run is A, so a change reads from before to after.
        <Link
          to="/testing/compare"
          search={olderFirst(run, others.find((o) => o.runId === other)!)}
          className={buttonVariants({ size: 'sm' })}
        >
          Open comparison
        </Link>
      )}
    </div>
  )
}

export function olderFirst(x: RunListItem, y: RunListItem) {
  return Date.parse(x.createdAt) <= Date.parse(y.createdAt) ? { a: x.runId, b: y.runId } : { a: y.runId, b: x.runId }
}
