// The voice page against what real devices do (issue 10): a speaker that the microphone hears (a synthetic
// playback -> microphone loop), a device change in the middle of a chat, and a context the browser suspends.
// The local voice provider answers; the page's state is read through window.__hearthVoice.
import type { Page } from '@playwright/test'

import { newUserLink } from './fixtures/links.ts'
import { expect, test } from './fixtures/hearth.ts'

type Stats = { framesSent: number; interruptions: number; truncatesSent: number; speakerRoute: string | null }
type Window_ = {
  __hearthVoice: { status(): string; statuses(): string[]; stats(): Stats | null; levels(): { output: number } }
  __microphoneRequests: MediaStreamConstraints[]
  __audioContexts: AudioContext[]
}

test.describe.configure({ timeout: 120_000 })

/** Records every getUserMedia request and AudioContext; with `echo`, the microphone is the speaker's echo. */
async function instrument(page: Page, echo: boolean) {
  await page.addInitScript((echoLoop: boolean) => {
    const target = window as unknown as Window_
    target.__microphoneRequests = []
    target.__audioContexts = []
    const NativeContext = window.AudioContext
    window.AudioContext = class extends NativeContext {
      constructor(options?: AudioContextOptions) {
        super(options)
        target.__audioContexts.push(this)
      }
    }
    const devices = navigator.mediaDevices
    const native = devices.getUserMedia.bind(devices)
    devices.getUserMedia = async (constraints) => {
      target.__microphoneRequests.push(JSON.parse(JSON.stringify(constraints ?? {})))
      if (!echoLoop) return native(constraints)
      // The loop: a loud tone reaches the "microphone" whenever the assistant's voice is playing, as a laptop
      // speaker reaches its own microphone without headphones.
      const context = new NativeContext()
      const tone = new OscillatorNode(context, { type: 'sawtooth', frequency: 220 })
      const gain = new GainNode(context, { gain: 0 })
      const out = context.createMediaStreamDestination()
      tone.connect(gain).connect(out)
      tone.start()
      setInterval(() => {
        const playing = (target.__hearthVoice?.levels().output ?? 0) > 0.01
        gain.gain.value = playing ? 0.5 : 0
      }, 10)
      return out.stream
    }
  }, echo)
}

const hook = <T>(page: Page, read: (voice: Window_['__hearthVoice']) => T) =>
  page.evaluate((source) => {
    const voice = (window as unknown as Window_).__hearthVoice
    return new Function('voice', `return (${source})(voice)`)(voice)
  }, read.toString()) as Promise<T>
const framesSent = (page: Page) => hook(page, (voice) => voice.stats()?.framesSent ?? 0)

async function startChat(page: Page) {
  await page.goto(await newUserLink('Eve Devices'))
  await page.getByRole('button', { name: 'chat' }).click()
  await expect(page.getByRole('button', { name: 'disconnect' })).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => framesSent(page), { timeout: 10_000 }).toBeGreaterThan(10)
}

test('a speaker the microphone hears: after three self-interruptions push-to-talk is offered, and the chat goes on', async ({ page }) => {
  await instrument(page, true)
  await startChat(page)
  const requests = await page.evaluate(() => (window as unknown as Window_).__microphoneRequests)
  // Chromium knows the echoCancellation constraint: the strongest mode is asked for.
  expect(requests[0]).toMatchObject({ audio: { echoCancellation: 'all', channelCount: 1 } })
  // The assistant plays through an <audio> element, where the browser's echo canceller hears it.
  expect((await hook(page, (voice) => voice.stats()))?.speakerRoute).toBe('element')

  const hint = page.getByRole('alert').filter({ hasText: 'Use headphones' })
  await expect(hint).toBeVisible({ timeout: 60_000 })
  expect((await hook(page, (voice) => voice.stats()))?.interruptions).toBeGreaterThanOrEqual(3)
  expect(await hook(page, (voice) => voice.status())).toBe('connected')

  await page.getByRole('button', { name: 'Use push-to-talk' }).click()
  await expect(page.getByRole('button', { name: 'Push to talk' })).toBeVisible()
  // In push-to-talk the echo no longer reaches the server: the microphone is muted until the button is held.
  const sent = await framesSent(page)
  await page.waitForTimeout(1_000)
  expect(await framesSent(page)).toBeLessThan(sent + 10)
  expect(await hook(page, (voice) => voice.status())).toBe('connected')

  await page.getByRole('button', { name: 'disconnect' }).click()
  await expect(page.getByRole('button', { name: 'chat' })).toBeVisible({ timeout: 35_000 })
})

test('a device change mid-chat opens the microphone again and the chat goes on', async ({ page }) => {
  await instrument(page, false)
  await startChat(page)
  expect(await page.evaluate(() => (window as unknown as Window_).__microphoneRequests.length)).toBe(1)

  // A burst, as a headset switching profile fires: one reopening, after the burst has settled.
  await page.evaluate(() => {
    for (let i = 0; i < 3; i++) navigator.mediaDevices.dispatchEvent(new Event('devicechange'))
  })
  await expect.poll(() => page.evaluate(() => (window as unknown as Window_).__microphoneRequests.length), { timeout: 5_000 }).toBe(2)
  const afterSwap = await framesSent(page)
  await expect.poll(() => framesSent(page), { timeout: 5_000 }).toBeGreaterThan(afterSwap + 25)
  expect(await hook(page, (voice) => voice.status())).toBe('connected')
  expect(await hook(page, (voice) => voice.statuses())).toEqual(['disconnected', 'connecting', 'connected'])
  await page.waitForTimeout(1_000)
  expect(await page.evaluate(() => (window as unknown as Window_).__microphoneRequests.length)).toBe(2)
})

test('a context the browser suspends (Safari: a call, Siri, the lock screen) runs again and frames keep going', async ({ page }) => {
  await instrument(page, false)
  await startChat(page)
  await page.evaluate(async () => {
    const contexts = (window as unknown as Window_).__audioContexts
    await contexts[contexts.length - 1].suspend()
  })
  await expect
    .poll(() => page.evaluate(() => (window as unknown as Window_).__audioContexts.at(-1)?.state), { timeout: 5_000 })
    .toBe('running')
  const resumed = await framesSent(page)
  await expect.poll(() => framesSent(page), { timeout: 5_000 }).toBeGreaterThan(resumed + 25)
  expect(await hook(page, (voice) => voice.status())).toBe('connected')
})
