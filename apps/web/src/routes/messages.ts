// /admin-messages (PRODUCT §6 "Admins see each message's state"): the outbox, newest first, paged on the server and
// filtered by group, kind and state; page and filters live in the URL. The feature's calls are imported on demand,
// like the screen, so visitors' pages never download staff code.
import { createLazyRoute, createRoute } from '@tanstack/react-router'

import type { MessageKind, MessagesSearch, MessageStatus } from '@/features/messages/labels'
import { parsePage } from '@/lib/search-params'
import { adminRoute } from '@/routes/admin'

const STATUSES: readonly MessageStatus[] = ['queued', 'sending', 'sent', 'kept', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown']
const KINDS: readonly MessageKind[] = ['invite-sms', 'invite-email', 'assignment-sms', 'assignment-email', 'recap', 'tagline', 'reminder']

const oneOf = <T extends string>(values: readonly T[], value: unknown) => values.find((v) => v === value)

/** Whatever the address bar holds, as safe filters; defaults are left out so plain links stay clean. */
export function messagesSearch(search: Record<string, unknown>): MessagesSearch {
  const page = parsePage(search.page)
  const status = oneOf(STATUSES, search.status)
  const kind = oneOf(KINDS, search.kind)
  const groupId = typeof search.groupId === 'string' && search.groupId.trim() ? search.groupId.trim().slice(0, 200) : undefined
  return { ...(page > 1 ? { page } : {}), ...(status ? { status } : {}), ...(kind ? { kind } : {}), ...(groupId ? { groupId } : {}) }
}

export const messagesRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: '/admin-messages',
  validateSearch: (search: Record<string, unknown>) => messagesSearch(search),
  loaderDeps: ({ search }) => ({ page: search.page, status: search.status, kind: search.kind, groupId: search.groupId }),
  loader: async ({ deps, abortController }) => (await import('@/features/messages/api')).loadMessages(deps, abortController.signal),
  // Messages change state by themselves (sent, delivered): coming back always re-reads the page.
  staleTime: 0,
  pendingMs: 300,
}).lazy(() =>
  import('@/features/messages/components/messages-page').then((m) =>
    createLazyRoute('/_staff/_admin/admin-messages')({ component: m.MessagesPage, pendingComponent: m.MessagesPending }),
  ),
)
