// The calls of the admin Users screen (SPEC §2 "Admin Users screen", §7): one page of users sorted and searched in
// SQL, deletion, group memberships and invitations.
import { USER_SORT_KEYS } from '@/features/admin-users/search'
import { client, unwrap } from '@/lib/api'
import type { SortParam } from '@/lib/search-params'
import { fetchRealtimeProvider } from '@/voice/staff-api'

export { USER_SORT_KEYS }

/** SPEC §9: table page size. */
export const USERS_PAGE_SIZE = 100

export type UserSortKey = (typeof USER_SORT_KEYS)[number]

export type UsersQuery = { page?: number; sort?: SortParam<UserSortKey>; q?: string }

/** SPEC §9 "Default module for the SMS blast when none is chosen". */
export const DEFAULT_INVITE_MODULE = 'Get to Know You'

export async function fetchUsersPage({ page = 1, sort, q }: UsersQuery, signal?: AbortSignal) {
  const data = await unwrap(
    client.api['get-all-users-info'].get({
      query: { page, pageSize: USERS_PAGE_SIZE, ...(sort ? { sort } : {}), ...(q ? { q } : {}) },
      fetch: { signal },
    }),
  )
  // With a query the server always answers the paged form; the unpaged list is SPEC's call without one.
  return Array.isArray(data) ? { users: data, total: data.length } : data
}

export type UsersPage = Awaited<ReturnType<typeof fetchUsersPage>>
export type AdminUser = UsersPage['users'][number]

/** The route's loader: a failure is kept (the page shows it with a retry), not thrown. */
export async function loadUsers(query: UsersQuery, signal: AbortSignal) {
  try {
    // The realtime provider labels the Cost column: the local one's conversations cost $0 (PRODUCT §12).
    const [page, provider] = await Promise.all([fetchUsersPage(query, signal), fetchRealtimeProvider({ signal })])
    return { ok: true as const, page, provider }
  } catch (error) {
    return { ok: false as const, error: error instanceof Error && error.message ? error.message : 'Unknown error' }
  }
}

export const deleteUser = (fileName: string) => unwrap(client.api['delete-user']({ fileName }).delete())

/** Every group as `{ id, name }` (GET /api/get-groups without a query answers SPEC's plain list). */
export async function fetchGroups(signal?: AbortSignal) {
  const data = await unwrap(client.api['get-groups'].get({ query: {}, fetch: { signal } }))
  const groups = Array.isArray(data) ? data : data.groups
  return groups.map(({ id, name }) => ({ id, name }))
}

export type GroupOption = Awaited<ReturnType<typeof fetchGroups>>[number]

export const addUserToGroup = (groupId: string, userFile: string) => unwrap(client.api['add-user-to-group'].post({ groupId, userFile }))

export const removeUserFromGroup = (groupId: string, userFile: string) =>
  unwrap(client.api['remove-user-from-group'].post({ groupId, userFile }))

// ---- Invitations ----

export type InviteChannel = 'sms' | 'email'

/** A repeated send the server refused (PRODUCT §6: 409 `{ error, alreadySent, sentAt }` unless `force: true`). */
export class AlreadySentError extends Error {
  constructor(
    message: string,
    readonly alreadySent: number,
    readonly sentAt: string | null,
  ) {
    super(message)
    this.name = 'AlreadySentError'
  }
}

/** The 409 body of an already-sent message, or null for any other answer (e.g. the 409 of an opted-out user). */
export function alreadySentOf(status: number, value: unknown): AlreadySentError | null {
  if (status !== 409 || !value || typeof value !== 'object' || !('alreadySent' in value)) return null
  const body = value as { error?: unknown; alreadySent?: unknown; sentAt?: unknown }
  const count = typeof body.alreadySent === 'number' ? body.alreadySent : body.alreadySent === true ? 1 : 0
  if (count <= 0) return null
  const error = typeof body.error === 'string' && body.error ? body.error : 'Already sent'
  // The typed client turns ISO dates into Date objects.
  const sentAt = body.sentAt instanceof Date ? body.sentAt.toISOString() : typeof body.sentAt === 'string' ? body.sentAt : null
  return new AlreadySentError(error, count, sentAt)
}

type InviteInput = { userFile: string; to: string | null; moduleName?: string; force?: boolean }

/** POST /api/invitations/preview: what the invitation would say and where it would go; nothing is sent. */
export const previewInvite = (channel: InviteChannel, { userFile, to, moduleName = DEFAULT_INVITE_MODULE }: InviteInput) =>
  unwrap(client.api.invitations.preview.post({ userFile, channel, to, moduleName }))

export type InvitePreview = Awaited<ReturnType<typeof previewInvite>>

/**
 * Sends one invitation. Resolves to the server's answer; a refused repeat rejects with AlreadySentError (so the
 * screen can ask before sending again with `force`), any other failure with the ApiError of `unwrap`.
 */
export async function sendInvite(channel: InviteChannel, { userFile, to, moduleName = DEFAULT_INVITE_MODULE, force }: InviteInput) {
  // Built apart from the call: `force` is PRODUCT §6's resend flag, which the body schema may not list yet.
  const extra = force ? { force: true } : {}
  const call =
    channel === 'sms'
      ? client.api.twilio['send-invite-sms'].post({ userFile, phoneNumber: to, moduleName, ...extra })
      : client.api['send-invite-email'].post({ userFile, email: to, moduleName, ...extra })
  let refused: AlreadySentError | null = null
  const checked = call.then((result) => {
    if (result.error) refused = alreadySentOf(result.error.status as number, result.error.value)
    return result
  })
  try {
    return await unwrap(checked)
  } catch (error) {
    throw refused ?? error
  }
}

// ---- Personal links and data export (PRODUCT §3, §7) ----

/** POST /api/revoke-user-links → `{ revoked, signedOut, liveSessionsEnded }`. */
export const revokeLinks = (userFile: string) => unwrap(client.api['revoke-user-links'].post({ userFile }))

export type Revoked = Awaited<ReturnType<typeof revokeLinks>>

/** The name of the downloaded export: the user's file name, marked as an export. */
export const exportFileName = (fileName: string) => `hearth-export-${fileName.endsWith('.json') ? fileName : `${fileName}.json`}`

/** GET /api/export-user/{fileName}, saved by the browser as a JSON file. */
export async function downloadUserExport(fileName: string) {
  const data = await unwrap(client.api['export-user']({ fileName }).get())
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: exportFileName(fileName) })
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
