// The columns of the Users table (SPEC §2): the sortable ones carry the server's sort keys as ids; the buttons of a
// row open the screen's dialogs through `open`.
import { BarChart3, Minus, Plus } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'

import { dataTableColumns } from '@/components/data-table/columns'
import type { AdminUser } from '@/features/admin-users/api'
import { InviteButtons } from '@/features/admin-users/components/invite-buttons'
import { UserActionsMenu } from '@/features/admin-users/components/user-actions-menu'
import { formatMinutes, visibleGroups } from '@/features/admin-users/format'
import { formatDateTime } from '@/lib/dates'
import { formatUsd } from '@/lib/money'

export type UserDialog = 'profile' | 'quizzes' | 'analytics' | 'add-group' | 'remove-group' | 'revoke'

export type OpenUserDialog = (kind: UserDialog, user: AdminUser) => void

const col = dataTableColumns<AdminUser>()

const Empty = ({ label }: { label: string }) => (
  <span className="text-muted-foreground">
    <span aria-hidden>—</span>
    <span className="sr-only">{label}</span>
  </span>
)

/** An e-mail address that may break after its @ (a long one takes two short lines instead of one wide column). */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@')
  if (at < 0) return <span className="break-all">{email}</span>
  return (
    <span>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  )
}

/**
 * The table fits its box at 1366 px (and becomes cards below 768 px): long texts wrap instead of widening their
 * column, invitations are icon buttons, and the date, minutes and analytics share little room.
 */
export function userColumns(open: OpenUserDialog) {
  return col.columns([
    col.accessor('name', {
      id: 'name',
      header: 'Name',
      enableSorting: true,
      meta: { card: 'title' },
      cell: (info) => (
        <span className="block max-w-32 min-w-24 font-medium whitespace-normal [overflow-wrap:anywhere] max-md:max-w-none">
          {info.getValue()}
        </span>
      ),
    }),
    col.accessor('email', {
      id: 'email',
      header: 'Email',
      enableSorting: true,
      meta: { className: 'max-md:order-1', card: 'wide' },
      cell: (info) => {
        const email = info.getValue()
        return email ? (
          <span className="block max-w-36 min-w-34 whitespace-normal [overflow-wrap:anywhere] max-md:max-w-none">
            <EmailText email={email} />
          </span>
        ) : (
          <Empty label="No email" />
        )
      },
    }),
    col.accessor('phone_number', {
      id: 'phone_number',
      header: 'Phone',
      meta: { className: 'max-md:order-2' },
      enableSorting: true,
      cell: (info) =>
        info.getValue() ? <span className="whitespace-nowrap tabular-nums">{info.getValue()}</span> : <Empty label="No phone" />,
    }),
    col.display({
      id: 'profile',
      header: 'Profile for group',
      meta: { className: 'max-md:order-7' },
      cell: ({ row }) =>
        row.original.profile_for_group.trim() ? (
          <Button variant="outline" size="sm" className="h-7" onClick={() => open('profile', row.original)}>
            Yes
          </Button>
        ) : (
          <span className="text-muted-foreground">No</span>
        ),
    }),
    col.display({
      id: 'quizzes',
      header: 'Quiz summaries',
      meta: { className: 'max-md:order-8' },
      cell: ({ row }) => {
        const count = row.original.quizSummaries.length
        return count > 0 ? (
          <Button variant="outline" size="sm" className="h-7 gap-1.5 px-2" onClick={() => open('quizzes', row.original)}>
            View
            <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
          </Button>
        ) : (
          <Empty label="No quiz summaries" />
        )
      },
    }),
    col.display({
      id: 'groups',
      header: 'Groups',
      meta: { className: 'max-md:order-9', card: 'wide' },
      cell: ({ row }) => <GroupsCell user={row.original} open={open} />,
    }),
    col.display({
      id: 'invite',
      header: 'Invite',
      meta: { className: 'max-md:order-6' },
      cell: ({ row }) => <InviteButtons user={row.original} />,
    }),
    col.accessor((user) => user.analytics.lastModuleUsed, {
      id: 'lastModuleUsed',
      header: 'Last module used',
      meta: { className: 'max-md:order-4' },
      enableSorting: true,
      cell: (info) =>
        info.getValue() ? (
          <span className="block max-w-32 min-w-20 whitespace-normal [overflow-wrap:anywhere]">{info.getValue()}</span>
        ) : (
          <Empty label="None" />
        ),
    }),
    col.accessor((user) => user.analytics.lastConversationDate, {
      id: 'lastConversationDate',
      header: 'Last conversation',
      meta: { className: 'max-md:order-3' },
      enableSorting: true,
      cell: (info) => {
        const iso = info.getValue()
        return iso ? (
          <time dateTime={iso} className="block max-w-28 whitespace-normal max-md:max-w-none">
            {formatDateTime(iso)}
          </time>
        ) : (
          <Empty label="Never" />
        )
      },
    }),
    col.accessor((user) => user.analytics.totalDurationOfAllSections, {
      id: 'totalDurationOfAllSections',
      header: 'Total minutes',
      enableSorting: true,
      meta: { className: 'max-md:order-5', align: 'end' },
      // SPEC's "more analytics" sits beside the total it details (one narrow column instead of two).
      // What the member's conversations cost (PRODUCT §12, from the provider's usage reports) sits under their minutes:
      // a column of its own took the table past 1366 px.
      cell: ({ row, getValue }) => (
        <span className="inline-grid justify-items-end max-md:justify-items-start">
          <span className="inline-flex items-center justify-end gap-1 max-md:justify-start">
            {formatMinutes(getValue())}
            <Button
              variant="ghost"
              size="icon"
              className="size-7"
              aria-label="More analytics"
              title={getValue() > 0 ? 'More analytics' : 'No conversations yet'}
              disabled={!(getValue() > 0)}
              onClick={() => open('analytics', row.original)}
            >
              <BarChart3 aria-hidden />
            </Button>
          </span>
          <span className="text-xs whitespace-nowrap text-muted-foreground tabular-nums" title="What their conversations cost">
            <span className="sr-only">Cost </span>
            {formatUsd(row.original.analytics.costUsd ?? 0)}
          </span>
        </span>
      ),
    }),
    col.display({
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { className: 'max-md:order-10', label: 'Actions' },
      cell: ({ row }) => <UserActionsMenu user={row.original} onRevoke={(user) => open('revoke', user)} />,
    }),
  ])
}

/** SPEC: the first 2 memberships, plus add and remove buttons that open the group picker. */
function GroupsCell({ user, open }: { user: AdminUser; open: OpenUserDialog }) {
  const { visible, more } = visibleGroups(user.groups)
  return (
    <div className="flex min-w-24 flex-wrap items-center gap-1 max-md:min-w-0">
      {visible.map((group) => (
        <Badge key={group.id} variant="secondary" className="block max-w-24 truncate" title={group.name}>
          {group.name}
        </Badge>
      ))}
      {more > 0 && (
        <span
          className="text-xs text-muted-foreground"
          title={user.groups
            .slice(2)
            .map((g) => g.name)
            .join(', ')}
        >
          +{more} more
        </span>
      )}
      {user.groups.length === 0 && <span className="text-xs text-muted-foreground">No groups</span>}
      <span className="inline-flex gap-0.5">
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`Add ${user.name} to a group`}
          title="Add to a group"
          onClick={() => open('add-group', user)}
        >
          <Plus aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="size-7"
          aria-label={`Remove ${user.name} from a group`}
          title="Remove from a group"
          disabled={user.groups.length === 0}
          onClick={() => open('remove-group', user)}
        >
          <Minus aria-hidden />
        </Button>
      </span>
    </div>
  )
}
