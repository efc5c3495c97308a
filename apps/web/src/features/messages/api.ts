// The calls of the admin Messages view (PRODUCT §6, §9 `GET /api/messages`), through the typed client.
import type { MessagesSearch } from '@/features/messages/labels'
import { client, errorMessage, isAbortError, unwrap } from '@/lib/api'

/** SPEC §9: table page size 100. */
export const MESSAGES_PAGE_SIZE = 100

/** GET /api/messages, paged form: `{ messages, total, groups }`, newest first, filtered by group, kind and state. */
export async function fetchMessages(search: MessagesSearch, options: { signal?: AbortSignal } = {}) {
  const answer = await unwrap(
    client.api.messages.get({
      query: { page: search.page ?? 1, pageSize: MESSAGES_PAGE_SIZE, status: search.status, kind: search.kind, groupId: search.groupId },
      fetch: { signal: options.signal },
    }),
  )
  // With `page` the server always answers the paged form; the list form is for older clients.
  if (Array.isArray(answer)) return { messages: answer, total: answer.length, groups: [] }
  return answer
}

export type MessagesPage = Awaited<ReturnType<typeof fetchMessages>>
export type MessageRow = MessagesPage['messages'][number]

/** The route's loader: a failure becomes an error state on the page, not a broken route. */
export async function loadMessages(search: MessagesSearch, signal: AbortSignal) {
  try {
    return { ok: true as const, data: await fetchMessages(search, { signal }) }
  } catch (error) {
    if (isAbortError(error)) throw error
    return { ok: false as const, error: errorMessage(error) }
  }
}

/** GET /api/messages/{id}: one message with what it said, or why its text is no longer kept (PRODUCT §7). */
export const fetchMessage = (id: number, options: { signal?: AbortSignal } = {}) =>
  unwrap(client.api.messages({ id }).get({ fetch: { signal: options.signal } }))

export type MessageDetail = Awaited<ReturnType<typeof fetchMessage>>
