// Promises for "the next event of this type", each with its own timeout (EVENT_TIMEOUT_MS by default), so a
// silent server turns into a clear error instead of a page that waits forever.

interface Waiter<E> {
  type: string
  resolve(event: E): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

export class EventWaiters<E extends { type: string }> {
  private waiters: Waiter<E>[] = []

  get pendingCount(): number {
    return this.waiters.length
  }

  /** Resolves with the next event of `type`; rejects with `timeoutMessage` after `timeoutMs`. */
  wait<T extends E['type']>(type: T, timeoutMs: number, timeoutMessage: string): Promise<Extract<E, { type: T }>> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter<E> = {
        type,
        resolve: (event) => resolve(event as Extract<E, { type: T }>),
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter)
          reject(new Error(timeoutMessage))
        }, timeoutMs),
      }
      this.waiters.push(waiter)
    })
  }

  /** Hands an arriving event to everyone waiting for its type. */
  settle(event: E): void {
    if (!this.waiters.some((waiter) => waiter.type === event.type)) return
    const matching = this.waiters.filter((waiter) => waiter.type === event.type)
    this.waiters = this.waiters.filter((waiter) => waiter.type !== event.type)
    for (const waiter of matching) {
      clearTimeout(waiter.timer)
      waiter.resolve(event)
    }
  }

  /** The connection is gone: every wait ends with `error`. */
  failAll(error: Error): void {
    const waiting = this.waiters
    this.waiters = []
    for (const waiter of waiting) {
      clearTimeout(waiter.timer)
      waiter.reject(error)
    }
  }
}
