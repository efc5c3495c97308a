// The user page's hamburger menu (SPEC §2: Choose Module, Settings) by keyboard and by pointer, as a WAI-ARIA
// menu button: the menu is light enough for the end user's first visit but must stay fully accessible.
import { request as playwrightRequest, type Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'

async function openPersonalLink(page: Page) {
  const staff = await playwrightRequest.newContext({ baseURL })
  try {
    expect((await staff.post('/api/auth/login', { data: admin })).ok()).toBe(true)
    const name = `Ada Menu${Date.now().toString(36)}`
    const created = await staff.post('/api/create-user', { data: { name, phone_number: '', email: '' } })
    expect(created.ok(), await created.text()).toBe(true)
    const user = (await created.json()) as { fileName: string }
    const link = await staff.post('/api/user-link', { data: { userFile: user.fileName, moduleName: 'Get to Know You' } })
    expect(link.ok(), await link.text()).toBe(true)
    await page.goto(((await link.json()) as { url: string }).url)
  } finally {
    await staff.dispose()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ada' })).toBeVisible()
}

test.use({ viewport: { width: 1366, height: 800 } })

test('the menu works by keyboard: open, move, choose a module, Escape, Settings', async ({ page, snapshot }) => {
  await openPersonalLink(page)
  const trigger = page.getByRole('button', { name: 'Open menu' })
  await expect(trigger).toHaveAttribute('aria-haspopup', 'menu')
  await expect(trigger).toHaveAttribute('aria-expanded', 'false')

  // Enter opens it with the first item focused; the arrows move; Escape closes and returns to the button.
  await trigger.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByRole('menu')
  await expect(menu).toBeVisible()
  await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  const group = menu.getByRole('group', { name: 'Choose Module' })
  await expect(group.getByRole('menuitemradio')).not.toHaveCount(0)
  await expect(menu.getByRole('menuitemradio').first()).toBeFocused()
  await snapshot('user-menu-1366')
  await page.keyboard.press('End')
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  // Arrow down on the button opens it too; Space chooses the focused module.
  await page.keyboard.press('ArrowDown')
  const checkIn = menu.getByRole('menuitemradio', { name: 'default_Check In' })
  while (!(await checkIn.evaluate((element) => element === document.activeElement))) await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(menu).toBeHidden()
  await expect(page.getByTestId('module-name')).toHaveText('Module: default_Check In')
  await expect(trigger).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitemradio', { name: 'default_Check In' })).toHaveAttribute('aria-checked', 'true')
  await expect(menu.getByRole('menuitemradio', { name: 'Get to Know You' })).toHaveAttribute('aria-checked', 'false')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(settings).toBeHidden()
})

test('a click outside closes the menu without pressing what is underneath', async ({ page, snapshot }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await openPersonalLink(page)
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await snapshot('user-menu-390')
  await page.getByRole('button', { name: 'How is my data used?' }).click({ force: true })
  await expect(page.getByRole('menu')).toBeHidden()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  // Clicking the button again reopens it (and a click on it while open closes it).
  await page.getByRole('button', { name: 'Open menu' }).click()
  await expect(page.getByRole('menu')).toBeVisible()
  await page.getByRole('button', { name: 'Open menu' }).click({ force: true })
  await expect(page.getByRole('menu')).toBeHidden()
})
