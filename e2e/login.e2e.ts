import { admin } from './fixtures/env.ts'
import { expect, fillLogin, test } from './fixtures/hearth.ts'

const TAGLINE = 'Deeper Connections // Stronger Communities'
const signedInAs = `Signed in as ${admin.email} (admin)`
const staffNav = ['Console', 'Testing', 'Prompt Manager', 'Profile Manager']
// The admin area has one entry in the staff navigation; its own tab bar leads on from there.
const adminNav = ['Admin']

test('a visitor signs in as staff, stays signed in across a reload and signs out', async ({ page, snapshot }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
  await expect(page.getByText('Signed in as')).toHaveCount(0)
  await snapshot('landing-1280')

  await page.getByRole('link', { name: 'Staff sign in' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible()
  await snapshot('login-1280')

  await fillLogin(page, admin.email, 'not-the-password')
  await expect(page.getByRole('alert')).toContainText('Invalid e-mail or password')
  await expect(page).toHaveURL(/\/login$/)
  await snapshot('login-error-1280')

  await fillLogin(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(signedInAs)).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  for (const name of [...staffNav, ...adminNav]) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
  await snapshot('shell-1280')

  await page.reload()
  await expect(page.getByText(signedInAs)).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
  await expect(page.getByText('Signed in as')).toHaveCount(0)

  // The server forgot the session too, not just the page.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
  expect((await page.request.get('/api/auth/me')).status()).toBe(401)
})

test('a staff page sends a signed-out visitor to the login and back after signing in', async ({ page, snapshot }) => {
  await page.goto('/groups')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fgroups$/)

  await fillLogin(page, admin.email, admin.password)
  await expect(page).toHaveURL(/\/groups$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Groups' })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await snapshot('groups-1280')
})

test('an unknown address shows the not-found page', async ({ page, snapshot }) => {
  await page.goto('/no-such-page')
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
  await expect(page.getByText('/no-such-page')).toBeVisible()
  await snapshot('not-found-1280')
})

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })

  test('the login and the shell fit, and the menu holds the navigation', async ({ page, snapshot, signInAsAdmin }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
    await snapshot('landing-375')

    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible()
    await snapshot('login-375')

    await signInAsAdmin()
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await snapshot('shell-375')

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByText(signedInAs)).toBeVisible()
    for (const name of [...staffNav, ...adminNav]) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await snapshot('shell-menu-375')

    await menu.getByRole('link', { name: 'Admin', exact: true }).click()
    await expect(page).toHaveURL(/\/admin-users$/)
    await expect(menu).toBeHidden()
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await snapshot('admin-users-375')
  })
})
