// Live progress of a run (PRODUCT §10): read again about once a second while `live` says so, one request at a
// time (the next waits for the answer plus the interval, so a slow server is never stormed), and nothing after
// the screen closes or the run ends. A failed read is retried at the same pace and reported.
import { useEffect, useState } from 'react'

import { errorMessage, isAbortError } from '@/lib/http'

export const POLL_INTERVAL_MS = 1000

type PollingOptions<T> = {
  /** What is polled (a run id, a sequence name): a new key starts over from `initial`. */
  key: string
  initial: T
  load: (signal: AbortSignal) => Promise<T>
  live: (value: T) => boolean
  intervalMs?: number
}

export function usePolling<T>({ key, initial, load, live, intervalMs = POLL_INTERVAL_MS }: PollingOptions<T>) {
  const [state, setState] = useState({ key, initial, value: initial, error: null as string | null, reads: 0 })
  // A new key or new initial data (the route loaded again) replaces what was polled.
  const current = state.key === key && state.initial === initial ? state : { key, initial, value: initial, error: null, reads: 0 }
  if (current !== state) setState(current)
  const polling = live(current.value)

  useEffect(() => {
    if (!polling) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const value = await load(controller.signal)
        setState((s) => (s.key === key ? { ...s, value, error: null, reads: s.reads + 1 } : s))
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return
        setState((s) => (s.key === key ? { ...s, error: errorMessage(error), reads: s.reads + 1 } : s))
      }
    }, intervalMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `reads` re-arms the timer after each answer; `load` and `live` are read fresh from the closure then.
  }, [key, polling, current.reads, intervalMs])

  return { value: current.value, error: current.error, polling }
}
