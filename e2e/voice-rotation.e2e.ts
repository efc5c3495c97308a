// A conversation outlives its upstream session (issue 23 §3), in Chromium with the local voice provider, which
// ends its sessions at REALTIME_SESSION_CAP_SECONDS as OpenAI does at 60 minutes. A cap of seconds would change
// every other browser test, so these run on a dedicated server of their own (fixtures/dedicated-server.ts).
import type { Page } from '@playwright/test'

import { admin } from './fixtures/env.ts'
import { expect, fillLogin, test } from './fixtures/hearth.ts'
import { type DedicatedServer, startDedicatedServer, userLinkOn } from './fixtures/dedicated-server.ts'
import { voice } from './fixtures/voice-hook.ts'

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' })
const assistantMessages = (page: Page) => conversation(page).locator('li[data-role="assistant"]')
const eventRows = (page: Page, type: string) => page.getByRole('table', { name: 'Event log' }).locator(`tr[data-type="${type}"]`)

test.describe('console: rotation before the cap', () => {
  test.describe.configure({ timeout: 150_000 })
  let server: DedicatedServer
  // Each upstream session is prepared a successor 3 s after it opened and would be ended at 12 s.
  test.beforeAll(async () => {
    server = await startDedicatedServer({ REALTIME_SESSION_CAP_SECONDS: '12', REALTIME_ROTATE_BEFORE_SECONDS: '9' })
  })
  test.afterAll(async () => server?.stop())

  test('the conversation goes on across a rotation on the same connection, and a typed turn is answered after it', async ({
    page,
    snapshot,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(`${server.url}/login`)
    await fillLogin(page, admin.email, admin.password)
    await expect(page.getByText(`Signed in as ${admin.email} (admin)`).first()).toBeAttached()
    await page.goto(`${server.url}/`)
    // Manual turns: the fake microphone does not speak, so the conversation rests at a turn boundary between turns.
    await page.getByRole('radio', { name: 'Manual' }).click()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    await expect(assistantMessages(page).first()).toHaveAttribute('data-status', 'completed', { timeout: 15_000 })

    // The relay rotates on its own once the greeting is over: the page is told, nothing is cut.
    await expect(eventRows(page, 'hearth.continued').first()).toContainText('continued · rotation', { timeout: 15_000 })
    await expect(eventRows(page, 'hearth.continued').filter({ hasText: 'restarting' })).toHaveCount(0)
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0)
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('rotation-console-1366')

    const assistantBefore = await assistantMessages(page).count()
    await voice(page, 'sendText', 'Where were we?')
    await expect(conversation(page).locator('li[data-role="user"]').filter({ hasText: 'Where were we?' })).toHaveCount(1, {
      timeout: 10_000,
    })
    await expect.poll(async () => assistantMessages(page).count(), { timeout: 20_000 }).toBeGreaterThan(assistantBefore)
    await expect(assistantMessages(page).last()).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    expect((await assistantMessages(page).last().locator('p').textContent())?.length).toBeGreaterThan(0)

    // One connection throughout: never reconnecting, one resumable session, no error shown.
    expect(await voice(page, 'statuses')).toEqual(['disconnected', 'connecting', 'connected'])
    await expect(eventRows(page, 'hearth.resumable')).toHaveCount(1)
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)

    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('rotation-console-390')
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible({ timeout: 35_000 })
  })
})

test.describe('user page: the provider ends the session', () => {
  test.describe.configure({ timeout: 150_000 })
  let server: DedicatedServer
  // No rotation: the local provider ends each upstream session 8 s after it opened, wherever the conversation is.
  test.beforeAll(async () => {
    server = await startDedicatedServer({ REALTIME_SESSION_CAP_SECONDS: '8', REALTIME_ROTATE_BEFORE_SECONDS: '0' })
  })
  test.afterAll(async () => server?.stop())

  test('the member is told in plain words and the chat goes on', async ({ page, snapshot }) => {
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.goto(await userLinkOn(server))
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, Ada$/ })).toBeVisible()
    await page.getByRole('button', { name: 'chat' }).click()
    await expect(page.getByRole('button', { name: 'disconnect' })).toBeVisible({ timeout: 15_000 })
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'The line cut out for a moment' })
    await expect(toast).toBeVisible({ timeout: 20_000 })
    await expect(toast).toHaveText('The line cut out for a moment. We are reconnecting, and you can carry on where you left off.')
    await snapshot('rotation-user-cut-1366')
    await page.setViewportSize({ width: 390, height: 844 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await snapshot('rotation-user-cut-390')

    // Still the same chat: connected, and the assistant goes on speaking in the new upstream session.
    await expect(page.getByRole('button', { name: 'disconnect' })).toBeVisible()
    const spokenBefore = (await voice(page, 'conversation')).filter((item) => item.role === 'assistant').length
    await expect
      .poll(async () => (await voice(page, 'conversation')).filter((item) => item.role === 'assistant').length, { timeout: 30_000 })
      .toBeGreaterThan(spokenBefore)
    expect(await voice(page, 'statuses')).not.toContain('reconnecting')
    await page.getByRole('button', { name: 'disconnect' }).click()
  })
})
