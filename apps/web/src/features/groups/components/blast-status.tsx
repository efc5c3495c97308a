// Where the latest blast of a kind stands (PRODUCT §6): a progress bar and the outbox counts of the members it goes
// to while it runs, a one-line summary once done; after a crash, a way to reach only the members whose outcome is
// unknown (issue 21), after a confirm that says some of them may get it twice.
import { useState } from 'react'
import { RotateCcw } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { startBlast, type Blast, type BlastStarted } from '@/features/groups/blast-api'
import { blastProgress, plural } from '@/features/groups/texts'
import { BLAST_LABELS } from '@/features/groups/use-blasts'
import { errorMessage } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { notify } from '@/lib/notify'

type BlastStatusProps = {
  blast: Blast
  /** Invitations: the module they link to (the server prefers the group's isolated module). */
  moduleName?: string
  onStarted: (started: BlastStarted) => void
}

export function BlastStatus({ blast, moduleName, onStarted }: BlastStatusProps) {
  const { title, channel } = BLAST_LABELS[blast.kind]
  const p = blastProgress(blast.counts, blast.total)
  const counts: Array<[string, number, string]> = [
    ['Queued', p.waiting, 'text-muted-foreground'],
    ['Sent', p.sent, 'text-emerald-700'],
    ...(p.kept ? ([['Kept in outbox', p.kept, 'text-sky-800']] as Array<[string, number, string]>) : []),
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
      {p.kept > 0 && (
        <p className="text-xs text-muted-foreground">
          {`Kept in the outbox — no ${channel === 'sms' ? 'SMS' : 'e-mail'} provider configured: these went to nobody.`}
        </p>
      )}
      {blast.done && p.unknown > 0 && blast.groupId && (
        <UnknownResend blast={blast} groupId={blast.groupId} moduleName={moduleName} unknown={p.unknown} onStarted={onStarted} />
      )}
    </div>
  )
}

function UnknownResend({
  blast,
  groupId,
  moduleName,
  unknown,
  onStarted,
}: {
  blast: Blast
  groupId: string
  moduleName?: string
  unknown: number
  onStarted: (started: BlastStarted) => void
}) {
  const [open, setOpen] = useState(false)
  const { title, channel } = BLAST_LABELS[blast.kind]
  const who = blast.failures.filter((f) => f.error.startsWith('Outcome unknown')).map((f) => f.name)
  const send = async () => {
    try {
      const started = await startBlast({
        groupId,
        kind: blast.kind,
        unknownOnly: true,
        ...(moduleName && blast.kind.startsWith('invite') ? { moduleName } : {}),
      })
      onStarted(started)
    } catch (error) {
      notify.error(channel === 'sms' ? 'Failed to send SMS' : 'Failed to send Email', { description: errorMessage(error) })
    }
  }
  return (
    <>
      {/* Wraps on a phone instead of widening the page. */}
      <Button
        variant="outline"
        size="sm"
        className="h-auto w-fit max-w-full justify-start py-1.5 text-left whitespace-normal"
        onClick={() => setOpen(true)}
      >
        <RotateCcw aria-hidden />
        {`Send to the ${plural(unknown, 'member')} whose outcome is unknown`}
      </Button>
      {open && (
        <ConfirmDialog
          open
          onOpenChange={setOpen}
          title={`Send the ${title} to the ${plural(unknown, 'member')} whose outcome is unknown?`}
          description={
            <>
              {`The send to ${who.length > 0 ? who.join(', ') : plural(unknown, 'member')} was cut off by a restart: it may or may not have arrived. `}
              <strong className="font-medium text-foreground">Some of them may get it twice.</strong>
              {' Everyone else is left alone.'}
            </>
          }
          confirmLabel="Send again to them"
          onConfirm={send}
        />
      )}
    </>
  )
}
