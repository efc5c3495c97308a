// The keeper and the device watcher against stand-ins for the browser's AudioContext and MediaDevices (event
// targets with the same events), since bun has neither.
import { describe, expect, test } from 'bun:test'

import { keepContextRunning, type ResumableContext, watchDevices } from '@/voice/device-recovery'

class StandInContext extends EventTarget implements ResumableContext {
  state: AudioContextState | 'interrupted' = 'running'
  resumeCalls = 0
  /** Whether resume() works now (Safari refuses it without a gesture, or while a call goes on). */
  resumable = true

  async resume(): Promise<void> {
    this.resumeCalls++
    if (!this.resumable) throw new DOMException('Not allowed', 'NotAllowedError')
    this.set('running')
  }

  set(state: StandInContext['state']): void {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class StandInPage extends EventTarget {
  visibilityState = 'visible'
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('keepContextRunning', () => {
  test('a suspended or interrupted context is resumed at once where the browser allows it', async () => {
    const context = new StandInContext()
    const stop = keepContextRunning(context, new StandInPage())
    context.set('suspended')
    await settle()
    expect(context.state).toBe('running')
    context.set('interrupted')
    await settle()
    expect(context.state).toBe('running')
    expect(context.resumeCalls).toBe(2)
    stop()
  })

  test('refused until a gesture (Safari after a call): the next tap or key resumes it', async () => {
    const context = new StandInContext()
    const page = new StandInPage()
    const stop = keepContextRunning(context, page)
    context.resumable = false
    context.set('interrupted')
    await settle()
    expect(context.state).toBe('interrupted')
    context.resumable = true
    page.dispatchEvent(new Event('pointerdown'))
    await settle()
    expect(context.state).toBe('running')
    // Once running, gestures no longer call resume().
    const calls = context.resumeCalls
    page.dispatchEvent(new Event('keydown'))
    await settle()
    expect(context.resumeCalls).toBe(calls)
    stop()
  })

  test('the page becoming visible again resumes it; a closed context is left alone; stop ends the watch', async () => {
    const context = new StandInContext()
    const page = new StandInPage()
    const stop = keepContextRunning(context, page)
    context.resumable = false
    context.set('suspended')
    await settle()
    context.resumable = true
    page.dispatchEvent(new Event('visibilitychange'))
    await settle()
    expect(context.state).toBe('running')

    context.set('closed')
    const calls = context.resumeCalls
    page.dispatchEvent(new Event('pointerdown'))
    await settle()
    expect(context.resumeCalls).toBe(calls)

    stop()
    const fresh = context as StandInContext
    fresh.set('running')
    fresh.set('suspended')
    await settle()
    expect(fresh.state).toBe('suspended')
  })
})

describe('watchDevices', () => {
  test('a burst of devicechange events is one change, after the burst has been quiet', async () => {
    const devices = new EventTarget()
    const changes: number[] = []
    const stop = watchDevices(devices, () => changes.push(performance.now()), 30)
    const startedMs = performance.now()
    for (let i = 0; i < 4; i++) {
      devices.dispatchEvent(new Event('devicechange'))
      await Bun.sleep(10)
    }
    expect(changes).toEqual([])
    await Bun.sleep(60)
    expect(changes).toHaveLength(1)
    expect(changes[0] - startedMs).toBeGreaterThanOrEqual(60)
    stop()
  })

  test('stopping drops a pending change', async () => {
    const devices = new EventTarget()
    let changes = 0
    const stop = watchDevices(devices, () => changes++, 20)
    devices.dispatchEvent(new Event('devicechange'))
    stop()
    await Bun.sleep(40)
    expect(changes).toBe(0)
  })
})
