// `bun run bench:admin-users` (through e2e/bench/admin-users-fill.ts, which fills 10,000 users first): in Chromium,
// from the click on a page number or a sort header to the Users table showing the new rows. Medians of 10.
import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/hearth.ts'

const RUNS = 10

/** Click to settled table; the request's share; click to request start; response end to settled table. */
type Timing = { total: number; request: number; before: number; after: number }
const USERS = Number(process.env.HEARTH_BENCH_ADMIN_USERS) || 0

/**
 * Milliseconds from the click to the first frame in which the table is settled on the new state: the page label or
 * the header's aria-sort (which render with the new rows) say so and nothing is loading (no aria-busy). The click is
 * dispatched in the page, so no Playwright locator work (which scans the whole accessibility tree of 100 rows)
 * competes with the rendering being measured.
 */
async function timeClick(
  page: Page,
  target: { pageButton: number } | { header: string },
  ready: { pageLabel?: string; sortedHeader?: [string, string] },
) {
  return page.evaluate(
    ({ target, pageLabel, sortedHeader }) =>
      new Promise<Timing>((resolve, reject) => {
        const headerCell = (name: string) => [...document.querySelectorAll('th')].find((h) => h.textContent?.trim() === name)
        const button =
          'pageButton' in target
            ? document.querySelector<HTMLButtonElement>(`nav[aria-label="Pagination"] button[aria-label="Page ${target.pageButton}"]`)
            : headerCell(target.header)?.querySelector('button')
        if (!button) return reject(new Error(`no button for ${JSON.stringify(target)}`))
        const settled = () => {
          if (document.querySelector('[aria-busy="true"]')) return false
          if (pageLabel && document.querySelector('nav[aria-label="Pagination"] p')?.textContent !== pageLabel) return false
          if (sortedHeader && headerCell(sortedHeader[0])?.getAttribute('aria-sort') !== sortedHeader[1]) return false
          return document.querySelectorAll('table[aria-label="Users"] tbody tr').length > 0
        }
        // A full resource-timing buffer (250 entries) would hide this click's call.
        performance.clearResourceTimings()
        const startMs = performance.now()
        button.click()
        const check = () => {
          if (!settled()) return requestAnimationFrame(check)
          const total = performance.now() - startMs
          // The request's own share (server + transfer), from the resource timing of this click's call.
          const call = performance
            .getEntriesByType('resource')
            .filter((e) => e.name.includes('/api/get-all-users-info') && e.startTime >= startMs)
            .at(-1) as PerformanceResourceTiming | undefined
          resolve({
            total,
            request: call ? call.duration : Number.NaN,
            before: call ? call.startTime - startMs : Number.NaN,
            after: call ? performance.now() - call.responseEnd : Number.NaN,
          })
        }
        requestAnimationFrame(check)
      }),
    { target, ...ready },
  )
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2
}

const report = (label: string, timings: Timing[]) => {
  const times = timings.map((t) => t.total)
  console.log(
    `[admin-users bench] ${process.env.HEARTH_BENCH_DATABASE ?? 'database'}, ${USERS.toLocaleString('en-US')} users, ${label}: ` +
      `median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (n=${times.length}); ` +
      `of which: before the request ${median(timings.map((t) => t.before)).toFixed(1)} ms, ` +
      `the request ${median(timings.map((t) => t.request)).toFixed(1)} ms, rendering after it ${median(timings.map((t) => t.after)).toFixed(1)} ms (medians)`,
  )
}

test('admin users: page number and sort header clicks to the table rendered', async ({ page, signInAsAdmin }) => {
  test.skip(!USERS, 'needs the 10,000 users of `bun run bench:admin-users`')
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInAsAdmin()
  await page.goto('/admin-users')
  const pages = Math.ceil(USERS / 100)
  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pagination.getByText(`Page 1 of ${pages}`)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Users' }).locator('tbody tr')).toHaveCount(100)

  // Page numbers: 2, 3, … each from the one before (a warm-up click first, not counted).
  const pageTimes: Timing[] = []
  for (let n = 2; n <= RUNS + 2; n++) {
    const ms = await timeClick(
      page,
      { pageButton: n },
      {
        pageLabel: `Page ${n} of ${pages}`,
      },
    )
    if (n > 2) pageTimes.push(ms)
  }
  report('click on a page number', pageTimes)

  // Sort headers: each click moves none → ascending → descending → none (a new order starts at page 1).
  for (const header of ['Total minutes', 'Last conversation', 'Name']) {
    const states = ['ascending', 'descending', 'none']
    const times: Timing[] = []
    for (let i = 0; i <= RUNS; i++) {
      const ms = await timeClick(page, { header }, { sortedHeader: [header, states[i % 3]] })
      if (i > 0) times.push(ms)
    }
    report(`click on the "${header}" header`, times)
  }
})
