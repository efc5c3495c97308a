// Admin Messages (PRODUCT §6: "Admins see each message's state"): the outbox newest first, 100 a page, filtered by
// group, kind and state (all in the URL). The list carries no bodies: a message opened in its dialog shows what it
// said while that is kept. A message cut off by a restart is 'Unknown', never retried by itself; one kept in the
// outbox (no provider configured) is 'Kept in outbox', never 'Sent'.
import { useEffect, useMemo, useRef, useState } from 'react'
import { getRouteApi, useRouter, useRouterState } from '@tanstack/react-router'
import { RefreshCw } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'
import { cn } from '@hearth/ui/lib/utils'

import { DataTable } from '@/components/data-table/data-table'
import { DataTablePagination } from '@/components/data-table/data-table-pagination'
import { pageCount } from '@/components/data-table/pagination-window'
import { MESSAGES_PAGE_SIZE, type MessageRow } from '@/features/messages/api'
import { LoadFailed } from '@/components/load-failed'
import { MessageFilters } from '@/features/messages/components/message-filters'
import { messageColumns } from '@/features/messages/components/message-columns'
import { MessageDialog } from '@/features/messages/components/message-dialog'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/admin-messages')

const NO_MESSAGES: MessageRow[] = []
const NO_GROUPS: Array<{ id: string; name: string }> = []
const LOADING_COLUMNS = messageColumns()

export function MessagesPage() {
  const result = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  const [refreshing, setRefreshing] = useState(false)
  const [opened, setOpened] = useState<MessageRow | null>(null)
  // Where focus goes back to when the dialog closes (the dialog has no trigger of its own).
  const opener = useRef<HTMLElement | null>(null)
  const columns = useMemo(
    () =>
      messageColumns((message, from) => {
        opener.current = from
        setOpened(message)
      }),
    [],
  )

  const messages = result.ok ? result.data.messages : NO_MESSAGES
  const total = result.ok ? result.data.total : 0
  const pages = pageCount(total, MESSAGES_PAGE_SIZE)
  const page = search.page ?? 1
  const filtered = Boolean(search.groupId || search.kind || search.status)

  useEffect(() => {
    if (!result.ok) notify.error('Failed to load messages', { description: result.error })
  }, [result])

  useEffect(() => {
    // A page past the end (a stale link): show the last page there is.
    if (result.ok && messages.length === 0 && page > 1 && pages > 0)
      void navigate({ search: (s) => ({ ...s, page: pages }), replace: true })
  }, [result])

  const refresh = async () => {
    setRefreshing(true)
    try {
      await router.invalidate()
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <section className="grid min-w-0 gap-5" aria-labelledby="messages-title">
      <title>Messages · Hearth</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="messages-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Messages
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">
            Every text and e-mail Hearth sends, newest first, and where each one stands.
          </p>
        </div>
        <Button variant="outline" onClick={refresh} disabled={refreshing}>
          <RefreshCw className={refreshing ? 'animate-spin' : undefined} aria-hidden />
          Refresh
        </Button>
      </header>

      <MessageFilters
        value={{ groupId: search.groupId, kind: search.kind, status: search.status }}
        groups={result.ok ? result.data.groups : NO_GROUPS}
        onChange={(next) => navigate({ search: { ...next, page: undefined } })}
      />

      {result.ok ? (
        <>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {total === 1
              ? `1 message${filtered ? ' matches these filters' : ''}`
              : `${total.toLocaleString()} messages${filtered ? ' match these filters' : ''}`}
          </p>
          <div
            className={cn('min-w-0 rounded-xl border bg-card shadow-xs transition-opacity', pending && 'opacity-60')}
            aria-busy={pending || undefined}
          >
            <DataTable
              label="Messages"
              columns={columns}
              data={messages}
              getRowId={(message) => String(message.id)}
              emptyText={filtered ? 'No messages match these filters.' : 'No messages yet. Invitations and notices appear here once sent.'}
            />
          </div>
          <DataTablePagination
            page={page}
            pageCount={pages}
            onPageChange={(next) => navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })}
            disabled={pending}
          />
        </>
      ) : (
        <LoadFailed title="Failed to load messages" error={result.error} onRetry={refresh} />
      )}
      <MessageDialog message={opened} onClose={() => setOpened(null)} returnFocus={opener} />
    </section>
  )
}

/** The first load's placeholder: the header, the filters and skeleton rows. */
export function MessagesPending() {
  return (
    <section className="grid gap-5" aria-busy="true" aria-label="Loading messages">
      <title>Messages · Hearth</title>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-40" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </div>
      <div className="rounded-xl border bg-card p-4 shadow-xs">
        <DataTable label="Messages" columns={LOADING_COLUMNS} data={NO_MESSAGES} getRowId={(m) => String(m.id)} loading skeletonRows={8} />
      </div>
    </section>
  )
}
