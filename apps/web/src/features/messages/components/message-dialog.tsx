// One message, opened from the Messages table: channel, recipient, kind, state, times, and what it said while its
// text is still kept (PRODUCT §7: post-chat texts are cleared once sent; then it says so). Read on opening, so the
// list itself never carries bodies.
import { useEffect, useState } from 'react'

import { Badge } from '@hearth/ui/components/badge'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Skeleton } from '@hearth/ui/components/skeleton'
import { cn } from '@hearth/ui/lib/utils'

import { fetchMessage, type MessageDetail, type MessageRow } from '@/features/messages/api'
import { TONES } from '@/features/messages/components/message-columns'
import { formatWhen, kindLabel, statusHint, statusOf } from '@/features/messages/labels'
import { errorMessage, isAbortError } from '@/lib/api'

type Loaded = { ok: true; data: MessageDetail } | { ok: false; error: string } | null

type MessageDialogProps = {
  message: MessageRow | null
  onClose: () => void
  /** The control that opened it, focused again on closing. */
  returnFocus: React.RefObject<HTMLElement | null>
}

export function MessageDialog({ message, onClose, returnFocus }: MessageDialogProps) {
  const [loaded, setLoaded] = useState<Loaded>(null)

  useEffect(() => {
    if (!message) return
    setLoaded(null)
    const controller = new AbortController()
    fetchMessage(message.id, { signal: controller.signal })
      .then((data) => setLoaded({ ok: true, data }))
      .catch((error) => !isAbortError(error) && setLoaded({ ok: false, error: errorMessage(error) }))
    return () => controller.abort()
  }, [message])

  // The row's fields show at once; the text arrives with the detail.
  const shown = loaded?.ok ? loaded.data : message
  const state = shown ? statusOf(shown) : null
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-lg"
        onCloseAutoFocus={(event) => {
          if (!returnFocus.current?.isConnected) return
          event.preventDefault()
          returnFocus.current.focus()
        }}
      >
        <DialogHeader>
          <DialogTitle>{shown ? `${kindLabel(shown.kind)} to ${shown.name ?? shown.to}` : 'Message'}</DialogTitle>
          <DialogDescription>{shown && state ? statusHint(shown) : 'Loading the message…'}</DialogDescription>
        </DialogHeader>
        {shown && state && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <Field label="Channel">{shown.channel === 'sms' ? 'SMS' : 'E-mail'}</Field>
            <Field label="To">
              <span className="break-all">{shown.to || '—'}</span>
            </Field>
            <Field label="Kind">{kindLabel(shown.kind)}</Field>
            {shown.groupName && <Field label="Group">{shown.groupName}</Field>}
            <Field label="State">
              <Badge variant="outline" className={cn(TONES[state.tone])}>
                {state.label}
              </Badge>
            </Field>
            {shown.lastError && <Field label="Reason">{shown.lastError}</Field>}
            <Field label="Created">{formatWhen(shown.createdAt)}</Field>
            <Field label="Sent">{shown.sentAt ? formatWhen(shown.sentAt) : 'Not sent'}</Field>
            {shown.statusAt && <Field label={shown.status === 'kept' ? 'Kept' : 'Reported'}>{formatWhen(shown.statusAt)}</Field>}
            <Field label="Attempts">{shown.attempts}</Field>
          </dl>
        )}
        <section aria-label="Message text" className="grid gap-2">
          {loaded === null ? (
            <Skeleton className="h-24" />
          ) : !loaded.ok ? (
            <p role="alert" className="text-sm text-destructive">{`Failed to load the message: ${loaded.error}`}</p>
          ) : loaded.data.body === null ? (
            <p className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground">{loaded.data.bodyNote}</p>
          ) : (
            <>
              {loaded.data.subject && <p className="text-sm font-medium">{`Subject: ${loaded.data.subject}`}</p>}
              <p className="rounded-lg border bg-muted/30 p-3 text-sm whitespace-pre-wrap break-words">{loaded.data.body}</p>
            </>
          )}
        </section>
      </DialogContent>
    </Dialog>
  )
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  )
}
