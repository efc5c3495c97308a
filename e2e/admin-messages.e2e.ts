// The admin Messages view (PRODUCT §6 "Admins see each message's state", §9 GET /api/messages): after an invitation
// and a group blast, the admin finds each message with its state, and narrows the list by state, kind and group.
// No SMS or e-mail provider is configured here, so messages are kept in the outbox: 'Kept in outbox', never 'Sent'.
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'

const suffix = Date.now().toString(36)
const ROSA = `Rosa Outbox ${suffix}`
const NELL = `Nell Nophone ${suffix}`
const GROUP = `Messages Club ${suffix}`

/** What an admin does elsewhere (Users, Group detail): an e-mail invitation, then an SMS blast to a group. */
async function postAs(page: Page, path: string, data: object) {
  const res = await page.request.post(path, { data })
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true)
  return res.json()
}

async function sendSomeMessages(page: Page) {
  const post = (path: string, data: object) => postAs(page, path, data)
  const rosa = await post('/api/create-user', { name: ROSA, phone_number: '+14155550142', email: 'rosa.outbox@example.com' })
  const nell = await post('/api/create-user', { name: NELL, phone_number: '', email: '' })
  const group = await post('/api/create-group', { name: GROUP })
  for (const user of [rosa, nell]) await post('/api/add-user-to-group', { groupId: group.id, userFile: user.fileName })
  await post('/api/send-invite-email', { userFile: rosa.fileName, email: 'rosa.outbox@example.com', moduleName: 'Get to Know You' })
  const blast = await post('/api/blasts', { groupId: group.id, kind: 'invite-sms' })
  // The blast is sent by the job queue: wait until its progress says done.
  await expect
    .poll(async () => (await (await page.request.get(`/api/blasts/${blast.campaignId}`)).json()).done, { timeout: 15_000 })
    .toBe(true)
}

const table = (page: Page) => page.getByRole('table', { name: 'Messages' })
const rowOf = (page: Page, ...texts: string[]) => texts.reduce((rows, text) => rows.filter({ hasText: text }), table(page).getByRole('row'))

async function choose(page: Page, filter: 'Group' | 'Kind' | 'State', option: string) {
  await page.getByRole('combobox', { name: filter }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test.describe('admin messages', () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('after an invite the admin sees each message with its state, and filters by state', async ({ page, snapshot }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await sendSomeMessages(page)

    await page.goto('/admin-users')
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' }).click()
    await expect(page).toHaveURL(/\/admin-messages$/)
    await expect(page).toHaveTitle('Messages · Hearth')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()

    // Newest first: the blast's two rows, then the e-mail invitation.
    await expect(rowOf(page, ROSA, 'Invitation e-mail', 'Kept in outbox')).toHaveCount(1)
    await expect(rowOf(page, ROSA, 'Invitation SMS', GROUP, 'Kept in outbox')).toHaveCount(1)
    await expect(table(page).getByText('Sent', { exact: true })).toHaveCount(0)
    await expect(rowOf(page, ROSA, 'Invitation SMS')).toContainText('+14155550142')
    await expect(rowOf(page, NELL, 'Invitation SMS', GROUP, 'Skipped')).toContainText('no phone')
    const rows = await table(page).getByRole('row').filter({ hasText: suffix }).allInnerTexts()
    expect(rows).toHaveLength(3)
    expect(rows[2]).toContain('Invitation e-mail')
    await snapshot('admin-messages-1366')

    await choose(page, 'State', 'Skipped')
    await expect(page).toHaveURL(/status=skipped/)
    await expect(rowOf(page, NELL, 'Skipped')).toHaveCount(1)
    await expect(rowOf(page, ROSA)).toHaveCount(0)
    await expect(page.getByText('1 message matches these filters')).toBeVisible()

    // The filter survives a reload: it lives in the URL.
    await page.reload()
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Skipped')
    await expect(rowOf(page, NELL, 'Skipped')).toHaveCount(1)

    await choose(page, 'State', 'Kept in outbox')
    await expect(page).toHaveURL(/status=kept/)
    await expect(rowOf(page, ROSA, 'Invitation e-mail')).toHaveCount(1)
    await expect(rowOf(page, NELL)).toHaveCount(0)
    await choose(page, 'Kind', 'Invitation SMS')
    await expect(rowOf(page, ROSA, 'Invitation SMS')).toHaveCount(1)
    await expect(rowOf(page, ROSA, 'Invitation e-mail')).toHaveCount(0)

    await choose(page, 'State', 'Unknown')
    await expect(table(page)).toContainText('No messages match these filters.')

    await choose(page, 'State', 'All states')
    await choose(page, 'Kind', 'All kinds')
    await choose(page, 'Group', GROUP)
    await expect(page).toHaveURL(/groupId=/)
    await expect(rowOf(page, suffix)).toHaveCount(2)
    await expect(page.getByText('2 messages match these filters')).toBeVisible()
  })

  test('an admin opens a message and reads what it said', async ({ page, snapshot }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    const ida = `Ida Reader ${suffix}`
    const user = await postAs(page, '/api/create-user', { name: ida, phone_number: '', email: 'ida.reader@example.com' })
    await postAs(page, '/api/send-invite-email', { userFile: user.fileName, moduleName: 'Get to Know You' })
    await page.goto(`/admin-messages?kind=invite-email`)
    const row = rowOf(page, ida, 'Invitation e-mail')
    await row.getByRole('button', { name: `Open the Invitation e-mail to ${ida}` }).click()
    const dialog = page.getByRole('dialog', { name: `Invitation e-mail to ${ida}` })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText('Kept in the outbox — no e-mail provider configured')
    await expect(dialog).toContainText('ida.reader@example.com')
    await expect(dialog).toContainText('Not sent')
    // The text, with the personal link named but never issued.
    const text = dialog.getByRole('region', { name: 'Message text' })
    await expect(text).toContainText('Subject: Your Hearth invitation')
    await expect(text).toContainText('[personal link to Get to Know You]')
    await snapshot('admin-messages-open-1366')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(row.getByRole('button', { name: /^Open the/ })).toBeFocused()
    await page.setViewportSize({ width: 390, height: 844 })
    await row.getByRole('button', { name: /^Open the/ }).click()
    await expect(dialog.getByRole('region', { name: 'Message text' })).toContainText(ida)
    await snapshot('admin-messages-open-390')
  })

  test('on a phone the filters stack and the table scrolls', async ({ page, snapshot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/admin-messages')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Group' })).toBeVisible()
    await expect(table(page).getByRole('row').nth(1)).toBeVisible()
    // The page itself never scrolls sideways; the table does, inside its card.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await table(page).evaluate((t) => t.parentElement!.scrollWidth > t.parentElement!.clientWidth)).toBe(true)
    const group = await page.getByRole('combobox', { name: 'Group' }).boundingBox()
    const state = await page.getByRole('combobox', { name: 'State' }).boundingBox()
    expect(state!.y).toBeGreaterThan(group!.y)
    await snapshot('admin-messages-390')
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto('/admin-messages?status=skipped')
    await expect(page.getByRole('combobox', { name: 'State' })).toHaveText('Skipped')
    await snapshot('admin-messages-skipped-1366')
  })
})
