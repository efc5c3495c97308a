import { describe, expect, test } from 'bun:test'

import { createStaffStore, type Staff } from '@/features/auth/staff-store'

const admin = { email: 'admin@example.com', role: 'admin' } as Staff

describe('staff store', () => {
  test('asks the server once; callers share the request and later calls answer from memory', async () => {
    let asked = 0
    const store = createStaffStore(async () => {
      asked++
      await Bun.sleep(5)
      return admin
    })
    expect(store.current()).toBeNull()
    const [first, second] = await Promise.all([store.load(), store.load()])
    expect(first).toEqual(admin)
    expect(second).toEqual(admin)
    expect(await store.load()).toEqual(admin)
    expect(asked).toBe(1)
    expect(store.current()).toEqual(admin)
  })

  test('a failing server counts as signed out now and is asked again next time', async () => {
    let asked = 0
    const store = createStaffStore(async () => {
      if (++asked === 1) throw new Error('down')
      return admin
    })
    const warn = console.warn
    console.warn = () => undefined
    try {
      expect(await store.load()).toBeNull()
    } finally {
      console.warn = warn
    }
    expect(await store.load()).toEqual(admin)
    expect(asked).toBe(2)
  })

  test('sign-in and sign-out reach subscribers; signed out is remembered', async () => {
    let asked = 0
    const store = createStaffStore(async () => {
      asked++
      return null
    })
    const seen: (Staff | null)[] = []
    const unsubscribe = store.subscribe(() => seen.push(store.current()))
    store.set(admin)
    store.set(null)
    unsubscribe()
    store.set(admin)
    expect(seen).toEqual([admin, null])
    store.set(null)
    expect(await store.load()).toBeNull()
    expect(asked).toBe(0)
  })
})
