import type { Browser, Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, fillLogin, test } from './fixtures/hearth.ts'

// Staff accounts (PRODUCT §3, §9) at /admin-staff, driven as an admin would.
let counter = 0
const newEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}@hearth.test`

async function openStaff(page: Page) {
  await page.goto('/admin-staff')
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
  await expect(page).toHaveTitle('Staff · Hearth')
}

const row = (page: Page, email: string) => page.getByRole('table', { name: 'Staff accounts' }).getByRole('row').filter({ hasText: email })

/** Adds an account through the dialog; returns the generated password when one was asked for. */
async function addAccount(page: Page, email: string, role: 'Operator' | 'Admin', password?: string) {
  await page.getByRole('button', { name: 'Add staff account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add staff account' })
  await dialog.getByLabel('E-mail').fill(email)
  await dialog.getByRole('combobox', { name: 'Role' }).click()
  await page.getByRole('option', { name: role }).click()
  const generate = dialog.getByRole('checkbox', { name: 'Generate a password' })
  await expect(generate).toBeChecked()
  if (password !== undefined) {
    await generate.click()
    await dialog.getByLabel('Password', { exact: true }).fill(password)
  }
  await dialog.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByText('Staff account added')).toBeVisible()
  if (password !== undefined) return undefined
  const shown = page.getByRole('dialog', { name: 'Account created' })
  await expect(shown.getByText('This password will not be shown again. Copy it now.')).toBeVisible()
  const generated = await shown.getByLabel('Password', { exact: true }).inputValue()
  expect(generated.length).toBeGreaterThanOrEqual(12)
  return generated
}

async function act(page: Page, email: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${email}` }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

async function staffBrowser(browser: Browser) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 } })
  return { context, page: await context.newPage() }
}

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('an admin adds an operator with a generated password, who signs in; disabling signs them out everywhere', async ({
    page,
    browser,
    signInAsAdmin,
    snapshot,
  }) => {
    await signInAsAdmin()
    await openStaff(page)
    await expect(row(page, admin.email)).toContainText('(you)')
    await expect(row(page, admin.email)).toContainText('Admin')

    const email = newEmail('operator')
    const password = await addAccount(page, email, 'Operator')
    await snapshot('admin-staff-password-once-1366')
    await page.getByRole('button', { name: 'Copy password' }).click()
    await expect(page.getByText('Password copied to clipboard')).toBeVisible()
    await page.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(row(page, email)).toContainText('Operator')
    await expect(row(page, email)).toContainText('Active')
    await expect(row(page, email)).not.toContainText('(you)')

    // The operator, in a browser of their own.
    const operator = await staffBrowser(browser)
    try {
      await operator.page.goto('/login')
      await fillLogin(operator.page, email, password!)
      await expect(operator.page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
      await expect(operator.page.getByText(`Signed in as ${email} (operator)`).first()).toBeAttached()
      await operator.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Prompt Manager' }).click()
      await expect(operator.page.getByRole('heading', { level: 1, name: 'Prompt Manager' })).toBeVisible()

      await page.reload()
      await expect(row(page, email)).not.toContainText('Never')
      await snapshot('admin-staff-1366')
      await act(page, email, 'Disable')
      const confirm = page.getByRole('alertdialog', { name: `Disable ${email}?` })
      await expect(confirm).toContainText('signed out everywhere at once')
      await snapshot('admin-staff-disable-1366')
      await confirm.getByRole('button', { name: 'Disable' }).click()
      await expect(page.getByText('Account disabled')).toBeVisible()
      await expect(row(page, email)).toContainText('Disabled')
      await snapshot('admin-staff-disabled-1366')

      // Their next page load finds them signed out, and the password no longer opens the door.
      await operator.page.reload()
      await expect(operator.page).toHaveURL(/\/login\?redirect=%2Fprompt-manager$/)
      await fillLogin(operator.page, email, password!)
      await expect(operator.page.getByRole('alert')).toContainText('Invalid e-mail or password')

      await act(page, email, 'Enable')
      await page
        .getByRole('alertdialog', { name: `Enable ${email}?` })
        .getByRole('button', { name: 'Enable' })
        .click()
      await expect(page.getByText('Account enabled')).toBeVisible()
      await expect(row(page, email)).toContainText('Active')
      await fillLogin(operator.page, email, password!)
      await expect(operator.page.getByRole('heading', { level: 1, name: 'Prompt Manager' })).toBeVisible()
    } finally {
      await operator.context.close()
    }
  })

  test('an admin sets a password, resets it (shown once) and deletes the account', async ({ page, browser, signInAsAdmin }) => {
    await signInAsAdmin()
    await openStaff(page)
    const email = newEmail('admin')

    // The server's 12-character rule, said before the round trip.
    await page.getByRole('button', { name: 'Add staff account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add staff account' })
    await dialog.getByLabel('E-mail').fill(email)
    await dialog.getByRole('checkbox', { name: 'Generate a password' }).click()
    await dialog.getByLabel('Password', { exact: true }).fill('short pass')
    await expect(dialog.getByText('At least 12 characters, not counting spaces.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Add account' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await addAccount(page, email, 'Admin', 'a typed password')
    await expect(page.getByRole('dialog', { name: 'Account created' })).toHaveCount(0)
    await expect(row(page, email)).toContainText('Admin')

    // A second account with the same e-mail is refused by the server, and the toast says so.
    await page.getByRole('button', { name: 'Add staff account' }).click()
    await page.getByRole('dialog', { name: 'Add staff account' }).getByLabel('E-mail').fill(email.toUpperCase())
    await page.getByRole('dialog', { name: 'Add staff account' }).getByRole('button', { name: 'Add account' }).click()
    await expect(page.getByText('A staff account with this e-mail already exists')).toBeVisible()
    await page.getByRole('dialog', { name: 'Add staff account' }).getByRole('button', { name: 'Cancel' }).click()

    await act(page, email, 'Reset password')
    await page
      .getByRole('alertdialog', { name: `Reset the password of ${email}?` })
      .getByRole('button', { name: 'Reset password' })
      .click()
    const shown = page.getByRole('dialog', { name: 'New password' })
    await expect(shown.getByText('This password will not be shown again. Copy it now.')).toBeVisible()
    const newPassword = await shown.getByLabel('Password', { exact: true }).inputValue()
    await shown.getByRole('button', { name: 'Done' }).click()

    const other = await staffBrowser(browser)
    try {
      await other.page.goto('/login')
      await fillLogin(other.page, email, 'a typed password')
      await expect(other.page.getByRole('alert')).toContainText('Invalid e-mail or password')
      await fillLogin(other.page, email, newPassword)
      await expect(other.page.getByText(`Signed in as ${email} (admin)`).first()).toBeAttached()
    } finally {
      await other.context.close()
    }

    await act(page, email, 'Delete')
    await page
      .getByRole('alertdialog', { name: `Delete ${email}?` })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText('Account deleted')).toBeVisible()
    await expect(row(page, email)).toHaveCount(0)
  })

  test('an e-mail that looks like an existing account asks before adding it', async ({ page, signInAsAdmin, snapshot }) => {
    await signInAsAdmin()
    await openStaff(page)
    const email = newEmail('look')
    await addAccount(page, email, 'Operator', 'a typed password')
    const tagged = email.replace('@', '+ops@')

    await page.getByRole('button', { name: 'Add staff account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add staff account' })
    await dialog.getByLabel('E-mail').fill(tagged)
    await dialog.getByRole('button', { name: 'Add account' }).click()
    const ask = page.getByRole('alertdialog', { name: 'Add a look-alike account?' })
    await expect(ask).toContainText('The new e-mail looks like an account that exists already.')
    await expect(ask).toContainText(`New${tagged}Existing account${email}`)
    await snapshot('admin-staff-look-alike-1366')
    // Going back keeps what was typed, to correct it.
    await ask.getByRole('button', { name: 'Change the e-mail' }).click()
    await expect(ask).toHaveCount(0)
    await expect(dialog.getByLabel('E-mail')).toHaveValue(tagged)
    await expect(row(page, tagged)).toHaveCount(0)

    await dialog.getByRole('button', { name: 'Add account' }).click()
    await ask.getByRole('button', { name: 'Add anyway' }).click()
    await expect(page.getByText('Staff account added')).toBeVisible()
    await page.getByRole('dialog', { name: 'Account created' }).getByRole('button', { name: 'Done' }).click()
    await expect(row(page, tagged)).toContainText('Operator')
  })

  test('the last admin cannot be disabled', async ({ page, signInAsAdmin, snapshot }) => {
    await signInAsAdmin()
    await openStaff(page)
    await act(page, admin.email, 'Disable')
    const confirm = page.getByRole('alertdialog', { name: `Disable ${admin.email}?` })
    await expect(confirm).toContainText('This is your own account')
    await confirm.getByRole('button', { name: 'Disable' }).click()
    await expect(page.getByText('The last admin cannot be disabled. Make another account an admin first.')).toBeVisible()
    await snapshot('admin-staff-last-admin-1366')
    await expect(row(page, admin.email)).toContainText('Active')
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible()
    await expect(row(page, admin.email)).toContainText('Active')
  })
})

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the list, the menu and the dialogs fit', async ({ page, signInAsAdmin, snapshot }) => {
    await signInAsAdmin()
    await openStaff(page)
    await expect(row(page, admin.email)).toContainText('(you)')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await snapshot('admin-staff-390')

    await page.getByRole('button', { name: `Actions for ${admin.email}` }).click()
    await expect(page.getByRole('menuitem', { name: 'Reset password' })).toBeVisible()
    await snapshot('admin-staff-menu-390')
    await page.keyboard.press('Escape')

    const email = newEmail('phone')
    await page.getByRole('button', { name: 'Add staff account' }).click()
    await page.getByRole('dialog', { name: 'Add staff account' }).getByLabel('E-mail').fill(email)
    await snapshot('admin-staff-add-390')
    await page.getByRole('dialog', { name: 'Add staff account' }).getByRole('button', { name: 'Add account' }).click()
    await expect(page.getByRole('dialog', { name: 'Account created' })).toBeVisible()
    await snapshot('admin-staff-password-once-390')
    await page.getByRole('button', { name: 'Done' }).click()

    await page.getByRole('button', { name: 'Add staff account' }).click()
    await page.getByRole('dialog', { name: 'Add staff account' }).getByLabel('E-mail').fill(email.replace('@', '+x@'))
    await page.getByRole('dialog', { name: 'Add staff account' }).getByRole('button', { name: 'Add account' }).click()
    await expect(page.getByRole('alertdialog', { name: 'Add a look-alike account?' })).toContainText(email)
    await snapshot('admin-staff-look-alike-390')
  })
})
