// How a run's state looks wherever it is listed: a status badge, a passed/failed badge and a progress bar that
// says "12 of 60" in words as well.
import { Badge } from '@hearth/ui/components/badge'
import { cn } from '@hearth/ui/lib/utils'

import { progressPercent, progressText, STATUS_LABELS } from '@/features/testing/runs/run-text'
import type { RunProgress, RunStatus } from '@/features/testing/runs-api'

export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge variant={status === 'failed' ? 'destructive' : status === 'done' ? 'secondary' : 'outline'} data-testid="run-status">
      {STATUS_LABELS[status]}
    </Badge>
  )
}

/** A case's (or attempt's) verdict: green "Passed", red "Failed". */
export function VerdictBadge({ passed, label }: { passed: boolean; label?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        passed
          ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-100'
          : 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100',
      )}
    >
      {label ?? (passed ? 'Passed' : 'Failed')}
    </Badge>
  )
}

export function RunProgressBar({ progress, label, className }: { progress: RunProgress; label: string; className?: string }) {
  const percent = progressPercent(progress)
  return (
    <div className={cn('grid gap-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={progress.total}
        aria-valuenow={progress.done}
        aria-valuetext={progressText(progress)}
        className="h-2 w-full overflow-hidden rounded-full bg-secondary"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs text-muted-foreground tabular-nums">{progressText(progress)}</span>
    </div>
  )
}
