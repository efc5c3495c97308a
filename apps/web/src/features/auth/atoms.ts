// The staff session for screens, in jotai: a view of staff-store.ts (which the route guards read without jotai).
import { atom, getDefaultStore } from 'jotai'

import { login, logout, type Credentials, type Staff } from '@/features/auth/api'
import { staffStore } from '@/features/auth/staff-store'

// Bumped whenever the staff store changes, so derived atoms re-read it (mounted or not).
const staffVersionAtom = atom(0)
staffStore.subscribe(() => getDefaultStore().set(staffVersionAtom, (version) => version + 1))

/** The signed-in staff member (`{ email, role }`) or null. */
export const currentStaffAtom = atom((get): Staff | null => {
  get(staffVersionAtom)
  return staffStore.current()
})

/** Asks the server who is signed in, once; later calls answer from memory. */
export const loadStaffAtom = atom(null, (): Promise<Staff | null> => staffStore.load())

export const signInAtom = atom(null, async (_get, _set, credentials: Credentials) => {
  const staff = await login(credentials)
  staffStore.set(staff)
  return staff
})

export const signOutAtom = atom(null, async () => {
  await logout()
  staffStore.set(null)
})

/** For any request that answers 401: the session ended on the server. */
export const markSignedOutAtom = atom(null, () => staffStore.set(null))
