// `bun run bench:voice-console`: the voice bench's capture-to-send on the user page, on the user page under a
// synthetic main-thread load, and on the console with its event log running, back to back (issue 7: a busy log
// should keep capture within 2x of the user page; issue 10: under the load, capture-to-send p95 <= 25 ms).
// Printed, not asserted: wall-clock figures on a shared machine belong in a benchmark, not a test.
// VOICE_BENCH_LOAD=only runs just the two user-page rounds (quiet and loaded); VOICE_BENCH_BUSY_MS changes the
// busy block (50 ms); VOICE_BENCH_LOAD_PAGE=other runs the load in another tab instead (the same CPU taken, but
// not the voice page's main thread: tells main-thread delays from a starved machine).
//
// Capture-to-send is measured from the audio clock: the worklet stamps each frame with the context time of the
// render quantum that completed it, and whoever sends it (the main thread before issue 10, the socket worker
// after) maps that to performance.timeOrigin + performance.now() through a reading of the context's output
// timestamp (audio-worklets/src/client/audio-clock.ts), then subtracts it from the time ws.send returned. The
// worklet itself has no performance.now(); timeOrigin + now() is the shared monotonic clock, so the page's and
// a worker's readings compare.
import type { Page } from '@playwright/test'

import { newUserLink } from '../fixtures/links.ts'
import { expect, test } from '../fixtures/hearth.ts'

type LatencySummary = { count: number; medianMs: number | null; p95Ms: number | null; maxMs: number | null }
type Stats = {
  captureToSendMs: LatencySummary
  captureToWorkerMs?: LatencySummary
  captureToSendWallMs?: LatencySummary
  captureClockClamped: number
}

const stats = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hearthVoice: { stats(): unknown } }).__hearthVoice.stats()) as Promise<Stats | null>
const eventRows = (page: Page, type: string) => page.getByRole('table', { name: 'Event log' }).locator(`tr[data-type="${type}"]`)

test.describe.configure({ timeout: 240_000 })

/** The synthetic load of issue 10: the main thread busy for 50 ms every 200 ms (React rendering, a busy log). */
const MAIN_THREAD_LOAD = { busyMs: Number(process.env.VOICE_BENCH_BUSY_MS) || 50, everyMs: 200 }
const LOAD_IN_OTHER_PAGE = process.env.VOICE_BENCH_LOAD_PAGE === 'other'
const startMainThreadLoad = (page: Page) =>
  page.evaluate(({ busyMs, everyMs }) => {
    setInterval(() => {
      const until = performance.now() + busyMs
      while (performance.now() < until) {
        // busy
      }
    }, everyMs)
  }, MAIN_THREAD_LOAD)

test('voice bench: capture-to-send on the user page, quiet and under main-thread load, and on the console with its event log running, back to back', async ({
  page,
  browser,
  signInAsAdmin,
}) => {
  // The same 20 s on each page (connect, the greeting, the fake microphone's phrases at 3, 9 and 15 s and the
  // answers), one right after the other, so all see the same machine load.
  const link = await newUserLink('Bench Voice')
  const userRound = async (load: boolean) => {
    const userPage = await browser.newPage()
    await userPage.goto(link)
    await expect(userPage.getByRole('button', { name: 'chat' })).toBeVisible()
    const loadPage = load && LOAD_IN_OTHER_PAGE ? await browser.newPage() : null
    if (loadPage) await loadPage.goto('/privacy')
    if (load) await startMainThreadLoad(loadPage ?? userPage)
    await userPage.getByRole('button', { name: 'chat' }).click()
    await expect(userPage.getByRole('button', { name: 'disconnect' })).toBeVisible({ timeout: 15_000 })
    await userPage.waitForTimeout(20_000)
    const result = (await stats(userPage))!
    await userPage.getByRole('button', { name: 'disconnect' }).click()
    await expect(userPage.getByRole('button', { name: 'chat' })).toBeVisible({ timeout: 35_000 })
    await userPage.close()
    await loadPage?.close()
    return result
  }
  const user = await userRound(false)
  const loaded = await userRound(true)
  const line = (name: string, s: Stats) =>
    `[voice bench] ${name}: capture frame posted by the worklet -> ws.send returned: median ${s.captureToSendMs.medianMs?.toFixed(3)} ms, p95 ${s.captureToSendMs.p95Ms?.toFixed(3)} ms, max ${s.captureToSendMs.maxMs?.toFixed(3)} ms, n=${s.captureToSendMs.count} (${s.captureClockClamped} clamped)${s.captureToWorkerMs ? `; of which worklet -> socket worker: median ${s.captureToWorkerMs.medianMs?.toFixed(3)} ms, p95 ${s.captureToWorkerMs.p95Ms?.toFixed(3)} ms` : ''}${s.captureToSendWallMs ? `; on the wall clock (Date.now(), 1 ms steps): median ${s.captureToSendWallMs.medianMs} ms, p95 ${s.captureToSendWallMs.p95Ms} ms` : ''}`
  console.log(
    [
      line('user page', user),
      line(
        `user page, ${LOAD_IN_OTHER_PAGE ? 'another tab' : 'main thread'} busy ${MAIN_THREAD_LOAD.busyMs} ms every ${MAIN_THREAD_LOAD.everyMs} ms`,
        loaded,
      ),
    ].join('\n'),
  )
  expect(user.captureToSendMs.count).toBeGreaterThan(500)
  expect(loaded.captureToSendMs.count).toBeGreaterThan(500)
  if (process.env.VOICE_BENCH_LOAD === 'only') return

  await signInAsAdmin()
  await page.goto('/')
  await page.getByRole('button', { name: 'Connect', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  await page.waitForTimeout(20_000)
  const console_ = (await stats(page))!
  // The log was busy: the answers' audio and transcripts went through it.
  expect(await eventRows(page, 'response.output_audio.delta').count()).toBeGreaterThan(1)
  await page.getByRole('button', { name: 'Disconnect' }).click()

  console.log(line('console with event log', console_))
  expect(console_.captureToSendMs.count).toBeGreaterThan(500)
  console.log(
    `[voice bench] console / user page median ratio: ${(console_.captureToSendMs.medianMs! / user.captureToSendMs.medianMs!).toFixed(2)}`,
  )
})
