// `bun run bench:run-view`: a 200-prompt × 30-version sequence with a finished run of its latest version, then in
// Chromium the time from clicking that run in the Testing page's "Recent runs" to the run view's coverage map
// drawn (its nodes present), and from opening the run view's address to the same, and the run view's one request
// alone. Reports medians of 10.
import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/hearth.ts'

const RUNS = 10
const BIG = `Bench Runs 200x30 ${Date.now().toString(36)}`
const PROMPTS = 200
const VERSIONS = 30

function bigVersion(round: number) {
  return {
    module_prompt: `A generated module, round ${round}. `.repeat(4),
    sequential_prompts: Array.from({ length: PROMPTS }, (_, i) => ({
      name: `step_${i}`,
      description: `What step ${i} of the conversation is for, in a sentence or two of plain words.`,
      prompt: `Ask the person about topic ${i} and follow up on one detail with curiosity before moving on. `.repeat(2),
      trigger_condition: `The person has answered the question of step ${i}.`,
      next_prompt: i < PROMPTS - 1 ? `step_${i + 1}` : '',
    })),
  }
}

/** In the page: resolves with the milliseconds from the next click (or from navigation start) to map nodes drawn. */
function watchForMap(page: Page, from: 'click' | 'navigation') {
  return page.evaluate(
    (from) =>
      new Promise<number>((resolve) => {
        const wait = (startMs: number) => {
          const check = () => {
            if (document.querySelector('[data-testid="coverage-map"] .react-flow__node')) resolve(performance.now() - startMs)
            else requestAnimationFrame(check)
          }
          check()
        }
        if (from === 'navigation') wait(0)
        else window.addEventListener('click', () => wait(performance.now()), { capture: true, once: true })
      }),
    from,
  )
}

/** Milliseconds from clicking the run in the Testing page's list to its coverage map with nodes. */
async function timeFromList(page: Page) {
  await page.goto('/testing')
  await page.getByRole('combobox', { name: 'Suite sequence', exact: true }).click()
  await page.getByRole('option', { name: BIG, exact: true }).click()
  const link = page.getByRole('link', { name: /^Run of v30 · / })
  await expect(link).toBeVisible()
  const measured = watchForMap(page, 'click')
  await link.click()
  const ms = await measured
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${BIG} v${VERSIONS}`)
  return ms
}

/** Milliseconds from the start of loading the run view's address to its coverage map with nodes. */
async function timeFromAddress(page: Page, runId: string) {
  await page.goto(`/testing/runs/${runId}`, { waitUntil: 'commit' })
  return watchForMap(page, 'navigation')
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2
}

function report(what: string, times: number[]) {
  console.log(
    `[run-view bench] ${what}: median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (n=${times.length})`,
  )
}

test('run view: clicking a run of a 200-prompt version to its coverage map drawn', async ({ page, signInAsAdmin }) => {
  test.setTimeout(600_000)
  await signInAsAdmin()
  const created = await page.request.post('/api/create-sequence', { data: { name: BIG, content: bigVersion(1) } })
  expect(created.ok(), await created.text()).toBe(true)
  for (let round = 2; round <= VERSIONS; round++) {
    const saved = await page.request.put(`/api/update-sequence-content/${encodeURIComponent(BIG)}`, { data: bigVersion(round) })
    expect(saved.ok(), await saved.text()).toBe(true)
  }
  for (const [name, expectation] of [
    ['Starts at the first step', { type: 'reaches', prompt: 'step_0', within: 1 }],
    ['Moves past the first step', { type: 'reaches', prompt: 'step_1' }],
    ['Never jumps to the end', { type: 'never_reaches', prompt: `step_${PROMPTS - 1}` }],
  ] as const) {
    const body = { name, persona: 'Maria, a friendly retired teacher who loves gardening.', turnLimit: 4, expect: [expectation] }
    const testCase = await page.request.post(`/api/test-cases/${encodeURIComponent(BIG)}`, { data: body })
    expect(testCase.ok(), await testCase.text()).toBe(true)
  }
  const started = await page.request.post('/api/test-runs', { data: { sequence: BIG, version: VERSIONS } })
  expect(started.ok(), await started.text()).toBe(true)
  const { runId } = (await started.json()) as { runId: string }
  await expect
    .poll(async () => ((await (await page.request.get(`/api/test-runs/${runId}`)).json()) as { status: string }).status, {
      timeout: 120_000,
      intervals: [200],
    })
    .toBe('done')

  // One untimed pass of each, so the first measurement is not the only one paying for a cold cache.
  await timeFromList(page)
  await timeFromAddress(page, runId)
  const fromList: number[] = []
  for (let run = 0; run < RUNS; run++) fromList.push(await timeFromList(page))
  report(`click in Recent runs → map nodes (${PROMPTS} prompts, v${VERSIONS})`, fromList)
  const fromAddress: number[] = []
  for (let run = 0; run < RUNS; run++) fromAddress.push(await timeFromAddress(page, runId))
  report(`open /testing/runs/$runId → map nodes (${PROMPTS} prompts, v${VERSIONS})`, fromAddress)

  // Where the time goes: the run view's one request (GET …/detail, which the page waits for before drawing).
  const fetches: number[] = []
  let bytes = 0
  for (let run = 0; run < RUNS; run++) {
    const measured = await page.evaluate(async (id) => {
      const startMs = performance.now()
      const text = await (await fetch(`/api/test-runs/${id}/detail`)).text()
      return { ms: performance.now() - startMs, bytes: text.length }
    }, runId)
    fetches.push(measured.ms)
    bytes = measured.bytes
  }
  report(`GET /api/test-runs/$runId/detail alone (${(bytes / 1024).toFixed(0)} KB)`, fetches)
})
