// One blast to the whole group (PRODUCT §6): a dry run first (who receives it, who is skipped and why, whether it
// went out before), then the send; a repeat the server refuses is shown as "Already sent to N on <date>" and sent
// again only when the admin says so.
import { useState, type ReactNode } from 'react'
import { LoaderCircle, TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'

import { useScrollableByKeyboard } from '@/components/keyboard-scroll'
import {
  AlreadySentError,
  previewBlast,
  startBlast,
  type BlastKind,
  type BlastPreview,
  type BlastStarted,
} from '@/features/groups/blast-api'
import { alreadySentText, plural } from '@/features/groups/texts'
import { BLAST_LABELS } from '@/features/groups/use-blasts'
import { MessagePreview } from '@/components/message-preview'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type BlastButtonProps = {
  groupId: string
  kind: BlastKind
  /** Invitations: the module they link to (the server prefers the group's isolated module). */
  moduleName?: string
  label: string
  icon: ReactNode
  disabled?: boolean
  /** While a blast of this kind runs, another cannot start. */
  running?: boolean
  onStarted: (started: BlastStarted) => void
}

type Step =
  | { name: 'closed' }
  | { name: 'previewing' }
  | { name: 'preview'; preview: BlastPreview; sending: boolean }
  | { name: 'refused'; preview: BlastPreview; refused: AlreadySentError; sending: boolean }

/** SPEC §8: a failed subgroup SMS blast has its own text; other blasts say which channel failed. */
function failureTitle(kind: BlastKind) {
  if (kind === 'assignment-sms') return 'Failed to send SMS to all members of SubGroups'
  return BLAST_LABELS[kind].channel === 'sms' ? 'Failed to send SMS' : 'Failed to send Email'
}

export function BlastButton({ groupId, kind, moduleName, label, icon, disabled, running, onStarted }: BlastButtonProps) {
  const [step, setStep] = useState<Step>({ name: 'closed' })
  const { title } = BLAST_LABELS[kind]
  const input = { groupId, kind, ...(moduleName ? { moduleName } : {}) }

  const open = async () => {
    setStep({ name: 'previewing' })
    try {
      setStep({ name: 'preview', preview: await previewBlast(input), sending: false })
    } catch (error) {
      setStep({ name: 'closed' })
      notify.error(failureTitle(kind), { description: errorMessage(error) })
    }
  }

  const send = async (force: boolean) => {
    if (step.name !== 'preview' && step.name !== 'refused') return
    setStep({ ...step, sending: true })
    try {
      const started = await startBlast({ ...input, ...(force ? { force: true } : {}) })
      setStep({ name: 'closed' })
      onStarted(started)
    } catch (error) {
      if (error instanceof AlreadySentError) return setStep({ name: 'refused', preview: step.preview, refused: error, sending: false })
      setStep({ name: 'closed' })
      notify.error(failureTitle(kind), { description: errorMessage(error) })
    }
  }

  const busy = step.name === 'previewing' || ((step.name === 'preview' || step.name === 'refused') && step.sending)
  const dialogOpen = step.name === 'preview' || step.name === 'refused'

  return (
    <>
      <Button variant="outline" onClick={open} disabled={disabled || running || step.name !== 'closed'}>
        {step.name === 'previewing' ? <LoaderCircle className="animate-spin" aria-hidden /> : icon}
        {label}
      </Button>
      <Dialog open={dialogOpen} onOpenChange={(next) => !next && !busy && setStep({ name: 'closed' })}>
        <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
          {step.name === 'refused' ? (
            <DialogHeader>
              <DialogTitle>{`Send the ${title} again?`}</DialogTitle>
              <DialogDescription>
                {`${alreadySentText(step.refused.alreadySent, step.refused.sentAt)}. Sending again reaches every recipient a second time.`}
              </DialogDescription>
            </DialogHeader>
          ) : step.name === 'preview' ? (
            <PreviewBody title={title} preview={step.preview} moduleName={kind.startsWith('invite') ? moduleName : undefined} />
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => setStep({ name: 'closed' })} disabled={busy}>
              Cancel
            </Button>
            {step.name === 'refused' ? (
              <Button onClick={() => send(true)} disabled={busy}>
                {busy && <LoaderCircle className="animate-spin" aria-hidden />}
                Send again
              </Button>
            ) : step.name === 'preview' ? (
              <Button onClick={() => send(false)} disabled={busy || step.preview.recipients === 0}>
                {busy && <LoaderCircle className="animate-spin" aria-hidden />}
                {`Send to ${plural(step.preview.recipients, 'member')}`}
              </Button>
            ) : null}
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  )
}

function PreviewBody({ title, preview, moduleName }: { title: string; preview: BlastPreview; moduleName?: string }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{`Send the ${title}?`}</DialogTitle>
        <DialogDescription>
          {`${plural(preview.recipients, 'member')} of ${preview.total.toLocaleString()} will receive it`}
          {moduleName ? `, with a link to ${moduleName}.` : '.'}
        </DialogDescription>
      </DialogHeader>
      {preview.alreadySent > 0 && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {`${alreadySentText(preview.alreadySent, preview.sentAt)}.`}
        </p>
      )}
      {preview.text && (
        <MessagePreview
          label={`The message, as ${preview.text.name} will read it`}
          subject={preview.text.subject}
          body={preview.text.body}
        />
      )}
      {preview.receiving.length > 0 && (
        <MemberList label={`${plural(preview.receiving.length, 'member')} receiving it`} listLabel="Receiving members">
          {preview.receiving.map((r) => (
            <li key={r.userFile} className="truncate border-b px-3 py-1.5 last:border-b-0">
              {r.name}
            </li>
          ))}
        </MemberList>
      )}
      {preview.skipped.length > 0 && (
        <MemberList label={`${plural(preview.skipped.length, 'member')} skipped`} listLabel="Skipped members">
          {preview.skipped.map((s) => (
            <li key={s.userFile} className="flex justify-between gap-3 border-b px-3 py-1.5 last:border-b-0">
              <span className="truncate">{s.name}</span>
              <span className="shrink-0 text-muted-foreground">{s.reason}</span>
            </li>
          ))}
        </MemberList>
      )}
    </>
  )
}

function MemberList({ label, listLabel, children }: { label: string; listLabel: string; children: ReactNode }) {
  return (
    <div className="grid gap-2">
      <p className="text-sm font-medium">{label}</p>
      {/* Scrolls when long; focusable while it does, so a keyboard can scroll it too. */}
      <ul
        ref={useScrollableByKeyboard<HTMLUListElement>()}
        aria-label={listLabel}
        className="max-h-40 overflow-y-auto rounded-lg border text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        {children}
      </ul>
    </div>
  )
}
