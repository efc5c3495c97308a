// Group detail (SPEC §2 "Group detail", §8; PRODUCT §6, §9) as an admin uses it: mass add with a preview, test users,
// subgroups, per-member notices, Isolate to this Module seen from a member's user page, and blasts with progress
// that are sent once.
import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'

test.use({ viewport: { width: 1366, height: 900 } })

let counter = 0
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`

async function createGroup(request: APIRequestContext, name = unique('Detail Group')) {
  const res = await request.post('/api/create-group', { data: { name } })
  expect(res.ok(), await res.text()).toBe(true)
  return (await res.json()) as { id: string; name: string }
}

async function massAdd(request: APIRequestContext, groupId: string, lines: string[]) {
  const res = await request.post('/api/mass-add-users', { data: { groupId, text: lines.join('\n') } })
  expect(res.ok(), await res.text()).toBe(true)
  expect((await res.json()).rejected).toBe(0)
}

const membersTable = (page: Page) => page.getByRole('table', { name: 'Members' })
const memberRow = (page: Page, name: string) => membersTable(page).getByRole('row').filter({ hasText: name })
/** A full-page screenshot from the top, once the toasts are gone (they would cover the page). */
async function cleanSnapshot(page: Page, snapshot: (name: string) => Promise<void>, name: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 })
  await page.evaluate(() => window.scrollTo(0, 0))
  await snapshot(name)
}

const total = (page: Page, label: string) =>
  page.getByRole('definition').filter({ has: page.locator(`xpath=preceding-sibling::dt[.="${label}"]`) })

test('mass add: the preview shows each line and its error; the good lines are added, the bad one stays', async ({
  page,
  signInAsAdmin,
  snapshot,
}) => {
  await signInAsAdmin()
  const group = await createGroup(page.request)
  await page.goto(`/groups/${group.id}`)
  await expect(page).toHaveTitle(`${group.name} · Groups · Hearth`)
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible()
  await expect(membersTable(page).getByText('No members yet')).toBeVisible()

  const box = page.getByLabel('Mass Add Users')
  await box.fill(
    [
      '  Ada Lovelace , +1 (415) 555-0101 , ada@example.org ',
      '',
      'Bad Phone,555,bad@example.org',
      'Alan Turing,,alan@example.org',
      'Ada Again,+14155550101,',
    ].join('\n'),
  )
  await page.getByRole('button', { name: 'Preview' }).click()
  const preview = page.getByRole('dialog', { name: 'Preview of Mass Add Users' })
  await expect(preview.getByText('2 users will be added; 2 lines will not.')).toBeVisible()
  const lines = preview.getByRole('table', { name: 'Lines to add' })
  await expect(lines.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('+14155550101')
  await expect(lines.getByRole('row').filter({ hasText: 'Ada Lovelace' })).toContainText('New user')
  await expect(lines.getByRole('row').filter({ hasText: 'Bad Phone' })).toContainText(
    'Phone number is not valid (E.164, e.g. +14155552671)',
  )
  await expect(lines.getByRole('row').filter({ hasText: 'Ada Again' })).toContainText('Duplicate of line 1')
  await snapshot('group-detail-mass-add-preview-1366')
  // Nothing is added by the preview.
  expect((await (await page.request.get(`/api/get-group/${group.id}?page=1`)).json()).totals.members).toBe(0)

  await preview.getByRole('button', { name: 'Add 2 users' }).click()
  await expect(page.getByText('Added 2 users to the group')).toBeVisible()
  await expect(page.getByText('2 lines not added')).toBeVisible()
  await expect(page.getByText('Line 3 (Bad Phone): Phone number is not valid')).toBeVisible()
  await expect(preview).toBeHidden()
  await expect(box).toHaveValue('Bad Phone,555,bad@example.org\nAda Again,+14155550101,')
  await expect(membersTable(page).getByRole('row')).toHaveCount(3)
  await expect(memberRow(page, 'Ada Lovelace')).toContainText('ada@example.org')
  await expect(memberRow(page, 'Alan Turing')).toContainText('alan@example.org')
  await expect(total(page, 'Members')).toHaveText('2')
})

test('test users, subgroups and per-member notices', async ({ page, signInAsAdmin, snapshot }) => {
  await signInAsAdmin()
  const group = await createGroup(page.request)
  await massAdd(page.request, group.id, ['Rita Real,+14155550142,rita@example.org'])
  await page.goto(`/groups/${group.id}`)

  // The amount is clamped into 1–40 (default 15).
  const amount = page.getByLabel('Number of test users')
  await expect(amount).toHaveValue('15')
  await amount.fill('99')
  await amount.blur()
  await expect(amount).toHaveValue('40')
  await amount.fill('5')
  await page.getByRole('button', { name: 'Generate Test Users' }).click()
  await expect(page.getByText('Generated 5 test users')).toBeVisible()
  // The page reloads 2 s later with the new members.
  await expect(membersTable(page).getByRole('row')).toHaveCount(7, { timeout: 10_000 })
  await expect(total(page, 'Members')).toHaveText('6')
  await expect(total(page, 'With a profile')).toHaveText('5')

  // Assign SubGroups stays disabled until a number of at least 1 is set; assignment blasts until there are subgroups.
  const assign = page.getByRole('button', { name: 'Assign SubGroups' })
  await expect(assign).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Blast Assignment SMS' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Blast Assignment Email' })).toBeDisabled()
  const size = page.getByLabel('Users per subgroup')
  await size.fill('0')
  await expect(assign).toBeDisabled()
  await size.fill('3')
  await assign.click()
  await expect(page.getByText('Assigned 6 users to subgroups')).toBeVisible()
  await expect(page.getByText('6 users assigned · cost $0.00')).toBeVisible()
  const list = page.getByRole('list', { name: 'Subgroups' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  for (const item of await list.getByRole('listitem').all()) {
    await expect(item).toContainText('3 members')
    await expect(item.getByRole('heading', { level: 3 })).not.toBeEmpty()
  }
  await expect(total(page, 'With a subgroup')).toHaveText('6')
  await expect(page.getByRole('button', { name: 'Blast Assignment SMS' })).toBeEnabled()
  const rita = memberRow(page, 'Rita Real')
  const subgroupName = await list.getByRole('heading', { level: 3 }).first().textContent()
  expect(subgroupName).toBeTruthy()

  // Per-member notices: kept in the outbox (no provider here; never 'sent'), a repeat asked about first, and SPEC
  // §8's texts for members without phone or e-mail.
  await rita.getByRole('button', { name: 'Invite Rita Real by SMS' }).click()
  await expect(page.getByText('SMS for Rita Real kept in the outbox — no SMS provider configured')).toBeVisible()
  await rita.getByRole('button', { name: 'Invite Rita Real by e-mail' }).click()
  await expect(page.getByText('Email for Rita Real kept in the outbox — no e-mail provider configured')).toBeVisible()
  await expect(page.getByText('SMS sent to Rita Real')).toHaveCount(0)
  const assignmentSms = async () =>
    ((await (await page.request.get(`/api/messages?groupId=${group.id}&kind=assignment-sms`)).json()) as unknown[]).length
  await rita.getByRole('button', { name: 'Assign SMS' }).click()
  await expect.poll(assignmentSms).toBe(1)
  await expect(page.getByText('SMS for Rita Real kept in the outbox — no SMS provider configured').last()).toBeVisible()
  await rita.getByRole('button', { name: 'Assign SMS' }).click()
  const again = page.getByRole('alertdialog', { name: 'Send to Rita Real again?' })
  await expect(again).toContainText(/Already sent to 1 on /)
  expect(await assignmentSms()).toBe(1)
  await again.getByRole('button', { name: 'Send again' }).click()
  await expect(again).toBeHidden()
  // Confirmed within a minute of the first, the server keeps it one message (a double click never sends twice).
  await expect(page.getByText('It was sent moments ago, so it was not sent twice.')).toBeVisible()
  expect(await assignmentSms()).toBe(1)

  // A test user has no phone or e-mail: nothing to send to, so the buttons are off and say why (as on the Users screen).
  const tester = membersTable(page).getByRole('row').filter({ hasNotText: 'Rita Real' }).nth(1)
  for (const [name, reason] of [
    [/^Invite .* by SMS$/, 'No phone number'],
    [/^Invite .* by e-mail$/, 'No email address'],
    ['Assign SMS', 'No phone number'],
    ['Assign E-mail', 'No email address'],
  ] as const) {
    const button = tester.getByRole('button', { name })
    await expect(button).toBeDisabled()
    await expect(button).toHaveAccessibleDescription(reason)
    await expect(button).toHaveAttribute('title', reason)
  }

  await cleanSnapshot(page, snapshot, 'group-detail-1366')
  await page.setViewportSize({ width: 390, height: 844 })
  // Each member is a card at 390 px: nothing to scroll sideways to, whether they met included.
  const widths = await membersTable(page).evaluate((t) => ({ scroll: t.parentElement!.scrollWidth, box: t.parentElement!.clientWidth }))
  expect(widths.scroll).toBeLessThanOrEqual(widths.box)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  const met = tester.getByRole('cell').nth(5)
  await expect(met).toHaveAttribute('data-label', 'Met?')
  await met.scrollIntoViewIfNeeded()
  const metBox = (await met.boundingBox())!
  expect(metBox.x + metBox.width).toBeLessThanOrEqual(390)
  await cleanSnapshot(page, snapshot, 'group-detail-390')
})

test("Isolate to this Module: a member's user page lists only that module", async ({ page, browser, signInAsAdmin }) => {
  await signInAsAdmin()
  const group = await createGroup(page.request)
  const created = await page.request.post('/api/create-user', { data: { name: unique('Iris'), phone_number: '', email: '' } })
  const user = (await created.json()) as { name: string; fileName: string }
  await page.request.post('/api/add-user-to-group', { data: { groupId: group.id, userFile: user.fileName } })
  await page.goto(`/groups/${group.id}`)

  const isolate = page.getByRole('checkbox', { name: 'Isolate to this Module' })
  await expect(isolate).not.toBeChecked()
  await page.getByRole('combobox', { name: 'Module' }).click()
  await page.getByRole('option', { name: 'default_Check In' }).click()
  // The select's list must be gone first: while it closes it still takes the clicks meant for the page.
  await expect(page.getByRole('listbox')).toBeHidden()
  await expect(page.getByRole('combobox', { name: 'Module' })).toHaveText('default_Check In')
  await isolate.click()
  await expect(page.getByText('Group isolated to default_Check In')).toBeVisible()
  await expect(isolate).toBeChecked()
  await page.reload()
  await expect(isolate).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Module' })).toHaveText('default_Check In')
  await expect(page.getByText('Isolated to default_Check In', { exact: true })).toBeVisible()

  // The member opens a personal link to another module in a browser of their own.
  const link = await page.request.post('/api/user-link', { data: { userFile: user.fileName, moduleName: 'Get to Know You' } })
  const { url } = (await link.json()) as { url: string }
  const member = await browser.newContext({ viewport: { width: 1366, height: 800 } })
  try {
    const memberPage = await member.newPage()
    await memberPage.goto(url)
    await expect(memberPage.getByTestId('module-name')).toHaveText('Module: Check In')
    await memberPage.getByRole('button', { name: 'Open menu' }).click()
    const choose = memberPage.getByRole('menu').getByRole('group', { name: 'Choose Module' })
    await expect(choose.getByRole('menuitemradio')).toHaveCount(1)
    await expect(choose.getByRole('menuitemradio', { name: 'Check In', exact: true })).toBeVisible()

    // Lifted: the member sees every module again.
    await page.bringToFront()
    await isolate.click()
    await expect(isolate).not.toBeChecked()
    await expect(page.getByText('Group no longer isolated to a module')).toBeVisible()
    await memberPage.reload()
    await memberPage.getByRole('button', { name: 'Open menu' }).click()
    await expect(choose.getByRole('menuitemradio', { name: 'Get to Know You' })).toBeVisible()
  } finally {
    await member.close()
  }
})

test('a blast: dry run, live progress to done that survives a reload, and a repeat refused until confirmed', async ({
  page,
  signInAsAdmin,
  snapshot,
}) => {
  await signInAsAdmin()
  const group = await createGroup(page.request)
  await massAdd(page.request, group.id, ['Bo Blast,+14155550151,', 'Cy Blast,+14155550152,cy@example.org', 'Di Nophone,,di@example.org'])
  const blasts = async () => ((await (await page.request.get(`/api/blasts?groupId=${group.id}`)).json()) as { blasts: unknown[] }).blasts
  await page.goto(`/groups/${group.id}`)

  await page.getByRole('button', { name: 'Blast Initiation SMS' }).click()
  const dryRun = page.getByRole('dialog', { name: 'Send the Initiation SMS?' })
  await expect(dryRun).toContainText('2 members of 3 will receive it, with a link to Get to Know You.')
  await expect(dryRun.getByRole('list', { name: 'Skipped members' })).toContainText('Di Nophone')
  await expect(dryRun.getByRole('list', { name: 'Skipped members' })).toContainText('no phone')
  // Issue 21: who gets it by name, and what it says (as the first of them reads it; the link is issued at send time).
  await expect(dryRun.getByRole('list', { name: 'Receiving members' }).getByRole('listitem')).toHaveText(['Bo Blast', 'Cy Blast'])
  const text = dryRun.getByRole('region', { name: 'The message, as Bo Blast will read it' })
  await expect(text).toContainText('Bo Blast')
  await expect(text).toContainText('[personal link to Get to Know You]')
  await snapshot('group-detail-blast-dry-run-1366')
  await page.setViewportSize({ width: 390, height: 844 })
  await snapshot('group-detail-blast-dry-run-390')
  await page.setViewportSize({ width: 1366, height: 900 })
  await dryRun.getByRole('button', { name: 'Send to 2 members' }).click()
  await expect(dryRun).toBeHidden()

  const progress = page.getByRole('group', { name: 'Initiation SMS progress' })
  await expect(progress).toBeVisible()
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100')
  await expect(progress).toContainText('Done')
  // No SMS provider here: kept in the outbox, counted apart from sent, and the toast says so.
  await expect(progress).toContainText(/Sent\s*0/)
  await expect(progress).toContainText(/Kept in outbox\s*2/)
  await expect(progress).toContainText('no SMS provider configured')
  await expect(page.getByText('Initiation SMS kept in the outbox for 2 members')).toBeVisible()
  await expect(page.getByText('No SMS provider configured: nothing was sent. 1 member skipped')).toBeVisible()
  await cleanSnapshot(page, snapshot, 'group-detail-blast-done-1366')
  expect(await blasts()).toHaveLength(1)

  // A reload finds the blast again (GET /api/blasts?groupId=).
  await page.reload()
  await expect(progress).toContainText('Done')
  await expect(progress).toContainText(/Kept in outbox\s*2/)
  await expect(progress).toContainText(/Skipped\s*1/)

  // The same blast again: the dry run warns, the server refuses, and the admin is asked before it goes again.
  await page.getByRole('button', { name: 'Blast Initiation SMS' }).click()
  await expect(dryRun).toContainText(/Already sent to 2 on /)
  await dryRun.getByRole('button', { name: 'Send to 2 members' }).click()
  const repeat = page.getByRole('dialog', { name: 'Send the Initiation SMS again?' })
  await expect(repeat).toContainText(/Already sent to 2 on \w{3} \d{1,2}, \d{4}/)
  await repeat.getByRole('button', { name: 'Cancel' }).click()
  await expect(repeat).toBeHidden()
  expect(await blasts()).toHaveLength(1)

  await page.getByRole('button', { name: 'Blast Initiation SMS' }).click()
  await dryRun.getByRole('button', { name: 'Send to 2 members' }).click()
  await repeat.getByRole('button', { name: 'Send again' }).click()
  await expect(page.getByText('Initiation SMS kept in the outbox for 2 members')).toBeVisible()
  expect(await blasts()).toHaveLength(2)

  // An e-mail blast reaches the two with an address.
  await page.getByRole('button', { name: 'Blast Initiation Email' }).click()
  await page.getByRole('dialog', { name: 'Send the Initiation Email?' }).getByRole('button', { name: 'Send to 2 members' }).click()
  await expect(page.getByText('Initiation Email kept in the outbox for 2 members')).toBeVisible()
})
