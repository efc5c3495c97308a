// The staff-account calls of PRODUCT §9 (admins only).
import { client, unwrap } from '@/lib/api'

export const fetchStaffAccounts = (options: { signal?: AbortSignal } = {}) =>
  unwrap(client.api.staff.get({ fetch: { signal: options.signal } }))

export type StaffAccount = Awaited<ReturnType<typeof fetchStaffAccounts>>[number]
export type StaffRole = StaffAccount['role']

/** Without `password` the server generates one and answers it once as `generatedPassword`. */
export const createStaffAccount = (body: { email: string; role: StaffRole; password?: string }) => unwrap(client.api.staff.post(body))

export const updateStaffAccount = (id: string, body: { role?: StaffRole; disabled?: boolean; resetPassword?: true }) =>
  unwrap(client.api.staff({ id }).put(body))

export const deleteStaffAccount = (id: string) => unwrap(client.api.staff({ id }).delete())

/** The loader's answer: the accounts, or why they could not be read (shown in the page, with a retry). */
export async function loadStaffAccounts(signal: AbortSignal) {
  try {
    return { ok: true as const, accounts: await fetchStaffAccounts({ signal }) }
  } catch (error) {
    return { ok: false as const, error: error instanceof Error ? error.message : 'Unknown error' }
  }
}
