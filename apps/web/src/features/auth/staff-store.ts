// Who is signed in as staff, in a tiny module store: the root route's guard reads it on every navigation, so
// it ships with the first page load; jotai (atoms.ts wraps this store) and the Eden client stay in screen chunks.
import type { client } from '@/lib/api'
import { getJson, isApiError } from '@/lib/http'

/** `{ email, role }` as the server sends it for GET /api/auth/me (the type Eden infers; role 'operator' | 'admin'). */
export type Staff = NonNullable<Awaited<ReturnType<typeof client.api.auth.me.get>>['data']>

/** The signed-in staff member, or null when signed out (the server answers 401). */
export async function fetchCurrentStaff(options?: { signal?: AbortSignal }): Promise<Staff | null> {
  try {
    return await getJson<Staff>('/api/auth/me', options)
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
}

export type StaffStore = ReturnType<typeof createStaffStore>

export function createStaffStore(fetchStaff = fetchCurrentStaff) {
  // undefined: not asked yet; null: signed out.
  let staff: Staff | null | undefined
  // One /api/auth/me request at a time, shared by every caller (route guards run on each navigation and preload).
  let pending: Promise<Staff | null> | null = null
  const listeners = new Set<() => void>()

  const set = (next: Staff | null) => {
    staff = next
    for (const listener of listeners) listener()
  }

  return {
    /** The signed-in staff member or null (also null before load() answered). */
    current: () => staff ?? null,
    set,
    /** Asks the server who is signed in, once; later calls answer from memory. */
    load(): Promise<Staff | null> {
      if (staff !== undefined) return Promise.resolve(staff)
      pending ??= fetchStaff()
        .then((answer) => {
          set(answer)
          return answer
        })
        .catch((error: unknown) => {
          // Server unreachable or failing: behave as signed out now, but ask again on the next navigation.
          console.warn('Could not load the current session', error)
          return null
        })
        .finally(() => {
          pending = null
        })
      return pending
    },
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
  }
}

/** The app's one staff store (the router's context carries it to the guards). */
export const staffStore = createStaffStore()
