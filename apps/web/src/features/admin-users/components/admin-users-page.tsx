// Admin Users (SPEC §2 "Admin Users screen", §8): every user, searched, sorted and paged in SQL (100 a page, state in
// the URL), with deletion, group memberships, invitations, quiz summaries and analytics per row.
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentProps, type ReactNode } from 'react'
import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router'
import { Link2Off, Trash2, UserPlus } from 'lucide-react'

import { Button, buttonVariants } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { DataTable } from '@/components/data-table/data-table'
import { DataTablePagination } from '@/components/data-table/data-table-pagination'
import { pageCount } from '@/components/data-table/pagination-window'
import { LoadFailed } from '@/components/load-failed'
import { SearchBox } from '@/components/search-box'
import { TablePageSkeleton } from '@/components/table-page-skeleton'
import { UserList } from '@/components/user-list'
import { deleteUser, USER_SORT_KEYS, USERS_PAGE_SIZE, type AdminUser } from '@/features/admin-users/api'
import { GroupPickerDialog } from '@/features/admin-users/components/group-picker-dialog'
import { userColumns, type UserDialog } from '@/features/admin-users/components/user-columns'
import { RevokeLinksDialog } from '@/features/admin-users/components/revoke-links-dialog'
import { AnalyticsDialog, ProfileDialog, QuizSummariesDialog } from '@/features/admin-users/components/user-dialogs'
import { formatSort, parseSort, type Sort } from '@/lib/search-params'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/admin-users')

const NO_USERS: AdminUser[] = []

export function AdminUsersPage() {
  const result = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()

  const [selected, setSelected] = useState<string[]>([])
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [dialog, setDialog] = useState<{ kind: UserDialog; user: AdminUser } | null>(null)
  const [revoking, setRevoking] = useState<AdminUser[] | null>(null)
  // The users seen, so the dialogs can name the selected ones (and tell same-named ones apart) whatever page they
  // were on, and a failed deletion can say whom it failed for.
  const seen = useRef(new Map<string, AdminUser>())

  const users = result.ok ? result.page.users : NO_USERS
  const total = result.ok ? result.page.total : 0
  const pages = pageCount(total, USERS_PAGE_SIZE)
  const page = search.page ?? 1
  const sort = useMemo(() => parseSort(search.sort, USER_SORT_KEYS), [search.sort])
  const q = search.q ?? ''
  for (const user of users) seen.current.set(user.fileName, user)
  const selectedUsers = selected.flatMap((id) => seen.current.get(id) ?? [])

  const open = useCallback((kind: UserDialog, user: AdminUser) => (kind === 'revoke' ? setRevoking([user]) : setDialog({ kind, user })), [])
  const columns = useMemo(() => userColumns(open), [open])

  useEffect(() => {
    // SPEC §8 names this text for a failed users load too.
    if (!result.ok) notify.error('Failed to load prompts', { description: result.error })
  }, [result])

  useEffect(() => {
    // A page past the end (after deleting its users, or a stale link): show the last page there is.
    if (result.ok && users.length === 0 && page > 1 && pages > 0) void navigate({ search: (s) => ({ ...s, page: pages }), replace: true })
  }, [result])

  const goTo = (next: number) => navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })
  // A new order starts at page 1; the column id is the server's sort key (parsed again, so only those reach the URL).
  const sortBy = useCallback(
    (next: Sort | null) =>
      navigate({ search: (s) => ({ ...s, sort: formatSort(parseSort(formatSort(next), USER_SORT_KEYS)), page: undefined }) }),
    [navigate],
  )
  const searchFor = (text: string) => navigate({ search: (s) => ({ ...s, q: text || undefined, page: undefined }), replace: true })

  const deleteSelected = async () => {
    const ids = [...selected]
    const results = await Promise.allSettled(ids.map((fileName) => deleteUser(fileName)))
    const failed = ids.filter((_, i) => results[i].status === 'rejected')
    if (failed.length === 0) notify.success('Users deleted successfully')
    else notify.error('Failed to delete users', { description: failed.map((id) => seen.current.get(id)?.name ?? id).join('\n') })
    setSelected(failed)
    await router.invalidate()
  }

  const closeDialog = () => setDialog(null)

  // Rendering 100 rows is the costly part of this screen: the table re-renders only when its rows, order or
  // selection change, not when a dialog opens or a navigation starts (see PendingFade).
  const tableElement = useMemo(
    () => (
      <DataTable
        label="Users"
        columns={columns}
        data={users}
        getRowId={rowId}
        sort={sort}
        onSortChange={sortBy}
        selectedIds={selected}
        onSelectedIdsChange={setSelected}
        rowLabel={rowName}
        emptyText={q ? 'No users found' : <NoUsersYet />}
        fit
      />
    ),
    [columns, users, sort, sortBy, selected, q],
  )

  return (
    // min-w-0: the wide table scrolls inside its card instead of widening the page.
    <section className="grid min-w-0 gap-5" aria-labelledby="users-title">
      <title>Users · Hearth</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="users-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Users
          </h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {result.ok ? `${total.toLocaleString()} ${total === 1 ? 'user' : 'users'}${q ? ` matching “${q}”` : ''}` : ' '}
            {result.ok && result.provider === 'local' && <span data-testid="cost-provider"> · Cost: local provider: $0</span>}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/profile-manager" className={buttonVariants()}>
            <UserPlus aria-hidden />
            Add New User
          </Link>
          <Button variant="outline" disabled={selected.length === 0} onClick={() => setRevoking(selectedUsers)}>
            <Link2Off aria-hidden />
            Revoke links
          </Button>
          <Button variant="outline" className="text-destructive" disabled={selected.length === 0} onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden />
            Delete Users
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox label="Search by name or phone" placeholder="Name, e-mail or phone" value={q} onSearch={searchFor} />
        {selected.length > 0 && (
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {selected.length} selected{' '}
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setSelected([])}>
              Clear selection
            </Button>
          </p>
        )}
      </div>

      {result.ok ? (
        <PendingFade>{tableElement}</PendingFade>
      ) : (
        <LoadFailed title="The users could not be loaded" error={result.error} onRetry={() => router.invalidate()} />
      )}

      {result.ok && <Pagination page={page} pageCount={pages} onPageChange={goTo} />}

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete selected users?"
        description={`${selected.length} ${selected.length === 1 ? 'user' : 'users'} will be deleted with everything stored about them. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={deleteSelected}
      >
        <UserList users={selectedUsers} label="Users to delete" />
      </ConfirmDialog>
      {revoking && <RevokeLinksDialog users={revoking} onClose={() => setRevoking(null)} />}
      {dialog?.kind === 'profile' && <ProfileDialog user={dialog.user} onClose={closeDialog} />}
      {dialog?.kind === 'quizzes' && <QuizSummariesDialog user={dialog.user} onClose={closeDialog} />}
      {dialog?.kind === 'analytics' && <AnalyticsDialog user={dialog.user} onClose={closeDialog} />}
      {(dialog?.kind === 'add-group' || dialog?.kind === 'remove-group') && (
        <GroupPickerDialog user={dialog.user} mode={dialog.kind === 'add-group' ? 'add' : 'remove'} onClose={closeDialog} />
      )}
    </section>
  )
}

const rowId = (user: AdminUser) => user.fileName
const rowName = (user: AdminUser) => user.name

const useNavigating = () => useRouterState({ select: (state) => state.status === 'pending' })

/** Dims the table while the next page loads; its own subscription, so the table itself does not re-render. */
function PendingFade({ children }: { children: ReactNode }) {
  const pending = useNavigating()
  return (
    <div
      className={cn('min-w-0 rounded-xl border bg-card shadow-xs transition-opacity', pending && 'opacity-60')}
      aria-busy={pending || undefined}
    >
      {children}
    </div>
  )
}

function Pagination(props: Omit<ComponentProps<typeof DataTablePagination>, 'disabled'>) {
  return <DataTablePagination {...props} disabled={useNavigating()} />
}

function NoUsersYet() {
  return (
    <span>
      No users yet.{' '}
      <Link to="/profile-manager" className="font-medium text-primary underline-offset-4 hover:underline">
        Add the first one
      </Link>
    </span>
  )
}

/** Shown while the first page loads (the route's pendingComponent). */
export function AdminUsersPending() {
  return <TablePageSkeleton label="Loading users" title="Users · Hearth" rows={8} />
}
