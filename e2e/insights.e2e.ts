// Insights (PRODUCT §11 "Organiser insight"): an admin opens the Insights tab, sees the funnel as a chart and a table,
// picks a group (the choice lives in the URL) and downloads the same numbers as CSV.
import { readFileSync } from 'node:fs'
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'

const suffix = Date.now().toString(36)
const GROUP = `Insight Walkers ${suffix}`
const STEPS = ['Invited', 'Opened the link', 'Talked', 'Profile written', 'Assigned', 'Told', 'Met', 'Met again']

async function post(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data })
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

test('an admin reads the funnel as chart and table, picks a group and downloads the CSV', async ({ page, signInAsAdmin, snapshot }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await signInAsAdmin()
  const group = await post(page, '/api/create-group', { name: GROUP })
  for (let i = 0; i < 6; i++) {
    const user = await post(page, '/api/create-user', { name: `Walker ${i} ${suffix}`, phone_number: '', email: '' })
    await post(page, '/api/add-user-to-group', { groupId: group.id, userFile: user.fileName })
  }

  await page.goto('/admin-users')
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Insights' }).click()
  await expect(page).toHaveURL(/\/insights$/)
  await expect(page).toHaveTitle('Insights · Hearth')
  await expect(page.getByRole('combobox', { name: 'Group' })).toHaveText('All groups')
  const funnel = page.getByRole('table', { name: 'Funnel of All groups' })
  await expect(funnel.getByRole('rowheader')).toHaveText(STEPS)
  // The chart is drawn: an SVG with a label per step, even a withheld count's (other tests' members count here).
  await expect(page.getByTestId('funnel-chart').locator('svg .recharts-label-list text')).toHaveCount(8)

  await page.getByRole('combobox', { name: 'Group' }).click()
  await page.getByRole('option', { name: GROUP, exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`groupId=${group.id}`))
  const mine = page.getByRole('table', { name: `Funnel of ${GROUP}` })
  await expect(mine.getByRole('rowheader')).toHaveText(STEPS)
  await expect(page.getByText('6 members.')).toBeVisible()
  // The well-being scale under the funnel: nobody answered it, so no mean is shown.
  const wellbeing = page.getByRole('heading', { name: 'Well-being (UCLA three-item loneliness scale)' })
  await expect(wellbeing).toBeVisible()
  await expect(page.getByText('Fewer than 5 members answered').first()).toBeVisible()
  await expect(page.getByTestId('funnel-chart').locator('svg .recharts-bar-rectangle path')).toHaveCount(8)
  await snapshot('insights-1366')

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`hearth-insights-${group.id}.csv`)
  const lines = readFileSync(await file.path(), 'utf8')
    .trim()
    .split('\r\n')
  expect(lines[0]).toBe('breakdown,group,subgroup,module,members,step,count,rate,step_rate,median_hours_from_previous,mean_score')
  expect(lines.filter((l) => l.startsWith(`group,${GROUP},,,6,`)).map((l) => l.split(',')[5])).toEqual([
    'invited',
    'opened',
    'talked',
    'profiled',
    'assigned',
    'told',
    'met',
    'met_again',
  ])
  expect(lines.join('\n')).not.toMatch(/Walker \d/)

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(mine).toBeVisible()
  await snapshot('insights-390')
})
