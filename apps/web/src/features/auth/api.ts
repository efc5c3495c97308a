import type { Staff } from '@/features/auth/staff-store'
import { client, isApiError, unwrap } from '@/lib/api'

export { fetchCurrentStaff, type Staff } from '@/features/auth/staff-store'

export type Credentials = { email: string; password: string }

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
