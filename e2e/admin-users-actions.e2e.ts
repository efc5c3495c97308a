// The admin Users screen for one user or a few: quiz summaries written by real chats, paged in their dialog; a row's
// menu exports the user's data and revokes their links after asking (issue 21), the toolbar revokes for the
// selection, and the delete question tells same-named users apart. Each test makes the users it needs.
import { readFileSync } from 'node:fs'
import type { APIRequestContext, Browser } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'
import { bodyRows, createUser as createUserAs, openUsers, rowOf, signedInStaff } from './fixtures/users-screen.ts'

let staff: APIRequestContext
const createUser = (name: string, phone_number = '', email = '') => createUserAs(staff, name, phone_number, email)

test.beforeAll(async () => {
  staff = await signedInStaff()
})

test.afterAll(async () => {
  await staff?.dispose()
})

test('quiz summaries written by two real chats, paged in the dialog', async ({ page, browser, signInAsAdmin, snapshot }) => {
  test.setTimeout(150_000)
  const user = await createUser('Quiz Taker')
  await chat(browser, user.fileName, [
    'I grow tomatoes and courgettes on my allotment.',
    'Tomatoes are my favourite, and I keep chickens there too.',
    'The allotment is where I relax after work.',
    'Chickens and tomatoes, that is my whole summer.',
  ])
  await chat(browser, user.fileName, [
    'I sing in a choir every Monday evening.',
    'The choir is rehearsing a requiem at the moment.',
    'On weekends I do woodworking in the shed.',
    'Woodworking and the choir keep me busy.',
  ])

  await page.setViewportSize({ width: 1366, height: 900 })
  await openUsers(page, signInAsAdmin, '?q=Quiz%20Taker')
  const row = rowOf(page, 'Quiz Taker')
  await expect(row.getByRole('button', { name: 'Yes' })).toBeVisible() // the chats wrote a profile too
  await row.getByRole('button', { name: 'View' }).click()
  const dialog = page.getByRole('dialog', { name: 'Quiz summaries' })
  await expect(dialog.getByRole('heading', { name: 'Quiz 2 of 2' })).toBeVisible()
  await expect(dialog).toContainText(/In Get to Know You, Quiz Taker talked about .*choir/)
  await expect(dialog.locator('time')).toHaveText(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date()))
  await expect(dialog.getByRole('button', { name: 'Next' })).toBeDisabled()
  await snapshot('admin-users-quiz-1366')
  await dialog.getByRole('button', { name: 'Previous' }).click()
  await expect(dialog.getByRole('heading', { name: 'Quiz 1 of 2' })).toBeVisible()
  await expect(dialog).toContainText('tomatoes')
  await expect(dialog).not.toContainText('choir')
  await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled()
  await dialog.getByRole('button', { name: 'Next' }).click()
  await expect(dialog.getByRole('heading', { name: 'Quiz 2 of 2' })).toBeVisible()
  await page.setViewportSize({ width: 390, height: 844 })
  await snapshot('admin-users-quiz-390')
  await page.keyboard.press('Escape')

  await page.setViewportSize({ width: 1366, height: 900 })
  await row.getByRole('button', { name: 'Yes' }).click()
  await expect(page.getByRole('dialog', { name: 'Profile for group' })).toContainText('tomatoes')
  await snapshot('admin-users-profile-1366')
})

/**
 * One typed chat of the end user through the product's voice relay (local provider): their personal link signs a
 * browser context in, then the page's own websocket types `lines`, lets each reply finish and ends the session after
 * SPEC §4's 20 s, so the server's post-chat work writes the quiz summary.
 */
async function chat(browser: Browser, userFile: string, lines: string[]) {
  const link = await staff.post('/api/user-link', { data: { userFile, moduleName: 'Get to Know You' } })
  expect(link.ok(), await link.text()).toBe(true)
  const { url } = (await link.json()) as { url: string }
  const context = await browser.newContext()
  try {
    const userPage = await context.newPage()
    await userPage.goto(url)
    await expect(userPage.getByRole('heading', { level: 1, name: /^Hi, / })).toBeVisible()
    const result = await userPage.evaluate(async (said) => {
      const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws?page=user&module=${encodeURIComponent('Get to Know You')}`)
      const seen: Array<Record<string, unknown>> = []
      const waiters: Array<{ type: string; resolve: (m: Record<string, unknown>) => void }> = []
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data))
        seen.push(message)
        for (const w of waiters.filter((w) => w.type === message.type)) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(message)
        }
      }
      const next = (type: string, ms = 20_000) =>
        new Promise<Record<string, unknown>>((resolve, reject) => {
          waiters.push({ type, resolve })
          setTimeout(() => reject(new Error(`no ${type} within ${ms} ms`)), ms)
        })
      await next('hearth.session')
      const startedAt = Date.now()
      for (const text of said) {
        ws.send(
          JSON.stringify({
            type: 'conversation.item.create',
            item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
          }),
        )
        const done = next('response.done')
        ws.send(JSON.stringify({ type: 'response.create' }))
        await done
      }
      await new Promise((r) => setTimeout(r, Math.max(0, startedAt + 21_000 - Date.now())))
      const postChat = next('hearth.post_chat')
      ws.send(JSON.stringify({ type: 'hearth.end_session' }))
      return postChat
    }, lines)
    expect(result).toMatchObject({ type: 'hearth.post_chat', status: 'done' })
  } finally {
    await context.close()
  }
}

test("a row's menu exports the user's data as a JSON download and revokes their links, after asking", async ({ page, signInAsAdmin }) => {
  const user = await createUser('Revocable Rae', '+14155550177', 'rae@example.org')
  const link = await staff.post('/api/user-link', { data: { userFile: user.fileName, moduleName: 'Get to Know You' } })
  const token = new URL(((await link.json()) as { url: string }).url).hash.replace(/^#k=/, '')
  const other = await createUser('Revocable Ray')
  await openUsers(page, signInAsAdmin, '?q=Revocable')
  const row = rowOf(page, user.name)

  await row.getByRole('button', { name: `Actions for ${user.name}` }).click()
  const download = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Export data (JSON)' }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`hearth-export-${user.fileName}`)
  const exported = JSON.parse(readFileSync((await file.path())!, 'utf8'))
  expect(exported.user).toMatchObject({ name: user.name, fileName: user.fileName, email: 'rae@example.org' })
  expect(exported.personalLinks).toMatchObject({ issued: 1, active: 1 })

  await row.getByRole('button', { name: `Actions for ${user.name}` }).click()
  await page.getByRole('menuitem', { name: 'Revoke personal links…' }).click()
  const confirm = page.getByRole('alertdialog', { name: `Revoke the personal links of ${user.name}?` })
  await expect(confirm).toContainText(user.fileName)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect((await staff.post('/api/user-session', { data: { token } })).status()).toBe(200)

  await row.getByRole('button', { name: `Actions for ${user.name}` }).click()
  await page.getByRole('menuitem', { name: 'Revoke personal links…' }).click()
  await confirm.getByRole('button', { name: 'Revoke links' }).click()
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Personal links revoked for ${user.name}` })
  await expect(toast).toContainText('1 personal link revoked · 1 sign-in ended · 0 live voice sessions ended')
  expect((await staff.post('/api/user-session', { data: { token } })).status()).toBe(401)

  // The toolbar revokes for every selected user, naming each in the question.
  await page.getByRole('checkbox', { name: `Select row ${user.name}` }).check()
  await page.getByRole('checkbox', { name: `Select row ${other.name}` }).check()
  await page.getByRole('button', { name: 'Revoke links' }).click()
  const bulk = page.getByRole('alertdialog', { name: 'Revoke the personal links of 2 users?' })
  await expect(bulk.getByRole('listitem')).toHaveCount(2)
  await bulk.getByRole('button', { name: 'Revoke links' }).click()
  await expect(page.getByText('Personal links revoked for 2 users')).toBeVisible()
})

test('the delete question tells users of one name apart', async ({ page, signInAsAdmin }) => {
  const one = await createUser('Twin Tess', '+14155550188', 'tess.one@example.org')
  const two = await createUser('Twin Tess', '', 'tess.two@example.org')
  await openUsers(page, signInAsAdmin, '?q=Twin%20Tess')
  await expect(bodyRows(page)).toHaveCount(2)
  await page.getByRole('checkbox', { name: 'Select all' }).check()
  await page.getByRole('button', { name: 'Delete Users' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete selected users?' })
  const listed = confirm.getByRole('list', { name: 'Users to delete' }).getByRole('listitem')
  await expect(listed).toHaveCount(2)
  await expect(listed.filter({ hasText: 'tess.one@example.org' })).toContainText(`+14155550188 · ${one.fileName}`)
  await expect(listed.filter({ hasText: 'tess.two@example.org' })).toContainText(two.fileName)
  await confirm.getByRole('button', { name: 'Cancel' }).click()
})
