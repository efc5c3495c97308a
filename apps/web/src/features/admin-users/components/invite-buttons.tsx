// A row's invite SMS and invite e-mail buttons (SPEC §2, texts of §8). A repeat the server refuses (PRODUCT §6: 409
// with `alreadySent` and `sentAt`) is shown with its date and sent again only after the admin confirms.
import { useState } from 'react'
import { Mail, MessageSquare } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { AlreadySentError, sendInvite, type AdminUser, type InviteChannel } from '@/features/admin-users/api'
import { errorMessage } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { notify } from '@/lib/notify'

const WORDS = {
  sms: { what: 'SMS', sent: (name: string) => `SMS sent to ${name}`, failed: 'Failed to send SMS' },
  email: { what: 'e-mail', sent: (name: string) => `Email sent to ${name}`, failed: 'Failed to send Email' },
} as const

type Refused = { channel: InviteChannel; error: AlreadySentError }

export function InviteButtons({ user }: { user: AdminUser }) {
  const [busy, setBusy] = useState<InviteChannel | null>(null)
  const [refused, setRefused] = useState<Refused | null>(null)

  const send = async (channel: InviteChannel, force = false) => {
    setBusy(channel)
    try {
      const answer = await sendInvite(channel, {
        userFile: user.fileName,
        to: channel === 'sms' ? user.phone_number : user.email,
        force,
      })
      notify.success(WORDS[channel].sent(user.name), {
        description: answer.duplicate ? 'It was already on its way, so it was not sent twice.' : answer.message,
      })
    } catch (error) {
      if (error instanceof AlreadySentError) return setRefused({ channel, error })
      notify.error(WORDS[channel].failed, { description: failureText(channel, error) })
    } finally {
      setBusy(null)
    }
  }

  return (
    <div className="flex gap-1">
      <Button
        variant="outline"
        size="sm"
        className="h-7"
        aria-label={`Invite ${user.name} by SMS`}
        title={user.phone_number ? undefined : 'No phone number'}
        disabled={busy !== null || !user.phone_number}
        onClick={() => send('sms')}
      >
        <MessageSquare aria-hidden />
        SMS
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="h-7"
        aria-label={`Invite ${user.name} by e-mail`}
        title={user.email ? undefined : 'No email address'}
        disabled={busy !== null || !user.email}
        onClick={() => send('email')}
      >
        <Mail aria-hidden />
        E-mail
      </Button>
      {/* Mounted only when needed: a hundred rows need no hundred dialog roots. */}
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

/** "An invitation SMS was already sent to Ada, last on Mar 5, 2026, 2:05 PM." */
export function alreadySentText({ channel, error }: Refused, name: string): string {
  const when = formatDateTime(error.sentAt)
  const times = error.alreadySent > 1 ? ` ${error.alreadySent} times` : ''
  return `An invitation ${WORDS[channel].what} was already sent to ${name}${times}${when ? `, last on ${when}` : ''}.`
}

/** SPEC §8: the server's text when it gave one; for e-mail 'Unknown error while sending email' when nothing is known. */
const failureText = (channel: InviteChannel, error: unknown) =>
  errorMessage(error, channel === 'email' ? 'Unknown error while sending email' : 'Unknown error')
