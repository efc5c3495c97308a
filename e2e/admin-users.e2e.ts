// The admin Users screen (SPEC §2 "Admin Users screen", §8 texts) with 230 users created through the API: paging,
// search, the sort cycle of the total-minutes header, deletion with its confirm, group memberships, invitations,
// analytics, and the table's fit at 1366 and 390 px. One user at a time: admin-users-actions.e2e.ts.
import { join } from 'node:path'
import type { APIRequestContext, Page } from '@playwright/test'

import { expect, screenshotsDir, test } from './fixtures/hearth.ts'
import { bodyRows, createUser as createUserAs, openUsers, rowOf, signedInStaff, usersTable as table } from './fixtures/users-screen.ts'

test.describe.configure({ mode: 'serial' })

const TOTAL = 230
// Generic members, these 5 and the users earlier browser tests left in the shared database make the 230.
let generic = TOTAL - 5
const SORTABLE = [
  { name: 'Sortable Ann', sections: [['Get to Know You', 5]] },
  {
    name: 'Sortable Ben',
    sections: [
      ['Get to Know You', 20],
      ['Hobbies', 10],
    ],
  },
  { name: 'Sortable Cy', sections: [['Hobbies', 12]] },
] as const
const DOOMED = ['Doomed Dora', 'Doomed Dan']
const GROUP = 'Allotment Friends'

const memberName = (i: number) => `Member ${String(i).padStart(3, '0')}`
const memberPhone = (i: number) => `+1415555${String(1000 + i).padStart(4, '0')}`

let staff: APIRequestContext

const createUser = (name: string, phone_number = '', email = '') => createUserAs(staff, name, phone_number, email)

/** `minutes` of conversation in `moduleName`, ending `daysAgo` days ago (SPEC §7 save-user-section-data). */
async function saveSection(user: string, moduleName: string, minutes: number, daysAgo = 1) {
  const end = new Date(Date.now() - daysAgo * 86_400_000)
  const start = new Date(end.getTime() - minutes * 60_000)
  const res = await staff.post('/api/save-user-section-data', {
    data: { user, sectionData: { moduleName, startTime: start.toISOString(), endTime: end.toISOString() } },
  })
  expect(res.ok(), await res.text()).toBe(true)
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  staff = await signedInStaff()
  const before = await staff.get('/api/get-all-users-info?page=1&pageSize=1')
  expect(before.ok()).toBe(true)
  generic -= ((await before.json()) as { total: number }).total
  expect(generic).toBeGreaterThan(10)
  const jobs: Array<() => Promise<unknown>> = [
    ...Array.from({ length: generic }, (_, i) => () => createUser(memberName(i + 1), memberPhone(i + 1), `member${i + 1}@example.org`)),
    ...SORTABLE.map((s) => async () => {
      const user = await createUser(s.name, '', '')
      for (const [moduleName, minutes] of s.sections) await saveSection(user.fileName, moduleName, minutes)
    }),
    ...DOOMED.map((name) => () => createUser(name)),
    async () => expect((await staff.post('/api/create-group', { data: { name: GROUP } })).ok()).toBe(true),
  ]
  // Ten at a time: quick, and gentle on a shared machine.
  for (let i = 0; i < jobs.length; i += 10) await Promise.all(jobs.slice(i, i + 10).map((job) => job()))
})

test.afterAll(async () => {
  await staff?.dispose()
})

/** The viewport only (a full page of 100 rows is too tall to read): what a person sees first. */
const viewShot = (page: Page, name: string) => page.screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled' })

const firstNames = async (page: Page, n: number) => (await bodyRows(page).locator('td:nth-child(2)').allTextContents()).slice(0, n)

async function search(page: Page, text: string) {
  await page.getByLabel('Search by name or phone').fill(text)
  // The router writes a text that looks like a number as JSON ("5551007"), so it reads back as text.
  await expect.poll(() => searchParam(page, 'q')).toBe(text || null)
}

function searchParam(page: Page, name: string) {
  const value = new URL(page.url()).searchParams.get(name)
  if (value === null) return null
  try {
    return String(JSON.parse(value))
  } catch {
    return value
  }
}

test('100 rows a page, 3 page buttons, search by name or phone, and the screenshots', async ({ page, signInAsAdmin, snapshot }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await openUsers(page, signInAsAdmin)
  await expect(bodyRows(page)).toHaveCount(100)
  await expect(page.getByText('230 users')).toBeVisible()
  const pagination = page.getByRole('navigation', { name: 'Pagination' })
  await expect(pagination.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(3)
  await expect(pagination.getByText('Page 1 of 3')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Delete Users' })).toBeDisabled()
  await expect(page.getByRole('link', { name: 'Add New User' })).toHaveAttribute('href', '/profile-manager')
  await snapshot('admin-users-1366')
  await viewShot(page, 'admin-users-1366-top')

  await pagination.getByRole('button', { name: 'Page 3' }).click()
  await expect.poll(() => searchParam(page, 'page')).toBe('3')
  await expect(pagination.getByText('Page 3 of 3')).toBeVisible()
  await expect(bodyRows(page)).toHaveCount(30)
  await pagination.getByRole('button', { name: 'Previous' }).click()
  await expect(pagination.getByText('Page 2 of 3')).toBeVisible()

  // Search narrows (and starts again at page 1), by name…
  await search(page, 'Sortable')
  await expect(bodyRows(page)).toHaveCount(3)
  expect(await firstNames(page, 3)).toEqual(['Sortable Ann', 'Sortable Ben', 'Sortable Cy'])
  await expect(pagination.getByText('Page 1 of 1')).toBeVisible()
  expect(page.url()).not.toContain('page=')
  // …or by a piece of the phone number.
  await search(page, '5551007')
  await expect(bodyRows(page)).toHaveCount(1)
  await expect(rowOf(page, memberName(7))).toBeVisible()
  await search(page, 'nobody-by-that-name')
  await expect(table(page).getByText('No users found')).toBeVisible()
  await page.getByRole('button', { name: 'Clear search' }).click()
  await expect(bodyRows(page)).toHaveCount(100)

  await page.setViewportSize({ width: 390, height: 844 })
  await snapshot('admin-users-390')
  await viewShot(page, 'admin-users-390-top')
})

test('the total minutes header cycles none, ascending, descending', async ({ page, signInAsAdmin }) => {
  await openUsers(page, signInAsAdmin)
  const header = table(page).getByRole('columnheader', { name: 'Total minutes' })
  const button = header.getByRole('button', { name: 'Total minutes' })
  await expect(header).toHaveAttribute('aria-sort', 'none')
  const byName = await firstNames(page, 5)
  expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b)))

  await button.click()
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  await expect.poll(() => searchParam(page, 'sort')).toBe('totalDurationOfAllSections:asc')
  // The minutes, and under them what the conversations cost (the local provider: $0).
  await expect(bodyRows(page).first().locator('td').nth(10)).toHaveText(/^0\s*Cost \$0$/)

  await button.click()
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(() => firstNames(page, 3)).toEqual(['Sortable Ben', 'Sortable Cy', 'Sortable Ann'])
  await expect(rowOf(page, 'Sortable Ben').locator('td').nth(10)).toHaveText(/^30\s*Cost \$0$/)

  await button.click()
  await expect(header).toHaveAttribute('aria-sort', 'none')
  expect(page.url()).not.toContain('sort=')
  await expect.poll(() => firstNames(page, 5)).toEqual(byName)

  // Within a search, the three directions give three orders.
  await search(page, 'Sortable')
  await button.click()
  await expect.poll(() => firstNames(page, 3)).toEqual(['Sortable Ann', 'Sortable Cy', 'Sortable Ben'])
  await button.click()
  await expect.poll(() => firstNames(page, 3)).toEqual(['Sortable Ben', 'Sortable Cy', 'Sortable Ann'])
})

test('more analytics: minutes per module as labelled bars; disabled at 0 minutes', async ({ page, signInAsAdmin, snapshot }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  await openUsers(page, signInAsAdmin, '?q=Sortable')
  await expect(rowOf(page, 'Sortable Ben')).toBeVisible()
  await rowOf(page, 'Sortable Ben').getByRole('button', { name: 'More analytics' }).click()
  const dialog = page.getByRole('dialog', { name: 'More analytics' })
  await expect(dialog).toContainText('Sortable Ben')
  const bars = dialog.getByRole('list', { name: 'Minutes per module' }).getByRole('listitem')
  await expect(bars).toHaveText([/Get to Know You\s*20 min/, /Hobbies\s*10 min/])
  await expect(dialog.getByText('Last module used')).toBeVisible()
  await snapshot('admin-users-analytics-1366')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  await search(page, memberName(3))
  await expect(rowOf(page, memberName(3)).getByRole('button', { name: 'More analytics' })).toBeDisabled()
})

test('select two users and delete them through the confirm', async ({ page, signInAsAdmin }) => {
  await openUsers(page, signInAsAdmin, '?q=Doomed')
  await expect(bodyRows(page)).toHaveCount(2)
  const del = page.getByRole('button', { name: 'Delete Users' })
  await expect(del).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Select row Doomed Dora' }).check()
  await page.getByRole('checkbox', { name: 'Select row Doomed Dan' }).check()
  await expect(page.getByText('2 selected')).toBeVisible()

  // Cancel keeps them.
  await del.click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete selected users?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(bodyRows(page)).toHaveCount(2)

  await del.click()
  await expect(confirm).toContainText('2 users will be deleted')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Users deleted successfully')).toBeVisible()
  await expect(table(page).getByText('No users found')).toBeVisible()
  await expect(del).toBeDisabled()
  const left = await staff.get('/api/get-all-users-info?page=1&pageSize=10&q=doomed')
  expect((await left.json()).total).toBe(0)
})

test('add and remove a group membership through the group picker', async ({ page, signInAsAdmin, snapshot }) => {
  await page.setViewportSize({ width: 1366, height: 900 })
  const name = memberName(12)
  await openUsers(page, signInAsAdmin, `?q=${encodeURIComponent(name)}`)
  const row = rowOf(page, name)
  await expect(row).toContainText('No groups')
  await expect(row.getByRole('button', { name: `Remove ${name} from a group` })).toBeDisabled()

  await row.getByRole('button', { name: `Add ${name} to a group` }).click()
  const picker = page.getByRole('dialog', { name: 'Add to a group' })
  await picker.getByRole('combobox', { name: 'Group' }).click()
  await page.getByRole('option', { name: GROUP }).click()
  await snapshot('admin-users-group-picker-1366')
  await picker.getByRole('button', { name: 'Add to group' }).click()
  await expect(page.getByText('User added to group successfully')).toBeVisible()
  await expect(picker).toBeHidden()
  await expect(row.getByText(GROUP, { exact: true })).toBeVisible()

  await row.getByRole('button', { name: `Remove ${name} from a group` }).click()
  const remover = page.getByRole('dialog', { name: 'Remove from a group' })
  await remover.getByRole('combobox', { name: 'Group' }).click()
  await page.getByRole('option', { name: GROUP }).click()
  await remover.getByRole('button', { name: 'Remove from group' }).click()
  await expect(remover).toBeHidden()
  await expect(row.getByText(GROUP, { exact: true })).toHaveCount(0)
  await expect(row).toContainText('No groups')
})

test('invite SMS and invite e-mail: asked first with the text, kept in the outbox, and a repeat asked again', async ({
  page,
  signInAsAdmin,
  snapshot,
}) => {
  const name = memberName(21)
  await openUsers(page, signInAsAdmin, `?q=${encodeURIComponent(name)}`)
  const row = rowOf(page, name)
  const invitesTo = async (to: string) =>
    ((await (await staff.get('/api/messages?kind=invite-sms')).json()) as Array<{ to: string }>).filter((m) => m.to === to).length

  // Like a blast, it asks first: who, where, and what it says (the link is issued only when it is sent).
  await row.getByRole('button', { name: `Invite ${name} by SMS` }).click()
  const ask = page.getByRole('dialog', { name: `Send the invitation SMS to ${name}?` })
  await expect(ask).toContainText(`To ${memberPhone(21)}, with a personal link to Get to Know You.`)
  await expect(ask.getByRole('region', { name: 'The message' })).toContainText(name)
  await expect(ask.getByRole('region', { name: 'The message' })).toContainText('[personal link to Get to Know You]')
  await snapshot('admin-users-invite-1366')
  await ask.getByRole('button', { name: 'Cancel' }).click()
  await expect(ask).toBeHidden()
  expect(await invitesTo(memberPhone(21))).toBe(0)

  await row.getByRole('button', { name: `Invite ${name} by SMS` }).click()
  await ask.getByRole('button', { name: 'Send SMS' }).click()
  await expect(ask).toBeHidden()
  // No Twilio here: the SMS is kept in the outbox, and the toast says so instead of 'SMS sent to …'.
  await expect(page.getByText(`SMS for ${name} kept in the outbox — no SMS provider configured`)).toBeVisible()
  await expect(page.getByText(`SMS sent to ${name}`)).toHaveCount(0)
  expect(await invitesTo(memberPhone(21))).toBe(1)

  // PRODUCT §6: sent once. Asked again, it says when it went and sends only when confirmed.
  await row.getByRole('button', { name: `Invite ${name} by SMS` }).click()
  await expect(ask).toContainText(new RegExp(`Already sent to ${name} on `))
  await page.setViewportSize({ width: 390, height: 844 })
  await snapshot('admin-users-invite-again-390')
  await page.setViewportSize({ width: 1366, height: 900 })
  await ask.getByRole('button', { name: 'Send again' }).click()
  await expect(page.getByText('It was already on its way, so it was not sent twice.')).toBeVisible()

  await row.getByRole('button', { name: `Invite ${name} by e-mail` }).click()
  await page
    .getByRole('dialog', { name: `Send the invitation e-mail to ${name}?` })
    .getByRole('button', { name: 'Send e-mail' })
    .click()
  await expect(page.getByText(`Email for ${name} kept in the outbox — no e-mail provider configured`)).toBeVisible()

  // Without a phone number there is nothing to send an SMS to.
  await search(page, 'Sortable Ann')
  await expect(rowOf(page, 'Sortable Ann').getByRole('button', { name: 'Invite Sortable Ann by SMS' })).toBeDisabled()
})

test('a failed load says so and retries', async ({ page, signInAsAdmin }) => {
  await signInAsAdmin()
  await page.route('**/api/get-all-users-info**', (route) => route.fulfill({ status: 500, json: { error: 'Database is down' } }))
  await page.goto('/admin-users')
  await expect(page.getByText('Failed to load prompts')).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'The users could not be loaded' })).toContainText('Database is down')
  await page.unroute('**/api/get-all-users-info**')
  await page.getByRole('button', { name: 'Try again' }).click()
  await expect(bodyRows(page)).toHaveCount(100)
})

test('the table fits its box at 1366 px; at 390 px each user is a card showing the last conversation and minutes', async ({
  page,
  signInAsAdmin,
}) => {
  await page.setViewportSize({ width: 1366, height: 800 })
  await openUsers(page, signInAsAdmin)
  await expect(bodyRows(page)).toHaveCount(100)
  const widths = () =>
    table(page).evaluate((element) => ({ scroll: element.parentElement!.scrollWidth, box: element.parentElement!.clientWidth }))
  const wide = await widths()
  expect(wide.scroll).toBeLessThanOrEqual(wide.box)
  // Sorting stays in the headers.
  await expect(table(page).getByRole('columnheader', { name: 'Last conversation' })).toHaveAttribute('aria-sort', 'none')

  await page.setViewportSize({ width: 390, height: 844 })
  await search(page, 'Sortable Ben')
  const narrow = await widths()
  expect(narrow.scroll).toBeLessThanOrEqual(narrow.box)
  const ben = rowOf(page, 'Sortable Ben')
  const inView = async (locator: ReturnType<Page['locator']>) => {
    await expect(locator).toBeVisible()
    const box = (await locator.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
  }
  await inView(ben.locator('time'))
  await inView(ben.locator('td').nth(10).getByText('30', { exact: true }))
  await inView(ben.getByRole('button', { name: 'More analytics' }))
  await inView(ben.getByRole('button', { name: 'Invite Sortable Ben by e-mail' }))
  await expect(table(page).getByRole('columnheader', { name: 'Total minutes' }).getByRole('button')).toBeVisible()
  await viewShot(page, 'admin-users-390-card')
})
