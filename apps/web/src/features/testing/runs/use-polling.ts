// Live progress of a run (PRODUCT §10): read again about once a second while `live` says so, one request at a
// time (the next waits for the answer plus the interval, so a slow server is never stormed), and nothing after
// the screen closes or the run ends. A failed read is reported and retried, waiting twice as long after each
// failure in a row (up to 30 s). `refresh()` reads once more now (after starting a run, say), live or not.
import { useCallback, useEffect, useState } from 'react'

import { errorMessage, isAbortError } from '@/lib/http'

export const POLL_INTERVAL_MS = 1000
const MAX_BACKOFF_MS = 30_000

type PollingOptions<T> = {
  /** What is polled (a run id, a sequence name): a new key starts over from `initial`. */
  key: string
  initial: T
  load: (signal: AbortSignal) => Promise<T>
  live: (value: T) => boolean
  intervalMs?: number
  /** The wait before the first read (0: read at once, for a list that starts empty). */
  firstDelayMs?: number
}

type State<T> = { key: string; initial: T; value: T; error: string | null; reads: number; failures: number; forced: boolean }

export function usePolling<T>({ key, initial, load, live, intervalMs = POLL_INTERVAL_MS, firstDelayMs }: PollingOptions<T>) {
  const fresh = (): State<T> => ({ key, initial, value: initial, error: null, reads: 0, failures: 0, forced: false })
  const [state, setState] = useState<State<T>>(fresh)
  // A new key or new initial data (the route loaded again) replaces what was polled.
  const current = state.key === key && state.initial === initial ? state : fresh()
  if (current !== state) setState(current)
  const polling = current.forced || live(current.value)
  const delayMs = current.forced
    ? 0
    : current.reads === 0 && firstDelayMs !== undefined
      ? firstDelayMs
      : pollDelayMs(intervalMs, current.failures)

  useEffect(() => {
    if (!polling) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      try {
        const value = await load(controller.signal)
        setState((s) => (s.key === key ? { ...s, value, error: null, reads: s.reads + 1, failures: 0, forced: false } : s))
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return
        setState((s) =>
          s.key === key ? { ...s, error: errorMessage(error), reads: s.reads + 1, failures: s.failures + 1, forced: false } : s,
        )
      }
    }, delayMs)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
    // `reads` re-arms the timer after each answer; `load` and `live` are read fresh from the closure then.
  }, [key, polling, current.reads, current.forced, delayMs])

  const refresh = useCallback(() => setState((s) => (s.key === key ? { ...s, forced: true } : s)), [key])
  return { value: current.value, error: current.error, polling, refresh }
}

/** The wait before the next read: the interval, doubled for each failure in a row, at most 30 s. */
export const pollDelayMs = (intervalMs: number, failures: number) => Math.min(MAX_BACKOFF_MS, intervalMs * 2 ** failures)
