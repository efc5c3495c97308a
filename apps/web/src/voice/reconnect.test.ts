import { describe, expect, test } from 'bun:test'
import { CLOSE_CODES } from '@hearth/protocol'

import { type AttemptOutcome, backoffMs, closeVerdict, Heartbeat, PAGE_DROPPED_CODE, retryUntil } from '@/voice/reconnect'

describe('closeVerdict', () => {
  test("the relay's final codes end the conversation; network closes and our own 4xxx are drops; 4005 retries at once", () => {
    for (const code of [1000, 1008, 1011, 1013, 4000, 4001, 4002, 4003, 4004, 4006]) expect(closeVerdict(code)).toBe('final')
    // 1001: the server restarting (its sessions may live on elsewhere); 1005/1006: no close frame (the network).
    for (const code of [1001, 1005, 1006, PAGE_DROPPED_CODE, 4007, 3000]) expect(closeVerdict(code)).toBe('drop')
    expect(closeVerdict(CLOSE_CODES.resumeElsewhere)).toBe('retry-now')
  })
})

describe('backoffMs', () => {
  test('250 ms doubling to a 4 s cap, each within ±20%', () => {
    const middle = () => 0.5
    expect([0, 1, 2, 3, 4, 5, 9].map((attempt) => backoffMs(attempt, middle))).toEqual([250, 500, 1000, 2000, 4000, 4000, 4000])
    expect(backoffMs(0, () => 0)).toBe(200)
    expect(backoffMs(0, () => 1)).toBe(300)
    expect(backoffMs(7, () => 1)).toBe(4800)
  })

  test('jitter spreads pages that dropped together', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffMs(2)))
    expect(waits.size).toBeGreaterThan(10)
    for (const wait of waits) {
      expect(wait).toBeGreaterThanOrEqual(800)
      expect(wait).toBeLessThanOrEqual(1200)
    }
  })
})

describe('Heartbeat', () => {
  test('pings at once and then on its interval while events keep arriving', async () => {
    let pings = 0
    let silences = 0
    const heartbeat = new Heartbeat({ ping: () => pings++, silent: () => silences++, pingEveryMs: 20, silenceMs: 1_000 })
    heartbeat.start()
    expect(pings).toBe(1)
    const keepAlive = setInterval(() => heartbeat.heard(), 5)
    await Bun.sleep(150)
    clearInterval(keepAlive)
    heartbeat.stop()
    expect(pings).toBeGreaterThanOrEqual(3)
    expect(silences).toBe(0)
  })

  test('nothing heard for silenceMs: silent, once', async () => {
    let silences = 0
    const heartbeat = new Heartbeat({ ping: () => undefined, silent: () => silences++, pingEveryMs: 20, silenceMs: 60 })
    const startedMs = performance.now()
    heartbeat.start()
    while (silences === 0 && performance.now() - startedMs < 5_000) await Bun.sleep(5)
    expect(performance.now() - startedMs).toBeGreaterThanOrEqual(60)
    await Bun.sleep(100)
    expect(silences).toBe(1)
  })

  test('a stopped heartbeat neither pings nor calls silent', async () => {
    let calls = 0
    const heartbeat = new Heartbeat({ ping: () => calls++, silent: () => calls++, pingEveryMs: 10, silenceMs: 30 })
    heartbeat.start()
    heartbeat.stop()
    await Bun.sleep(100)
    expect(calls).toBe(1) // the ping start() sends
  })
})

/** Attempts that end as scripted (the last outcome repeats), counting calls and the waits between them. */
function scripted(outcomes: AttemptOutcome[]) {
  const state = { attempts: 0, waits: 0 }
  return {
    state,
    attempt: async (): Promise<AttemptOutcome> => outcomes[Math.min(state.attempts++, outcomes.length - 1)],
    /** Counts each backoff wait (retryUntil asks for a wake-up at the start of every wait); never wakes it. */
    wake: () => {
      state.waits++
      return new Promise<void>(() => undefined)
    },
  }
}

const drop: AttemptOutcome = { kind: 'retry', code: 1006 }
const elsewhere: AttemptOutcome = { kind: 'retry', code: CLOSE_CODES.resumeElsewhere }

describe('retryUntil', () => {
  test('tries at once, backs off after each drop, and stops when an attempt resumes', async () => {
    const { state, attempt, wake } = scripted([drop, drop, { kind: 'resumed' }])
    const startedMs = performance.now()
    const result = await retryUntil({ attempt, wake, deadlineMs: 10_000, signal: new AbortController().signal, random: () => 0 })
    expect(result).toEqual({ kind: 'resumed' })
    expect(state).toEqual({ attempts: 3, waits: 2 })
    // Two waits of at least 200 and 400 ms (the lowest jitter).
    expect(performance.now() - startedMs).toBeGreaterThanOrEqual(590)
  })

  test("a final close is the relay's answer: no more tries", async () => {
    const { state, attempt, wake } = scripted([drop, { kind: 'final', code: 4003, reason: 'signed out' }])
    const result = await retryUntil({ attempt, wake, deadlineMs: 10_000, signal: new AbortController().signal, random: () => 0 })
    expect(result).toEqual({ kind: 'final', code: 4003, reason: 'signed out' })
    expect(state.attempts).toBe(2)
  })

  test('4005 is tried again without a wait, five times in a row at most', async () => {
    const { state, attempt, wake } = scripted([elsewhere, elsewhere, { kind: 'resumed' }])
    expect(await retryUntil({ attempt, wake, deadlineMs: 10_000, signal: new AbortController().signal })).toEqual({ kind: 'resumed' })
    expect(state).toEqual({ attempts: 3, waits: 0 })

    const endless = scripted([...Array(7).fill(elsewhere), { kind: 'resumed' }])
    await retryUntil({ ...endless, deadlineMs: 10_000, signal: new AbortController().signal, random: () => 0 })
    // Five at once, then a wait before the sixth retry.
    expect(endless.state).toEqual({ attempts: 8, waits: 1 })
  })

  test('gives up once the deadline has passed', async () => {
    const { state, attempt, wake } = scripted([drop])
    const startedMs = performance.now()
    const result = await retryUntil({ attempt, wake, deadlineMs: 300, signal: new AbortController().signal, random: () => 0 })
    expect(result).toEqual({ kind: 'gave-up' })
    expect(performance.now() - startedMs).toBeGreaterThanOrEqual(300)
    // 0, 200, 600 ms; the wait after that is cut to the deadline and one last try goes out there.
    expect(state.attempts).toBeGreaterThanOrEqual(2)
    expect(state.attempts).toBeLessThanOrEqual(4)
  })

  test('aborting (the person pressed disconnect) ends a wait and tries no more', async () => {
    const { state, attempt, wake } = scripted([drop])
    const controller = new AbortController()
    const running = retryUntil({ attempt, wake, deadlineMs: 60_000, signal: controller.signal, random: () => 1 })
    await Bun.sleep(20)
    controller.abort()
    expect(await running).toEqual({ kind: 'aborted' })
    const attempts = state.attempts
    await Bun.sleep(400)
    expect(state.attempts).toBe(attempts)
  })

  test('back online cuts the wait short: many more tries than the backoff alone allows', async () => {
    let attempts = 0
    const result = await retryUntil({
      attempt: async () => (++attempts < 30 ? drop : { kind: 'resumed' }),
      wake: () => Promise.resolve(),
      deadlineMs: 1_000,
      signal: new AbortController().signal,
    })
    // Without the wake-ups, one second of backoff allows four tries (0, 250, 750 and the deadline).
    expect(result).toEqual({ kind: 'resumed' })
    expect(attempts).toBe(30)
  })
})
