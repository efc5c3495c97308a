import { atom } from 'jotai'

import { fetchCurrentStaff, login, logout, type Credentials, type Staff } from '@/features/auth/api'

// undefined: not asked yet; null: signed out.
const staffAtom = atom<Staff | null | undefined>(undefined)
// One /api/auth/me request at a time, shared by every caller (route guards run on each navigation and preload).
const pendingStaffAtom = atom<Promise<Staff | null> | null>(null)

/** The signed-in staff member (`{ email, role }`) or null. */
export const currentStaffAtom = atom((get) => get(staffAtom) ?? null)

/** Asks the server who is signed in, once; later calls answer from memory. */
export const loadStaffAtom = atom(null, async (get, set): Promise<Staff | null> => {
  const known = get(staffAtom)
  if (known !== undefined) return known
  const pending = get(pendingStaffAtom)
  if (pending) return pending

  const request = fetchCurrentStaff()
    .then((staff) => {
      set(staffAtom, staff)
      return staff
    })
    .catch((error: unknown) => {
      // Server unreachable or failing: behave as signed out now, but ask again on the next navigation.
      console.warn('Could not load the current session', error)
      return null
    })
    .finally(() => set(pendingStaffAtom, null))
  set(pendingStaffAtom, request)
  return request
})

export const signInAtom = atom(null, async (_get, set, credentials: Credentials) => {
  const staff = await login(credentials)
  set(staffAtom, staff)
  return staff
})

export const signOutAtom = atom(null, async (_get, set) => {
  await logout()
  set(staffAtom, null)
})

/** For any request that answers 401: the session ended on the server. */
export const markSignedOutAtom = atom(null, (_get, set) => set(staffAtom, null))
