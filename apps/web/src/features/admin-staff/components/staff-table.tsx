import { useMemo } from 'react'
import { MoreHorizontal } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Button } from '@hearth/ui/components/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@hearth/ui/components/dropdown-menu'

import { DataTable } from '@/components/data-table/data-table'
import { dataTableColumns } from '@/components/data-table/columns'
import type { StaffAccount } from '@/features/admin-staff/api'
import type { StaffActionKind } from '@/features/admin-staff/components/staff-action-texts'
import { formatDateTime } from '@/lib/dates'

type StaffTableProps = {
  accounts: StaffAccount[]
  /** The signed-in admin's e-mail: their row is marked '(you)'. */
  currentEmail: string | undefined
  onAction: (kind: StaffActionKind, account: StaffAccount) => void
  loading?: boolean
}

const formatDate = (value: Date | string | null) => formatDateTime(value) || 'Never'

const col = dataTableColumns<StaffAccount>()

export function StaffTable({ accounts, currentEmail, onAction, loading = false }: StaffTableProps) {
  const columns = useMemo(
    () =>
      col.columns([
        col.accessor('email', {
          header: 'E-mail',
          cell: ({ row }) => (
            <div className="grid gap-1.5 whitespace-normal">
              <span className="[overflow-wrap:anywhere]">
                <span className="font-medium">{row.original.email}</span>
                {row.original.email === currentEmail && <span className="ml-1.5 text-muted-foreground">(you)</span>}
              </span>
              {/* Phones: role and status under the e-mail, so the address keeps the width. */}
              <span className="flex gap-1.5 sm:hidden">
                <RoleBadge account={row.original} />
                <StatusBadge account={row.original} />
              </span>
            </div>
          ),
        }),
        col.accessor('role', {
          header: 'Role',
          meta: { className: 'hidden sm:table-cell' },
          cell: ({ row }) => <RoleBadge account={row.original} />,
        }),
        col.accessor('disabled', {
          header: 'Status',
          meta: { className: 'hidden sm:table-cell' },
          cell: ({ row }) => <StatusBadge account={row.original} />,
        }),
        col.accessor('lastSignInAt', {
          header: 'Last sign-in',
          meta: { className: 'hidden md:table-cell' },
          cell: ({ row }) => <span className="text-muted-foreground">{formatDate(row.original.lastSignInAt)}</span>,
        }),
        col.display({
          id: 'actions',
          header: () => <span className="sr-only">Actions</span>,
          meta: { align: 'end', className: 'w-12' },
          cell: ({ row }) => <RowActions account={row.original} onAction={onAction} />,
        }),
      ]),
    [currentEmail, onAction],
  )

  return (
    <DataTable
      label="Staff accounts"
      columns={columns}
      data={accounts}
      getRowId={(account) => account.id}
      loading={loading}
      skeletonRows={3}
      emptyText="No staff accounts yet."
    />
  )
}

function RoleBadge({ account }: { account: StaffAccount }) {
  return <Badge variant={account.role === 'admin' ? 'default' : 'secondary'}>{account.role === 'admin' ? 'Admin' : 'Operator'}</Badge>
}

function StatusBadge({ account }: { account: StaffAccount }) {
  return account.disabled ? (
    <Badge variant="outline" className="border-destructive/40 text-destructive">
      Disabled
    </Badge>
  ) : (
    <Badge variant="outline">Active</Badge>
  )
}

function RowActions({ account, onAction }: { account: StaffAccount; onAction: StaffTableProps['onAction'] }) {
  return (
    // Not modal: a confirm dialog opens from an item, and a modal menu would still hold the focus trap.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${account.email}`}>
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => onAction('reset', account)}>Reset password</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction(account.role === 'admin' ? 'make-operator' : 'make-admin', account)}>
          {account.role === 'admin' ? 'Make operator' : 'Make admin'}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction(account.disabled ? 'enable' : 'disable', account)}>
          {account.disabled ? 'Enable' : 'Disable'}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => onAction('delete', account)}>
          Delete
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
