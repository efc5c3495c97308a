// When a dropped voice connection is tried again, and how (issue 10 §3 "Resume after a dropped connection"): which
// closes count as drops, the heartbeat that notices a dead socket nobody closed, and the retry loop with backoff.
// No sockets here: voice/resumable-socket.ts wires these to the worker's socket.
import { CLOSE_CODES } from '@hearth/protocol'

/** The relay closes a socket that sent nothing for ~10 s: a ping every 2 s keeps a quiet (muted) one alive. */
export const PING_EVERY_MS = 2_000
/** Nothing at all heard (no pong, no event) for this long: the socket is dead even if the browser has not noticed. */
export const SILENCE_MS = 6_000
/**
 * Retries go on this much past the relay's grace. The relay may notice a dead socket only at its idle timeout
 * (~12 s after the page did), and a reconnect after the grace still goes on, in a new session from a summary.
 */
export const RESUME_MARGIN_MS = 30_000
/** The grace the relay announces by default (hearth.resumable carries the real one). */
export const DEFAULT_GRACE_MS = 20_000
/** Our close code for a socket the page gave up on (silent or offline); the relay keeps the session waiting. */
export const PAGE_DROPPED_CODE = 4100

const BACKOFF_MS = [250, 500, 1_000, 2_000, 4_000] as const
/** 4005 (resumeElsewhere) is tried again at once, but not forever in a tight loop. */
const IMMEDIATE_RETRIES = 5

/** The relay's final answers: the session is over (or refused), trying again would not bring it back. */
const FINAL_CODES: ReadonlySet<number> = new Set([
  CLOSE_CODES.normal,
  CLOSE_CODES.policy,
  CLOSE_CODES.upstreamFailed,
  CLOSE_CODES.tooManySessions,
  CLOSE_CODES.replaced,
  CLOSE_CODES.timeLimit,
  CLOSE_CODES.dailyLimit,
  CLOSE_CODES.signedOut,
  CLOSE_CODES.staffLimit,
  CLOSE_CODES.takenOver,
])

export type CloseVerdict = 'final' | 'drop' | 'retry-now'

/** What a close means for the conversation: over, dropped (reconnect with backoff), or "connect again at once". */
export function closeVerdict(code: number): CloseVerdict {
  if (code === CLOSE_CODES.resumeElsewhere) return 'retry-now'
  return FINAL_CODES.has(code) ? 'final' : 'drop'
}

/** The wait before retry `attempt` (0-based): 250 ms doubling to 4 s, each ±20% so many pages do not retry in step. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_MS[Math.min(Math.max(0, attempt), BACKOFF_MS.length - 1)]
  return Math.round(base * (0.8 + 0.4 * random()))
}

export interface HeartbeatOptions {
  ping(): void
  /** Nothing heard for silenceMs; called once (start() again to watch anew). */
  silent(): void
  pingEveryMs?: number
  silenceMs?: number
}

/** Pings on a timer and tells when the socket has been silent too long; heard() is cheap (called per event). */
export class Heartbeat {
  private timer: ReturnType<typeof setInterval> | null = null
  private lastHeardMs = 0
  private lastPingMs = 0
  private readonly pingEveryMs: number
  private readonly silenceMs: number

  constructor(private readonly options: HeartbeatOptions) {
    this.pingEveryMs = options.pingEveryMs ?? PING_EVERY_MS
    this.silenceMs = options.silenceMs ?? SILENCE_MS
  }

  start(): void {
    this.stop()
    this.lastHeardMs = this.lastPingMs = performance.now()
    this.options.ping()
    this.timer = setInterval(() => this.tick(), Math.max(10, Math.min(this.pingEveryMs, this.silenceMs) / 4))
  }

  heard(): void {
    this.lastHeardMs = performance.now()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  private tick(): void {
    const nowMs = performance.now()
    if (nowMs - this.lastHeardMs >= this.silenceMs) {
      this.stop()
      this.options.silent()
      return
    }
    if (nowMs - this.lastPingMs >= this.pingEveryMs) {
      this.lastPingMs = nowMs
      this.options.ping()
    }
  }
}

/** How one reconnect attempt ended. */
export type AttemptOutcome = { kind: 'resumed' } | { kind: 'final'; code: number; reason: string } | { kind: 'retry'; code: number }

export type RetryResult = { kind: 'resumed' } | { kind: 'final'; code: number; reason: string } | { kind: 'gave-up' } | { kind: 'aborted' }

export interface RetryOptions {
  attempt(): Promise<AttemptOutcome>
  /** Stop trying this long after the drop. */
  deadlineMs: number
  signal: AbortSignal
  /** Resolves to cut a backoff wait short (the browser went back online). */
  wake?: () => Promise<void>
  random?: () => number
}

/**
 * Tries until an attempt resumes, the relay says the session is over, the deadline passes or the caller aborts.
 * The first try goes at once (the drop may have been one dead socket); 4005 retries at once, a few times.
 */
export async function retryUntil(options: RetryOptions): Promise<RetryResult> {
  const { signal } = options
  const deadline = performance.now() + options.deadlineMs
  let backoffStep = 0
  let immediate = 0
  for (;;) {
    if (signal.aborted) return { kind: 'aborted' }
    const outcome = await options.attempt()
    if (signal.aborted) return { kind: 'aborted' }
    if (outcome.kind !== 'retry') return outcome
    const nowMs = performance.now()
    if (nowMs >= deadline) return { kind: 'gave-up' }
    if (closeVerdict(outcome.code) === 'retry-now' && immediate < IMMEDIATE_RETRIES) {
      immediate++
      continue
    }
    immediate = 0
    const waitMs = Math.min(backoffMs(backoffStep++, options.random), deadline - nowMs)
    await sleep(waitMs, signal, options.wake?.())
  }
}

function sleep(ms: number, signal: AbortSignal, wake?: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done)
    void wake?.then(done)
  })
}
