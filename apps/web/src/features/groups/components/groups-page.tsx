// Admin Groups (SPEC §2 "Admin Groups screen", §8): groups searched by name and paged in SQL (100 a page, state in
// the URL), added through a dialog and deleted one call per selected group after a confirm.
import { useEffect, useMemo, useRef, useState } from 'react'
import { getRouteApi, Link, useRouter, useRouterState } from '@tanstack/react-router'
import { Plus, Trash2 } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { dataTableColumns } from '@/components/data-table/columns'
import { DataTable } from '@/components/data-table/data-table'
import { DataTablePagination } from '@/components/data-table/data-table-pagination'
import { pageCount } from '@/components/data-table/pagination-window'
import { deleteGroup, GROUPS_PAGE_SIZE, type GroupRow } from '@/features/groups/api'
import { AddGroupDialog } from '@/features/groups/components/add-group-dialog'
import { LoadFailed } from '@/components/load-failed'
import { SearchBox } from '@/components/search-box'
import { plural } from '@/features/groups/texts'
import { notify } from '@/lib/notify'
import { TablePageSkeleton } from '@/components/table-page-skeleton'

const route = getRouteApi('/_staff/_admin/groups')

const col = dataTableColumns<GroupRow>()
const columns = col.columns([
  col.accessor('name', {
    header: 'Group name',
    cell: ({ row }) => (
      <Link
        to="/groups/$groupId"
        params={{ groupId: row.original.id }}
        className="font-medium text-primary underline-offset-4 hover:underline"
      >
        {row.original.name}
      </Link>
    ),
  }),
  col.accessor('memberCount', {
    header: 'Number of users',
    cell: ({ getValue }) => getValue().toLocaleString(),
    meta: { align: 'end' },
  }),
])

const NO_GROUPS: GroupRow[] = []

export function GroupsPage() {
  const result = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()
  const pending = useRouterState({ select: (state) => state.status === 'pending' })

  const [selected, setSelected] = useState<string[]>([])
  const [adding, setAdding] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  // Names of the groups seen, so a failed deletion can say which group it was, whatever page it was on.
  const names = useRef(new Map<string, string>())

  const groups = result.ok ? result.data.groups : NO_GROUPS
  const total = result.ok ? result.data.total : 0
  const pages = pageCount(total, GROUPS_PAGE_SIZE)
  const page = search.page ?? 1
  const q = search.q ?? ''
  for (const group of groups) names.current.set(group.id, group.name)

  useEffect(() => {
    if (!result.ok) notify.error('Failed to load groups', { description: result.error })
  }, [result])

  useEffect(() => {
    // A page past the end (after deleting its groups, or a stale link): show the last page there is.
    if (result.ok && groups.length === 0 && page > 1 && pages > 0) void navigate({ search: (s) => ({ ...s, page: pages }), replace: true })
  }, [result])

  const goTo = (next: number) => navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })
  const searchFor = (text: string) => navigate({ search: (s) => ({ ...s, q: text || undefined, page: undefined }), replace: true })

  const deleteSelected = async () => {
    const ids = [...selected]
    const results = await Promise.allSettled(ids.map((id) => deleteGroup(id)))
    const failed = ids.filter((_, i) => results[i].status === 'rejected')
    const deleted = ids.length - failed.length
    if (failed.length) notify.error('Failed to delete group', { description: failed.map((id) => names.current.get(id) ?? id).join('\n') })
    if (deleted) notify.success(`Deleted ${plural(deleted, 'group')}`)
    setSelected(failed)
    await router.invalidate()
  }

  const selectedNames = useMemo(() => selected.map((id) => names.current.get(id) ?? id), [selected])

  return (
    <section className="grid min-w-0 gap-5" aria-labelledby="groups-title">
      <title>Groups · Hearth</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 id="groups-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Groups
          </h1>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {result.ok ? `${plural(total, 'group')}${q ? ` matching “${q}”` : ''}` : ' '}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add New Group
          </Button>
          <Button variant="outline" className="text-destructive" disabled={selected.length === 0} onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden />
            Delete Groups
          </Button>
        </div>
      </header>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <SearchBox label="Search by name" placeholder="e.g. Night Owls" value={q} onSearch={searchFor} />
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
        <div
          className={cn('min-w-0 rounded-xl border bg-card shadow-xs transition-opacity', pending && 'opacity-60')}
          aria-busy={pending || undefined}
        >
          <DataTable
            label="Groups"
            columns={columns}
            data={groups}
            getRowId={(group) => group.id}
            selectedIds={selected}
            onSelectedIdsChange={setSelected}
            rowLabel={(group) => group.name}
            emptyText={q ? 'No groups found' : 'No groups yet. Add the first one with Add New Group.'}
          />
        </div>
      ) : (
        <LoadFailed title="Failed to load groups" error={result.error} onRetry={() => router.invalidate()} />
      )}

      {result.ok && <DataTablePagination page={page} pageCount={pages} onPageChange={goTo} disabled={pending} />}

      <AddGroupDialog open={adding} onOpenChange={setAdding} onAdded={() => router.invalidate()} />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete selected groups?"
        description={`${selectedNames.join(', ')} will be deleted with their subgroups. The members stay as users.`}
        confirmLabel="Delete"
        destructive
        onConfirm={deleteSelected}
      />
    </section>
  )
}

/** Shown while the first page loads (the route's pendingComponent). */
export function GroupsPending() {
  return <TablePageSkeleton label="Loading groups" title="Groups · Hearth" rows={6} />
}
