// The columns of the Users table (SPEC §2): the sortable ones carry the server's sort keys as ids; the buttons of a
// row open the screen's dialogs through `open`.
import { BarChart3, Minus, Plus } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'

import { dataTableColumns } from '@/components/data-table/columns'
import type { AdminUser } from '@/features/admin-users/api'
import { InviteButtons } from '@/features/admin-users/components/invite-buttons'
import { formatMinutes, visibleGroups } from '@/features/admin-users/format'
import { formatDateTime } from '@/lib/dates'

export type UserDialog = 'profile' | 'quizzes' | 'analytics' | 'add-group' | 'remove-group'

export type OpenUserDialog = (kind: UserDialog, user: AdminUser) => void

const col = dataTableColumns<AdminUser>()

const Empty = ({ label }: { label: string }) => (
  <span className="text-muted-foreground">
    <span aria-hidden>—</span>
    <span className="sr-only">{label}</span>
  </span>
)

export function userColumns(open: OpenUserDialog) {
  return col.columns([
    col.accessor('name', {
      id: 'name',
      header: 'Name',
      enableSorting: true,
      cell: (info) => <span className="font-medium whitespace-nowrap">{info.getValue()}</span>,
    }),
    col.accessor('email', {
      id: 'email',
      header: 'Email',
      enableSorting: true,
      cell: (info) => info.getValue() || <Empty label="No email" />,
    }),
    col.accessor('phone_number', {
      id: 'phone_number',
      header: 'Phone',
      enableSorting: true,
      cell: (info) =>
        info.getValue() ? <span className="whitespace-nowrap tabular-nums">{info.getValue()}</span> : <Empty label="No phone" />,
    }),
    col.display({
      id: 'profile',
      header: 'Profile for group',
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
      cell: ({ row }) => {
        const count = row.original.quizSummaries.length
        return count > 0 ? (
          <span className="inline-flex items-center gap-2 whitespace-nowrap">
            <Button variant="outline" size="sm" className="h-7" onClick={() => open('quizzes', row.original)}>
              View
            </Button>
            <span className="text-xs text-muted-foreground tabular-nums">{count}</span>
          </span>
        ) : (
          <Empty label="No quiz summaries" />
        )
      },
    }),
    col.display({
      id: 'groups',
      header: 'Groups',
      cell: ({ row }) => <GroupsCell user={row.original} open={open} />,
    }),
    col.display({
      id: 'invite',
      header: 'Invite',
      cell: ({ row }) => <InviteButtons user={row.original} />,
    }),
    col.accessor((user) => user.analytics.lastModuleUsed, {
      id: 'lastModuleUsed',
      header: 'Last module used',
      enableSorting: true,
      cell: (info) => (info.getValue() ? <span className="whitespace-nowrap">{info.getValue()}</span> : <Empty label="None" />),
    }),
    col.accessor((user) => user.analytics.lastConversationDate, {
      id: 'lastConversationDate',
      header: 'Last conversation',
      enableSorting: true,
      cell: (info) => {
        const iso = info.getValue()
        return iso ? (
          <time dateTime={iso} className="whitespace-nowrap">
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
      meta: { align: 'end' },
      cell: (info) => formatMinutes(info.getValue()),
    }),
    col.display({
      id: 'analytics',
      header: 'Analytics',
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="sm"
          className="h-7"
          disabled={!(row.original.analytics.totalDurationOfAllSections > 0)}
          onClick={() => open('analytics', row.original)}
        >
          <BarChart3 aria-hidden />
          More analytics
        </Button>
      ),
    }),
  ])
}

/** SPEC: the first 2 memberships, plus add and remove buttons that open the group picker. */
function GroupsCell({ user, open }: { user: AdminUser; open: OpenUserDialog }) {
  const { visible, more } = visibleGroups(user.groups)
  return (
    <div className="flex min-w-44 flex-wrap items-center gap-1">
      {visible.map((group) => (
        <Badge key={group.id} variant="secondary" className="max-w-36 truncate" title={group.name}>
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
      <span className="ml-auto inline-flex gap-0.5">
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
