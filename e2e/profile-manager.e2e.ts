// The Profile Manager (SPEC §2 "Profile manager", §5, §8 "Operator pages"; PRODUCT §3 personal links), driven
// through its three cards as an operator would.
import { join } from 'node:path'
import type { Page } from '@playwright/test'

import { baseURL } from './fixtures/env.ts'
import { expect, screenshotsDir, test } from './fixtures/hearth.ts'

let counter = 0
/** Names differ per run and per test: the e2e database is shared by the whole suite. */
const uniqueName = (first: string) => `${first}${Date.now().toString(36)}${++counter} Tester`

const card = (page: Page, title: string) => page.getByRole('region', { name: title })
const createCard = (page: Page) => card(page, 'Create a user profile')
const updateCard = (page: Page) => card(page, 'Update contact details')
const urlCard = (page: Page) => card(page, 'Generate a user URL')
const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text })

async function openProfileManager(page: Page) {
  await page.goto('/profile-manager')
  await expect(page).toHaveTitle('Profile Manager')
  await expect(page.getByRole('heading', { level: 1, name: 'Profile Manager' })).toBeVisible()
}

async function createUser(page: Page, name: string, phone = '', email = '') {
  const create = createCard(page)
  await create.getByLabel('Name').fill(name)
  await create.getByLabel('Email').fill(email)
  await create.getByLabel('Phone').fill(phone)
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(toast(page, 'User created successfully!')).toBeVisible()
}

/**
 * Opens the combobox and picks the option. Under CI's load a click can land while the list is still being laid out
 * (it was once left open with nothing chosen), so a pick that did not take is made again, as a person would: the
 * list is opened again if it closed, and the option clicked again.
 */
async function chooseOption(page: Page, combobox: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await combobox.click({ timeout: 2000 })
    await page.getByRole('option', { name: option }).click({ timeout: 2000 })
    await expect(combobox).toContainText(option, { timeout: 1000 })
  }).toPass({ timeout: 15_000 })
}

test.describe('profile manager', () => {
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('creates a user: underscores leave the name, letters leave the phone; a bad phone is refused', async ({ page, snapshot }) => {
    await openProfileManager(page)
    await expect(page.getByRole('link', { name: 'Admin page' })).toHaveAttribute('href', '/admin-users')
    const create = createCard(page)
    const nameField = create.getByLabel('Name')
    const unique = Date.now().toString(36)
    await nameField.pressSequentially(`Ada_Lovelace${unique}`)
    await expect(nameField).toHaveValue(`AdaLovelace${unique}`)
    await expect(create.getByLabel('Email')).toHaveAttribute('type', 'email')
    await create.getByLabel('Email').fill('ada@example.com')
    const phone = create.getByLabel('Phone')
    await phone.pressSequentially('+1 (415) abc 555-2671x')
    await expect(phone).toHaveValue('+14155552671')
    await snapshot('profile-manager-filled-1280')

    await create.getByRole('button', { name: 'Create user' }).click()
    await expect(toast(page, 'User created successfully!')).toBeVisible()
    await expect(nameField).toHaveValue('')
    await expect(phone).toHaveValue('')
    await expect(create.getByLabel('Email')).toHaveValue('')

    // The new user is in the pickers at once.
    await updateCard(page).getByRole('combobox', { name: 'User' }).click()
    await expect(page.getByRole('option', { name: `AdaLovelace${unique}` })).toBeVisible()
    await page.keyboard.press('Escape')

    await nameField.fill('Bad Phone')
    await phone.fill('123')
    await create.getByRole('button', { name: 'Create user' }).click()
    await expect(toast(page, 'Error creating user: Invalid phone number')).toBeVisible()
    // Nothing was cleared: the operator can correct the number.
    await expect(nameField).toHaveValue('Bad Phone')
  })

  test('a name that is taken is created again only after the operator confirms, seeing who has it', async ({ page }) => {
    await openProfileManager(page)
    const name = uniqueName('Twin')
    await createUser(page, name, '+14155550124', 'first.twin@example.com')
    const create = createCard(page)
    await create.getByLabel('Name').fill(name.toLowerCase())
    await create.getByRole('button', { name: 'Create user' }).click()
    const ask = page.getByRole('alertdialog', { name: `Create another user named ${name.toLowerCase()}?` })
    await expect(ask.getByRole('list', { name: 'Users with this name' })).toContainText('first.twin@example.com · +14155550124')
    await ask.getByRole('button', { name: 'Cancel' }).click()
    await expect(ask).toBeHidden()
    await expect(toast(page, 'User created successfully!')).toHaveCount(0)
    await expect(create.getByLabel('Name')).toHaveValue(name.toLowerCase())

    await create.getByRole('button', { name: 'Create user' }).click()
    await ask.getByRole('button', { name: 'Create another' }).click()
    await expect(toast(page, 'User created successfully!')).toBeVisible()
    const named = (await (await page.request.get('/api/get-user-names')).json()) as Array<{ name: string }>
    expect(named.filter((u) => u.name.toLowerCase() === name.toLowerCase())).toHaveLength(2)
  })

  test('updates the phone and e-mail of a chosen user, and they persist', async ({ page }) => {
    await openProfileManager(page)
    const name = uniqueName('Grace')
    await createUser(page, name, '+14155550123', 'grace@example.com')

    const update = updateCard(page)
    const phone = update.getByLabel('Phone')
    const email = update.getByLabel('Email')
    await expect(phone).toBeDisabled()
    await expect(email).toBeDisabled()
    await update.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'No user selected')).toBeVisible()

    await chooseOption(page, update.getByRole('combobox', { name: 'User' }), name)
    await expect(phone).toBeEnabled()
    await expect(phone).toHaveValue('+14155550123')
    await expect(email).toHaveValue('grace@example.com')

    // SPEC §5: a plus, then digits.
    await phone.fill('4155550123')
    await update.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'Invalid phone number')).toBeVisible()
    await expect(phone).toHaveAttribute('aria-invalid', 'true')

    await phone.fill('+442071838750')
    await email.fill('grace.hopper@example.com')
    await update.getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'User info updated successfully!')).toBeVisible()

    await page.reload()
    await expect(updateCard(page).getByLabel('Phone')).toBeDisabled()
    await chooseOption(page, updateCard(page).getByRole('combobox', { name: 'User' }), name)
    await expect(updateCard(page).getByLabel('Phone')).toHaveValue('+442071838750')
    await expect(updateCard(page).getByLabel('Email')).toHaveValue('grace.hopper@example.com')

    // Emptying both removes them.
    await updateCard(page).getByLabel('Phone').fill('')
    await updateCard(page).getByLabel('Email').fill('')
    await updateCard(page).getByRole('button', { name: 'Save' }).click()
    await expect(toast(page, 'User info updated successfully!')).toBeVisible()
    await page.reload()
    await chooseOption(page, updateCard(page).getByRole('combobox', { name: 'User' }), name)
    await expect(updateCard(page).getByLabel('Email')).toBeEnabled()
    await expect(updateCard(page).getByLabel('Phone')).toHaveValue('')
    await expect(updateCard(page).getByLabel('Email')).toHaveValue('')
  })

  test('generates a personal link that copies and signs the user in elsewhere', async ({ page, context, browser, snapshot }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await openProfileManager(page)
    const name = uniqueName('Katherine')
    await createUser(page, name)

    const generateUrl = urlCard(page)
    const urlField = generateUrl.getByRole('textbox', { name: 'User URL' })
    await expect(urlField).toHaveAttribute('readonly', '')
    await generateUrl.getByRole('button', { name: 'Generate URL' }).click()
    await expect(toast(page, 'Please select a user and a module')).toBeVisible()
    await expect(urlField).toHaveValue('')

    await chooseOption(page, generateUrl.getByRole('combobox', { name: 'User' }), name)
    const moduleSelect = generateUrl.getByRole('combobox', { name: 'Module' })
    await moduleSelect.click()
    // The global prompt is never a module, and names come without ".json".
    await expect(page.getByRole('option', { name: /global_prompt/ })).toHaveCount(0)
    await expect(page.getByRole('option', { name: /\.json/ })).toHaveCount(0)
    await page.getByRole('option', { name: 'Get to Know You' }).click()
    await generateUrl.getByRole('button', { name: 'Generate URL' }).click()

    const query = new URLSearchParams({ id: name, module: 'Get to Know You' }).toString()
    await expect(urlField).toHaveValue(new RegExp(`^${escapeRegExp(`${baseURL}/user?${query}#k=`)}[\\w-]{20,}$`))
    const url = await urlField.inputValue()
    await expect(generateUrl.getByText(/keeps working until an admin revokes/)).toBeVisible()
    await snapshot('profile-manager-url-1280')

    await generateUrl.getByRole('button', { name: 'Copy' }).click()
    await expect(toast(page, 'URL copied to clipboard!')).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

    // A new link does not cancel the first one (the card says so): both sign in.
    await generateUrl.getByRole('button', { name: 'Generate URL' }).click()
    await expect(urlField).not.toHaveValue(url)
    for (const link of [url, await urlField.inputValue()]) {
      const member = await browser.newContext()
      try {
        const memberPage = await member.newPage()
        await memberPage.goto(link)
        await expect(memberPage).toHaveTitle('User')
        await expect(memberPage.getByRole('heading', { level: 1, name: `Hi, ${name.split(' ')[0]}` })).toBeVisible()
        await expect(memberPage.getByTestId('module-name')).toHaveText('Module: Get to Know You')
      } finally {
        await member.close()
      }
    }
  })

  test('a list that fails to load is reported and can be retried', async ({ page, snapshot }) => {
    await page.route('**/api/get-sequences**', (route) => route.fulfill({ status: 500, json: { error: 'Database unavailable' } }))
    await openProfileManager(page)
    await expect(toast(page, 'Error getting module names')).toBeVisible()
    const problem = page.getByRole('alert').filter({ hasText: 'Error getting module names' })
    await expect(problem).toContainText('Database unavailable')
    // The rest of the page still works.
    await expect(createCard(page).getByLabel('Name')).toBeEnabled()
    await expect(urlCard(page).getByRole('combobox', { name: 'Module' })).toBeDisabled()
    await snapshot('profile-manager-load-error-1280')

    await page.unroute('**/api/get-sequences**')
    await problem.getByRole('button', { name: 'Try again' }).click()
    await expect(problem).toBeHidden()
    await expect(urlCard(page).getByRole('combobox', { name: 'Module' })).toContainText('Get to Know You')
  })

  test('looks right on a laptop and a phone', async ({ page, snapshot }) => {
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height })
      await openProfileManager(page)
      await expect(urlCard(page).getByRole('button', { name: 'Generate URL' })).toBeVisible()
      // No sideways scrolling on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
      await snapshot(`profile-manager-${width}`)
      // The first screen as it is seen, at full resolution (the full-page shot is long).
      await page.screenshot({ path: join(screenshotsDir, `profile-manager-${width}-top.png`) })
    }
  })
})

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
