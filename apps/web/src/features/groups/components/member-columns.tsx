// The members table's columns (SPEC §2 "Group detail"): contact, profile, subgroup, whether they met it (PRODUCT §11),
// and the per-member invitation and assignment notices, each disabled with its reason when there is nothing to send
// to (no phone, e-mail or subgroup). Below 768 px each member is a card (the table's `fit`): the name as its title,
// the contact, profile and whether they met side by side, the subgroup and the two rows of buttons full width.
import { Mail, MessageSquare } from 'lucide-react'

import { ContactSendButton } from '@/components/contact-send-button'
import { dataTableColumns } from '@/components/data-table/columns'
import type { Member } from '@/features/groups/api'
import { loopAskText } from '@/features/groups/loop-texts'
import type { MemberSend } from '@/features/groups/send-api'

export type SendHandler = (member: Member, send: MemberSend) => void
export type BusyCheck = (member: Member) => boolean

const col = dataTableColumns<Member>()
const dash = <span className="text-muted-foreground">—</span>

export function memberColumns(onSend: SendHandler, isBusy: BusyCheck) {
  return col.columns([
    col.accessor('name', {
      header: 'Name',
      meta: { card: 'title' },
      cell: ({ getValue }) => <span className="font-medium">{getValue()}</span>,
    }),
    col.accessor('email', {
      header: 'Email',
      meta: { card: 'wide' },
      cell: ({ getValue }) => <span className="[overflow-wrap:anywhere]">{getValue() || dash}</span>,
    }),
    col.accessor('phone_number', {
      header: 'Phone',
      cell: ({ getValue }) => (getValue() ? <span className="tabular-nums">{getValue()}</span> : dash),
    }),
    col.accessor((m) => (m.profile_for_group.trim() ? 'Yes' : 'No'), {
      id: 'profile',
      header: 'Profile',
      cell: ({ getValue }) => <span className={getValue() === 'Yes' ? undefined : 'text-muted-foreground'}>{getValue()}</span>,
    }),
    col.accessor('subgroup', {
      header: 'Subgroup',
      meta: { card: 'wide', className: 'max-md:order-1' },
      cell: ({ getValue }) => {
        const subgroup = getValue()
        if (!subgroup) return dash
        return (
          <div className="grid max-w-72 min-w-44 gap-0.5 whitespace-normal max-md:max-w-none max-md:min-w-0">
            <span className="font-medium">{subgroup.subgroupName}</span>
            {subgroup.userDescription && (
              <span className="line-clamp-2 text-xs text-muted-foreground" title={subgroup.userDescription}>
                {subgroup.userDescription}
              </span>
            )}
          </div>
        )
      },
    }),
    col.accessor('loop', {
      header: 'Met?',
      cell: ({ getValue }) => {
        const { met, metAgain } = getValue()
        if (!met && !metAgain) return dash
        return (
          <div className="grid min-w-36 gap-0.5 text-xs max-md:min-w-0">
            <span className={met?.answer ? 'font-medium' : 'text-muted-foreground'}>{loopAskText(met)}</span>
            {metAgain && (
              <span className={metAgain.answer ? 'font-medium' : 'text-muted-foreground'}>{`Again: ${loopAskText(metAgain)}`}</span>
            )}
          </div>
        )
      },
    }),
    col.display({
      id: 'invite',
      header: 'Invite',
      meta: { card: 'wide', className: 'max-md:order-2' },
      cell: ({ row }) => {
        const m = row.original
        return (
          <div className="flex gap-1">
            <ContactSendButton
              channel="sms"
              contact={m}
              busy={isBusy(m)}
              variant="outline"
              size="sm"
              className="h-7"
              aria-label={`Invite ${m.name} by SMS`}
              onClick={() => onSend(m, { kind: 'invite', channel: 'sms' })}
            >
              <MessageSquare aria-hidden />
              SMS
            </ContactSendButton>
            <ContactSendButton
              channel="email"
              contact={m}
              busy={isBusy(m)}
              variant="outline"
              size="sm"
              className="h-7"
              aria-label={`Invite ${m.name} by e-mail`}
              onClick={() => onSend(m, { kind: 'invite', channel: 'email' })}
            >
              <Mail aria-hidden />
              E-mail
            </ContactSendButton>
          </div>
        )
      },
    }),
    col.display({
      id: 'assign',
      header: 'Assignment',
      meta: { card: 'wide', className: 'max-md:order-3' },
      cell: ({ row }) => {
        const m = row.original
        const noSubgroup = m.subgroup ? null : 'No subgroup yet'
        return (
          <div className="flex gap-1">
            <ContactSendButton
              channel="sms"
              contact={m}
              blockedBy={noSubgroup}
              busy={isBusy(m)}
              variant="outline"
              size="sm"
              className="h-7"
              onClick={() => onSend(m, { kind: 'assign', channel: 'sms' })}
            >
              Assign SMS
            </ContactSendButton>
            <ContactSendButton
              channel="email"
              contact={m}
              blockedBy={noSubgroup}
              busy={isBusy(m)}
              variant="outline"
              size="sm"
              className="h-7"
              onClick={() => onSend(m, { kind: 'assign', channel: 'email' })}
            >
              Assign E-mail
            </ContactSendButton>
          </div>
        )
      },
    }),
  ])
}
