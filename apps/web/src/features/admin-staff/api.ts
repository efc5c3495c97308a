// The staff-account calls of PRODUCT §9 (admins only).
import { client, unwrap } from '@/lib/api'

export const fetchStaffAccounts = (options: { signal?: AbortSignal } = {}) =>
  unwrap(client.api.staff.get({ fetch: { signal: options.signal } }))

export type StaffAccount = Awaited<ReturnType<typeof fetchStaffAccounts>>[number]
export type StaffRole = StaffAccount['role']

/** The server's 409 for an e-mail that looks like existing accounts' (`lookAlike`) or mixes alphabets: nothing was added. */
export class LookAlikeError extends Error {
  constructor(
    message: string,
    readonly lookAlike: string[],
  ) {
    super(message)
    this.name = 'LookAlikeError'
  }
}

/**
 * Without `password` the server generates one and answers it once as `generatedPassword`. A look-alike e-mail
 * rejects with LookAlikeError unless `confirm` is set (the admin was asked).
 */
export async function createStaffAccount(body: { email: string; role: StaffRole; password?: string; confirm?: true }) {
  let refused: LookAlikeError | null = null
  const checked = client.api.staff.post(body).then((result) => {
    const value = result.error?.value
    if (result.error?.status === 409 && value && typeof value === 'object' && 'lookAlike' in value && Array.isArray(value.lookAlike)) {
      refused = new LookAlikeError(String(value.error), value.lookAlike)
    }
    return result
  })
  try {
    return await unwrap(checked)
  } catch (error) {
    throw refused ?? error
  }
}

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
