import { describe, expect, test } from 'bun:test'

import { EventWaiters } from '@/voice/event-waiters'

type Event = { type: 'a'; n: number } | { type: 'b' }

describe('EventWaiters', () => {
  test('the next event of the type resolves every waiter for it; others keep waiting', async () => {
    const waiters = new EventWaiters<Event>()
    const first = waiters.wait('a', 1000, 'no a')
    const second = waiters.wait('a', 1000, 'no a')
    const other = waiters.wait('b', 1000, 'no b')
    waiters.settle({ type: 'a', n: 1 })
    expect(await first).toEqual({ type: 'a', n: 1 })
    expect(await second).toEqual({ type: 'a', n: 1 })
    expect(waiters.pendingCount).toBe(1)
    waiters.failAll(new Error('closed'))
    await expect(other).rejects.toThrow('closed')
    expect(waiters.pendingCount).toBe(0)
  })

  test('a wait nobody answers rejects with its message after the timeout', async () => {
    const waiters = new EventWaiters<Event>()
    const startedMs = performance.now()
    await expect(waiters.wait('b', 30, 'The server did not answer in time.')).rejects.toThrow('The server did not answer in time.')
    expect(performance.now() - startedMs).toBeGreaterThanOrEqual(25)
    expect(waiters.pendingCount).toBe(0)
  })
})
