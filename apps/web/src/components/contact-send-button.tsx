// A button that sends someone an SMS or an e-mail: disabled, with the reason as its tooltip and accessible
// description, when they have no phone number or e-mail address to send to (or another reason holds). Shared by the
// Users screen and the group detail so both say the same.
import { useId, type ComponentProps, type ReactNode } from 'react'

import { Button } from '@hearth/ui/components/button'

export type ContactChannel = 'sms' | 'email'

type Contact = { phone_number: string | null; email: string | null }

/** Why nothing can be sent to `contact` on `channel`, or null when it can. */
export function missingContactReason(channel: ContactChannel, contact: Contact): string | null {
  if (channel === 'sms') return contact.phone_number ? null : 'No phone number'
  return contact.email ? null : 'No email address'
}

type ContactSendButtonProps = Omit<ComponentProps<typeof Button>, 'disabled' | 'title'> & {
  channel: ContactChannel
  contact: Contact
  /** A reason that comes first (e.g. 'No subgroup yet'); null when there is none. */
  blockedBy?: string | null
  busy?: boolean
  /** The tooltip while it can send. */
  hint?: string
  children: ReactNode
}

export function ContactSendButton({ channel, contact, blockedBy = null, busy = false, hint, children, ...props }: ContactSendButtonProps) {
  const reasonId = useId()
  const reason = blockedBy ?? missingContactReason(channel, contact)
  return (
    <>
      <Button {...props} disabled={busy || reason !== null} title={reason ?? hint} aria-describedby={reason ? reasonId : undefined}>
        {children}
      </Button>
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  )
}
