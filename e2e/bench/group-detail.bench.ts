// `bun run bench:group-detail`: the Group detail page of a group of 2,000 members (added in one mass add), in
// Chromium. Reports medians of 10 for: a full load of /groups/{id} (navigation start → the first 100 member rows
// on screen), a click on the group's link in /groups → the same, and the paged get-group call alone.
import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/hearth.ts'

const RUNS = 10
const MEMBERS = 2_000
const PAGE_ROWS = 100

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2
}

const report = (what: string, times: number[]) =>
  console.log(
    `[group-detail bench] ${what}: median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (n=${times.length})`,
  )

/** Resolves with performance.now() at the first frame that shows the members table with a full page of rows. */
function whenRowsShown(page: Page, rows: number) {
  return page.evaluate(
    (count) =>
      new Promise<number>((resolve) => {
        const check = () => {
          const shown = document.querySelectorAll('table[aria-label="Members"] tbody tr').length
          if (shown >= count) resolve(performance.now())
          else requestAnimationFrame(check)
        }
        check()
      }),
    rows,
  )
}

test('group detail: first render with 2,000 members', async ({ page, signInAsAdmin }) => {
  test.setTimeout(600_000)
  await signInAsAdmin()
  const name = `Bench ${MEMBERS} ${Date.now().toString(36)}`
  const created = await page.request.post('/api/create-group', { data: { name } })
  expect(created.ok()).toBe(true)
  const { id } = (await created.json()) as { id: string }
  const text = Array.from(
    { length: MEMBERS },
    (_, i) => `Member ${String(i).padStart(4, '0')},+1415556${String(i).padStart(4, '0')},m${i}@example.org`,
  ).join('\n')
  const added = await page.request.post('/api/mass-add-users', { data: { groupId: id, text } })
  expect(added.ok()).toBe(true)
  expect((await added.json()).added).toBe(MEMBERS)

  // A full load: the app, the route's chunks and the loader's calls, to the rows on screen.
  const loads: number[] = []
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`/groups/${id}`, { waitUntil: 'commit' })
    loads.push(await whenRowsShown(page, PAGE_ROWS))
    await expect(page.getByRole('definition').first()).toHaveText(MEMBERS.toLocaleString('en-US'))
  }
  report('full load of /groups/{id} to 100 member rows', loads)

  // Inside the app: from the click on the group's name to the rows on screen.
  const clicks: number[] = []
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`/groups?q=${encodeURIComponent(name)}`)
    const link = page.getByRole('link', { name, exact: true })
    await expect(link).toBeVisible()
    const shown = page.evaluate(
      (count) =>
        new Promise<number>((resolve) => {
          window.addEventListener(
            'pointerup',
            () => {
              const startMs = performance.now()
              const check = () => {
                if (document.querySelectorAll('table[aria-label="Members"] tbody tr').length >= count) resolve(performance.now() - startMs)
                else requestAnimationFrame(check)
              }
              check()
            },
            { capture: true, once: true },
          )
        }),
      PAGE_ROWS,
    )
    await link.click()
    clicks.push(await shown)
  }
  report('click in /groups to 100 member rows', clicks)

  const calls: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const startMs = performance.now()
    const res = await page.request.get(`/api/get-group/${id}?page=${run + 1}&pageSize=${PAGE_ROWS}`)
    expect(res.ok()).toBe(true)
    await res.body()
    calls.push(performance.now() - startMs)
  }
  report('GET /api/get-group/{id}?page=&pageSize=100 alone', calls)
})
