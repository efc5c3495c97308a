// Where the latest blast of a kind stands (PRODUCT §6): a progress bar and the outbox counts while it runs, a
// one-line summary once done.
import type { Blast } from '@/features/groups/blast-api'
import { blastProgress } from '@/features/groups/texts'
import { BLAST_LABELS } from '@/features/groups/use-blasts'
import { formatDateTime } from '@/lib/dates'

export function BlastStatus({ blast }: { blast: Blast }) {
  const { title } = BLAST_LABELS[blast.kind]
  const p = blastProgress(blast.counts, blast.total)
  const counts: Array<[string, number, string]> = [
    ['Queued', p.waiting, 'text-muted-foreground'],
    ['Sent', p.sent, 'text-emerald-700'],
    ['Failed', p.failed, p.failed ? 'text-destructive' : 'text-muted-foreground'],
    ['Skipped', p.skipped, 'text-muted-foreground'],
    ...(p.unknown ? ([['Unknown', p.unknown, 'text-amber-700']] as Array<[string, number, string]>) : []),
  ]
  return (
    <div role="group" aria-label={`${title} progress`} className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="font-medium">{title}</span>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {blast.done ? `Done · ${formatDateTime(blast.finishedAt ?? blast.startedAt)}` : `Sending… ${p.finished} of ${p.total}`}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`${title} sent`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={p.percent}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${p.percent}%` }} />
      </div>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
        {counts.map(([label, value, tone]) => (
          <div key={label} className="flex gap-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={`font-medium tabular-nums ${tone}`}>{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
