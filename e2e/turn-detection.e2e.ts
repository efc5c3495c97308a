// Issue 23: semantic VAD chosen on the console (sent to the live session with session.update, acknowledged by the
// local provider's session.updated) and per sequence in the Prompt Manager (the console then starts from it).
import type { Page } from '@playwright/test'

import { chooseOption } from './fixtures/prompt-manager.ts'
import { expect, screenshotsDir, test } from './fixtures/hearth.ts'

const SHOTS_DIR = process.env.E2E_SHOTS_DIR || screenshotsDir
const eventRows = (page: Page, type: string) => page.getByRole('table', { name: 'Event log' }).locator(`tr[data-type="${type}"]`)
/** The event log lists the newest first. */
const newest = (page: Page, type: string) => eventRows(page, type).first()
const assistantMessages = (page: Page) => page.getByRole('list', { name: 'Conversation' }).locator('li[data-role="assistant"]')

async function shots(page: Page, name: string) {
  const before = page.viewportSize() ?? { width: 1366, height: 900 }
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize(before)
}

test.describe('turn detection', () => {
  test.describe.configure({ timeout: 120_000 })
  test.use({ viewport: { width: 1366, height: 900 } })

  test('the console switches the live session to semantic VAD and its eagerness, and back', async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await page.goto('/')
    const detection = page.getByRole('combobox', { name: 'Turn detection' })
    await expect(detection).toHaveText('As the sequence')
    await expect(page.getByRole('combobox', { name: 'Eagerness' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(assistantMessages(page).first()).toContainText('How are you doing today?', { timeout: 10_000 })
    // The live session's own detection (its sequence sets none: the console's server VAD).
    await expect(detection).toHaveText('Server VAD')

    await chooseOption(page, 'Turn detection', 'Semantic VAD')
    await expect(page.getByRole('combobox', { name: 'Eagerness' })).toHaveText('Auto')
    await expect(newest(page, 'session.update')).toContainText('semantic VAD, eagerness auto')
    await expect(newest(page, 'session.updated')).toContainText('semantic VAD, eagerness auto')
    await chooseOption(page, 'Eagerness', 'High')
    await expect(newest(page, 'session.updated')).toContainText('semantic VAD, eagerness high')
    await page.evaluate(() => window.scrollTo(0, 0))
    await shots(page, 'console-semantic-vad')

    await chooseOption(page, 'Turn detection', 'Server VAD')
    await expect(newest(page, 'session.updated')).toContainText('VAD, silence 200 ms')
    await expect(page.getByRole('combobox', { name: 'Eagerness' })).toHaveCount(0)
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled({ timeout: 10_000 })
  })

  test('the testing page offers the same choice beside its run settings', async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await page.goto('/testing')
    const settings = page.getByRole('region', { name: 'Run settings' })
    await expect(settings.getByRole('combobox', { name: 'Turn detection' })).toHaveText('As the sequence')
    await chooseOption(page, 'Turn detection', 'Semantic VAD')
    await expect(settings.getByRole('combobox', { name: 'Eagerness' })).toHaveText('Auto')
    await shots(page, 'testing-turn-detection')
  })

  test("an admin sets a sequence's turn detection in the Prompt Manager; the console starts from it", async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await page.goto(`/prompt-manager?sequence=${encodeURIComponent('default_Check In.json')}`)
    const panel = page.getByRole('region', { name: 'Publishing' })
    const setting = panel.getByRole('combobox', { name: 'Members’ turn detection' })
    await expect(setting).toHaveText('Server VAD')
    await chooseOption(page, 'Members’ turn detection', 'Semantic VAD, high eagerness')
    await expect(page.getByText('Members’ turns now end by Semantic VAD, high eagerness')).toBeVisible()
    await expect(setting).toHaveText('Semantic VAD, high eagerness')
    await shots(page, 'prompt-manager-turn-detection')

    try {
      await page.goto('/')
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      await expect(page.getByRole('combobox', { name: 'Turn detection' })).toHaveText('Semantic VAD', { timeout: 10_000 })
      await expect(page.getByRole('combobox', { name: 'Eagerness' })).toHaveText('High')
      // The session started with it: no session.update of the page's changed it.
      await expect(eventRows(page, 'session.updated').last()).toContainText('semantic VAD, eagerness high')
      await expect(eventRows(page, 'session.update')).toHaveCount(0)
      await page.getByRole('button', { name: 'Disconnect' }).click()
      await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled({ timeout: 10_000 })
    } finally {
      const reset = await page.request.put(`/api/sequence-settings/${encodeURIComponent('default_Check In.json')}`, {
        data: { turnDetection: { type: 'server_vad' } },
        headers: { origin: new URL(page.url()).origin },
      })
      expect(reset.status()).toBe(200)
    }
  })
})
