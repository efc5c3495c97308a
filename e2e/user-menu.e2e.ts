// The user page's hamburger menu (SPEC §2: Choose Module, Settings) by keyboard and by pointer, as a WAI-ARIA
// menu button: the menu is light enough for the end user's first visit but must stay fully accessible. Then the
// staff menus: each role sees only where it may go, each place once, and nothing clipped on a phone.
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, fillLogin, test } from './fixtures/hearth.ts'

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
  await expect(menu.getByRole('menuitem', { name: 'My well-being answers' })).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(trigger).toBeFocused()

  // Arrow down on the button opens it too; Space chooses the focused module.
  await page.keyboard.press('ArrowDown')
  // Members read the seeded module's name without its staff prefix (issue 21 item 15).
  const checkIn = menu.getByRole('menuitemradio', { name: 'Check In', exact: true })
  while (!(await checkIn.evaluate((element) => element === document.activeElement))) await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(menu).toBeHidden()
  await expect(page.getByTestId('module-name')).toHaveText('Module: Check In')
  await expect(trigger).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(menu.getByRole('menuitemradio', { name: 'Check In', exact: true })).toHaveAttribute('aria-checked', 'true')
  await expect(menu.getByRole('menuitemradio', { name: 'Get to Know You' })).toHaveAttribute('aria-checked', 'false')
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('Enter')
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await expect(settings).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(settings).toBeHidden()

  // The last item: the member's own well-being answers (issue 24), none yet.
  await trigger.focus()
  await page.keyboard.press('Enter')
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')
  const wellbeing = page.getByRole('dialog', { name: 'My well-being answers' })
  await expect(wellbeing.getByText('You have no well-being answers stored.')).toBeVisible()
  await expect(wellbeing.getByRole('button', { name: 'Clear my answers' })).toBeDisabled()
  await page.keyboard.press('Escape')
  await expect(wellbeing).toBeHidden()
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

test.describe('staff navigation', () => {
  const operatorPages = ['Console', 'Testing', 'Prompt Manager', 'Profile Manager']
  const adminTabs = ['Users', 'Groups', 'System Prompts', 'Staff', 'Messages', 'Insights']

  test('an operator is shown no way into the admin area', async ({ page }) => {
    const staff = await playwrightRequest.newContext({ baseURL })
    const operator = { email: `nav-operator-${Date.now().toString(36)}@hearth.test`, password: 'operator-password-1' }
    try {
      expect((await staff.post('/api/auth/login', { data: admin })).ok()).toBe(true)
      const created = await staff.post('/api/staff', { data: { ...operator, role: 'operator' } })
      expect(created.ok(), await created.text()).toBe(true)
    } finally {
      await staff.dispose()
    }
    await page.goto('/login')
    await fillLogin(page, operator.email, operator.password)
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile Manager' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Profile Manager' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Admin page' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText(operatorPages)
    const adminHrefs = ['/admin-users', '/groups', '/system-prompts', '/admin-staff', '/admin-messages', '/insights']
    await expect(page.locator(adminHrefs.map((href) => `a[href^="${href}"]`).join(', '))).toHaveCount(0)
  })

  test('an admin finds each place once: the operator pages and one Admin entry, then the admin tabs', async ({
    page,
    signInAsAdmin,
    snapshot,
  }) => {
    await signInAsAdmin()
    await page.goto('/admin-staff')
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveText([...operatorPages, 'Admin'])
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link')).toHaveText(adminTabs)
    for (const name of [...operatorPages, 'Admin', ...adminTabs]) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(1)
    await snapshot('staff-nav-1366')
  })

  test('on a 390 px phone no tab or menu label is cut off', async ({ page, signInAsAdmin, snapshot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAsAdmin()
    await page.goto('/admin-messages')
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
    const tabs = page.getByRole('navigation', { name: 'Admin' })
    await expect(tabs.getByRole('link')).toHaveText(adminTabs)
    await expectUnclipped(tabs.locator('div').first())
    for (const tab of await tabs.getByRole('link').all()) await expectUnclipped(tab)
    await snapshot('staff-tabs-390')

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByRole('link')).toHaveText([...operatorPages, 'Admin'])
    // Measured where the sheet comes to rest, not while it slides in.
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    )
    for (const link of await menu.getByRole('link').all()) await expectUnclipped(link)
    // "(admin)" stays on one line however the address wraps.
    expect(await menu.getByTestId('staff-role').evaluate((role) => role.getClientRects().length)).toBe(1)
    await snapshot('staff-menu-390')
  })
})

/** Everything inside is shown: no scrolling inside the box and the box itself within the window. */
async function expectUnclipped(box: Locator) {
  const size = await box.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    right: element.getBoundingClientRect().right,
    windowWidth: document.documentElement.clientWidth,
    text: element.textContent,
  }))
  expect(size.scrollWidth, `${size.text} scrolls`).toBeLessThanOrEqual(size.clientWidth)
  expect(size.right, `${size.text} runs past the window`).toBeLessThanOrEqual(size.windowWidth)
}
