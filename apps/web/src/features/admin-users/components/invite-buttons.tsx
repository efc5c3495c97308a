// A row's invite SMS and invite e-mail buttons (SPEC §2, texts of §8). Like the group blasts, each asks first: a
// dialog shows the recipient, the address and the text (the server's dry run), and says when it went before. A
// repeat the server refuses (PRODUCT §6: 409 with `alreadySent` and `sentAt`) is shown with its date and sent again
// only after the admin confirms. With no provider configured the toast says the message was kept in the outbox.
import { useState } from 'react'
import { LoaderCircle, Mail, MessageSquare, TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { ContactSendButton } from '@/components/contact-send-button'
import { MessagePreview } from '@/components/message-preview'
import {
  AlreadySentError,
  previewInvite,
  sendInvite,
  type AdminUser,
  type InviteChannel,
  type InvitePreview,
} from '@/features/admin-users/api'
import { errorMessage } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { notify } from '@/lib/notify'

const WORDS = {
  sms: { what: 'SMS', sent: (name: string) => `SMS sent to ${name}`, failed: 'Failed to send SMS' },
  email: { what: 'e-mail', sent: (name: string) => `Email sent to ${name}`, failed: 'Failed to send Email' },
} as const

type Refused = { channel: InviteChannel; error: AlreadySentError }
type Asking = { channel: InviteChannel; preview: InvitePreview }

export function InviteButtons({ user }: { user: AdminUser }) {
  const [busy, setBusy] = useState<InviteChannel | null>(null)
  const [asking, setAsking] = useState<Asking | null>(null)
  const [refused, setRefused] = useState<Refused | null>(null)
  const to = (channel: InviteChannel) => (channel === 'sms' ? user.phone_number : user.email)

  const ask = async (channel: InviteChannel) => {
    setBusy(channel)
    try {
      setAsking({ channel, preview: await previewInvite(channel, { userFile: user.fileName, to: to(channel) }) })
    } catch (error) {
      notify.error(WORDS[channel].failed, { description: failureText(channel, error) })
    } finally {
      setBusy(null)
    }
  }

  const send = async (channel: InviteChannel, force = false) => {
    setBusy(channel)
    try {
      const answer = await sendInvite(channel, { userFile: user.fileName, to: to(channel), force })
      setAsking(null)
      // SPEC's 'SMS sent to {name}' only for a real send; with no provider, the server's words say it was kept.
      const duplicate = answer.duplicate ? 'It was already on its way, so it was not sent twice.' : undefined
      if (answer.status === 'kept') notify.info(answer.message, { description: duplicate })
      else notify.success(WORDS[channel].sent(user.name), { description: duplicate ?? answer.message })
    } catch (error) {
      setAsking(null)
      if (error instanceof AlreadySentError) return setRefused({ channel, error })
      notify.error(WORDS[channel].failed, { description: failureText(channel, error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="flex gap-1">
      {/* Icons only, so the row fits its box; the name, tooltip and disabled reason say which is which. */}
      <ContactSendButton
        channel="sms"
        contact={user}
        busy={busy !== null}
        hint="Invite by SMS"
        variant="outline"
        size="icon"
        className="size-7"
        aria-label={`Invite ${user.name} by SMS`}
        onClick={() => ask('sms')}
      >
        <MessageSquare aria-hidden />
      </ContactSendButton>
      <ContactSendButton
        channel="email"
        contact={user}
        busy={busy !== null}
        hint="Invite by e-mail"
        variant="outline"
        size="icon"
        className="size-7"
        aria-label={`Invite ${user.name} by e-mail`}
        onClick={() => ask('email')}
      >
        <Mail aria-hidden />
      </ContactSendButton>
      {/* Mounted only when needed: a hundred rows need no hundred dialog roots. */}
      {asking && (
        <InviteDialog
          asking={asking}
          busy={busy !== null}
          onCancel={() => setAsking(null)}
          onSend={(force) => send(asking.channel, force)}
        />
      )}
      {refused && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setRefused(null)}
          title={`Send the invitation ${WORDS[refused.channel].what} again?`}
          description={alreadySentText(refused, user.name)}
          confirmLabel="Send again"
          onConfirm={() => send(refused.channel, true)}
        />
      )}
    </div>
  )
}

function InviteDialog({
  asking: { channel, preview },
  busy,
  onCancel,
  onSend,
}: {
  asking: Asking
  busy: boolean
  onCancel: () => void
  onSend: (force: boolean) => void
}) {
  const again = preview.alreadySent > 0
  const when = formatDateTime(preview.sentAt)
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle className="break-words">{`Send the invitation ${WORDS[channel].what} to ${preview.name}?`}</DialogTitle>
          <DialogDescription className="break-words">{`To ${preview.to}, with a personal link to ${preview.moduleName}.`}</DialogDescription>
        </DialogHeader>
        {again && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-300/60 bg-amber-50 p-3 text-sm text-amber-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            {`Already sent to ${preview.name}${when ? ` on ${when}` : ''}. Sending again reaches them a second time.`}
          </p>
        )}
        <MessagePreview label="The message" subject={preview.subject} body={preview.body} />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => onSend(again)} disabled={busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden />}
            {again ? 'Send again' : `Send ${channel === 'sms' ? 'SMS' : 'e-mail'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** "An invitation SMS was already sent to Ada, last on Mar 5, 2026, 2:05 PM." */
export function alreadySentText({ channel, error }: Refused, name: string): string {
  const when = formatDateTime(error.sentAt)
  const times = error.alreadySent > 1 ? ` ${error.alreadySent} times` : ''
  return `An invitation ${WORDS[channel].what} was already sent to ${name}${times}${when ? `, last on ${when}` : ''}.`
}

/** SPEC §8: the server's text when it gave one; for e-mail 'Unknown error while sending email' when nothing is known. */
const failureText = (channel: InviteChannel, error: unknown) =>
  errorMessage(error, channel === 'email' ? 'Unknown error while sending email' : 'Unknown error')
