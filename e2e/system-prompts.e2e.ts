// The admin System Prompts tab (SPEC §2 "Admin System Prompts", §7 get-prompts/update-prompt, §8).
import { join } from 'node:path'
import type { Page } from '@playwright/test'

import { expect, screenshotsDir, test } from './fixtures/hearth.ts'

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

async function openSystemPrompts(page: Page) {
  await page.goto('/system-prompts')
  await expect(page).toHaveTitle('System Prompts')
  await expect(page.getByRole('heading', { level: 1, name: 'System Prompts' })).toBeVisible()
}

test.describe('system prompts', () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('a prompt saves on its own; Save is enabled only while the text differs', async ({ page }) => {
    await openSystemPrompts(page)
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'System Prompts' })).toHaveAttribute(
      'aria-current',
      'page',
    )
    const editor = page.getByRole('region', { name: 'tagline_sms' })
    const text = editor.getByRole('textbox', { name: 'tagline_sms' })
    const save = editor.getByRole('button', { name: 'Save' })
    const original = await text.inputValue()
    expect(original.length).toBeGreaterThan(0)
    await expect(save).toBeDisabled()

    const edited = `${original} Keep it playful.`
    await text.fill(edited)
    await expect(save).toBeEnabled()
    // Other prompts are untouched: their Save stays disabled.
    await expect(page.getByRole('region', { name: 'memory_document' }).getByRole('button', { name: 'Save' })).toBeDisabled()
    // Typing the saved text back is not a change.
    await text.fill(original)
    await expect(save).toBeDisabled()
    await text.fill(edited)

    await save.click()
    await expect(toast(page, 'Prompt tagline_sms updated successfully')).toBeVisible()
    await expect(save).toBeDisabled()

    // Saved, nothing asks before the reload.
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.dismiss()
    })
    await page.reload()
    expect(dialogs).toEqual([])
    const reloaded = page.getByRole('region', { name: 'tagline_sms' })
    await expect(reloaded.getByRole('textbox', { name: 'tagline_sms' })).toHaveValue(edited)
    await expect(reloaded.getByRole('button', { name: 'Save' })).toBeDisabled()

    // Put the suite's shared database back as it was.
    await reloaded.getByRole('textbox', { name: 'tagline_sms' }).fill(original)
    await reloaded.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Prompt tagline_sms updated successfully')).toHaveCount(1)
    await expect(reloaded.getByRole('button', { name: 'Save' })).toBeDisabled()
  })

  test('leaving with an unsaved prompt asks first; nothing asks once it is undone', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.dismiss()
    })
    await openSystemPrompts(page)
    const editor = page.getByRole('region', { name: 'invite_email' })
    const text = editor.getByRole('textbox', { name: 'invite_email' })
    await text.press('ControlOrMeta+End')
    await text.pressSequentially(' Unsaved.')
    const edited = await text.inputValue()

    // A link in the app asks in the page; staying keeps the edit.
    const usersTab = page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Users' })
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await usersTab.click()
    await leave.getByRole('button', { name: 'Stay' }).click()
    await expect(leave).toBeHidden()
    await expect(page).toHaveURL(/\/system-prompts$/)
    await expect(text).toHaveValue(edited)
    // A reload (or closing the tab) gets the browser's own question; dismissing it stays.
    await page.evaluate(() => setTimeout(() => location.reload()))
    await expect.poll(() => dialogs).toEqual(['beforeunload'])
    await expect(text).toHaveValue(edited)

    // Undone, nothing is unsaved: the link just goes.
    await editor.getByRole('button', { name: 'Undo changes' }).click()
    await usersTab.click()
    await expect(page).toHaveURL(/\/admin-users/)
    expect(dialogs).toEqual(['beforeunload'])
    await expect(leave).toBeHidden()
  })

  test('a refused save says so and keeps the edit', async ({ page }) => {
    await openSystemPrompts(page)
    await page.route('**/api/update-prompt', (route) => route.fulfill({ status: 500, json: { error: 'Database unavailable' } }))
    const editor = page.getByRole('region', { name: 'quiz_summary' })
    const text = editor.getByRole('textbox', { name: 'quiz_summary' })
    await text.fill('Summarise in one sentence.')
    await editor.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Failed to update prompt')).toBeVisible()
    await expect(text).toHaveValue('Summarise in one sentence.')
    await expect(editor.getByRole('button', { name: 'Save' })).toBeEnabled()
  })

  test('a failed load shows an error state with a retry', async ({ page, snapshot }) => {
    await page.route('**/api/get-prompts', (route) => route.fulfill({ status: 500, json: { error: 'Database unavailable' } }))
    await openSystemPrompts(page)
    await expect(toast(page, 'Failed to load prompts')).toBeVisible()
    const problem = page.getByRole('alert').filter({ hasText: 'Failed to load prompts' })
    await expect(problem).toContainText('Database unavailable')
    await snapshot('system-prompts-load-error-1280')

    await page.unroute('**/api/get-prompts')
    await problem.getByRole('button', { name: 'Try again' }).click()
    await expect(problem).toBeHidden()
    await expect(page.getByRole('textbox', { name: 'invite_sms' })).toBeVisible()
  })

  test('looks right on a laptop and a phone', async ({ page, snapshot }) => {
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await openSystemPrompts(page)
      await expect(page.getByRole('textbox', { name: 'invite_sms' })).toBeVisible()
      // One unsaved edit, so the shots show that state too (nothing is saved).
      await page.getByRole('textbox', { name: 'convo_recap_sms' }).press('ControlOrMeta+End')
      await page.getByRole('textbox', { name: 'convo_recap_sms' }).pressSequentially(' Unsaved.')
      await expect(page.getByRole('region', { name: 'convo_recap_sms' }).getByText('Unsaved changes')).toBeVisible()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await snapshot(`system-prompts-${width}`)
      // The first screen as it is seen, at full resolution (the full-page shot is long).
      await page.screenshot({ path: join(screenshotsDir, `system-prompts-${width}-top.png`) })
    }
  })
})
