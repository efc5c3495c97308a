import { client, isApiError, unwrap } from '@/lib/api'

export type Credentials = { email: string; password: string }

/** The signed-in staff member, or null when signed out (the server answers 401). */
export async function fetchCurrentStaff(options?: { signal?: AbortSignal }) {
  try {
    return await unwrap(client.api.auth.me.get({ fetch: { signal: options?.signal } }))
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
}

/** `{ email, role }` as the server sends it; role is 'operator' or 'admin'. */
export type Staff = NonNullable<Awaited<ReturnType<typeof fetchCurrentStaff>>>
export type StaffRole = Staff['role']

export const login = (credentials: Credentials) => unwrap(client.api.auth.login.post(credentials))

export async function logout() {
  try {
    await unwrap(client.api.auth.logout.post())
  } catch (error) {
    // Already signed out on the server (expired session): the goal is reached.
    if (!isApiError(error, 401)) throw error
  }
}
