// The community loop (PRODUCT §11) as an admin and a member meet it: on the group detail the admin sets the asking
// delays and asks told members now (after a confirm); the members table shows them asked; a member answers the card
// on their user page, and the group detail shows their "Yes".
import type { APIRequestContext, Page } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`

async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { data })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

/** A group of five members with phones, assigned one subgroup and told it by SMS (kept in the outbox: told). */
async function toldGroup(request: APIRequestContext) {
  const group = (await post(request, '/api/create-group', { name: unique('Loop Group') })) as { id: string; name: string }
  const names = ['Mae', 'Ned', 'Ola', 'Pia', 'Quin'].map((n) => `${n} ${group.id.slice(-4)}`)
  const lines = names.map((name, i) => `${name},+1415555${String(200 + i).padStart(4, '0')},`)
  await post(request, '/api/mass-add-users', { groupId: group.id, text: lines.join('\n') })
  await post(request, '/api/assign-subgroups', { groupId: group.id, usersPerGroup: 5 })
  const blast = (await post(request, '/api/blasts', { groupId: group.id, kind: 'assignment-sms' })) as { campaignId: string }
  await expect
    .poll(async () => ((await (await request.get(`/api/blasts/${blast.campaignId}`)).json()) as { done?: boolean }).done, {
      timeout: 10_000,
    })
    .toBe(true)
  return { group, names }
}

const memberRow = (page: Page, name: string) => page.getByRole('table', { name: 'Members' }).getByRole('row').filter({ hasText: name })

test('the admin asks told members whether they met; a member answers on their page; the group detail shows it', async ({
  page,
  browser,
  signInAsAdmin,
  snapshot,
}) => {
  await signInAsAdmin()
  const { group, names } = await toldGroup(page.request)
  await page.setViewportSize({ width: 1366, height: 900 })
  await page.goto(`/groups/${group.id}`)
  const card = page.getByRole('region', { name: 'Meeting up' })
  // The group's numbers: each step on its own evidence, so members added by hand and never invited count as told.
  await expect(card.getByRole('term')).toHaveText(['Told', 'Met', 'Met again'])
  await expect(card.getByRole('definition').first()).toHaveText('5')

  // The delays, saved and read back.
  await card.getByLabel('Ask whether they met after (days)').fill('3')
  await card.getByLabel('Ask whether they met again after (days)').fill('21')
  await card.getByRole('button', { name: 'Save delays' }).click()
  await expect(page.getByText('Asking delays saved')).toBeVisible()
  expect(await (await page.request.get(`/api/met-settings/${group.id}`)).json()).toEqual({ metAskDays: 3, metAgainDays: 21 })

  // Ask now, confirmed: every told member is asked once; a second ask finds nobody left.
  await card.getByRole('button', { name: 'Ask now' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Ask told members whether they met?' })
  await confirm.getByRole('button', { name: 'Ask now' }).click()
  await expect(page.getByText('Asked 5 members')).toBeVisible()
  await expect(memberRow(page, names[0])).toContainText(/Asked .* · SMS/)
  await card.getByRole('button', { name: 'Ask now' }).click()
  await confirm.getByRole('button', { name: 'Ask now' }).click()
  await expect(page.getByText('Everyone told has been asked already')).toBeVisible()

  // The member opens their personal link in a browser of their own and answers the card.
  const member = (await (await page.request.get(`/api/get-group/${group.id}?page=1`)).json()).members.find(
    (m: { name: string }) => m.name === names[0],
  ) as { fileName: string; subgroup: { subgroupName: string } }
  const { url } = (await post(page.request, '/api/user-link', { userFile: member.fileName, moduleName: 'Get to Know You' })) as {
    url: string
  }
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  try {
    const memberPage = await context.newPage()
    await memberPage.goto(url)
    const question = memberPage.getByRole('region', { name: `Did you get to meet your group ${member.subgroup.subgroupName}?` })
    await expect(question).toBeVisible()
    await expect(memberPage.getByRole('button', { name: 'chat', exact: true })).toBeVisible()
    // By keyboard: the answer is sent, and the focus goes on to the chat button, not lost with the card.
    await question.getByRole('button', { name: 'Yes, we met' }).focus()
    await memberPage.keyboard.press('Enter')
    await expect(memberPage.getByText('Thanks — we’ve noted that.')).toBeVisible()
    await expect(question).toBeHidden()
    await expect(memberPage.getByRole('button', { name: 'chat', exact: true })).toBeFocused()
  } finally {
    await context.close()
  }

  await page.reload()
  await expect(memberRow(page, names[0])).toContainText(/Yes · /)
  // One member met: a count of 1 is never shown.
  await expect(card.getByRole('definition').nth(1)).toHaveText('fewer than 5')
  await expect(memberRow(page, names[1])).toContainText(/Asked /)
  await snapshot('community-loop-group-detail-1366')
})
