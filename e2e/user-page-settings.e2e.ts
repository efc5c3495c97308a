// The member's page around the chat (SPEC §2 "User page"): settings, the module menu, a refused voice connection,
// staff previewing without an id, no link or a bad one, a refused microphone, and an iOS phone at 375 px. The chat
// itself, its keyboard use and spoken feedback: user-page.e2e.ts.
import { request as playwrightRequest } from '@playwright/test'

import { baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'
import { voice } from './fixtures/voice-hook.ts'
import { createUserWithLink, openPersonalLink, watchToast, chatButton } from './fixtures/user-page.ts'

test.describe('user page: settings, modules and refusals', () => {
  test.describe.configure({ timeout: 120_000 })

  test('settings: phone validation and saving; the two flags stay after a reload', async ({ page, snapshot }) => {
    const user = await createUserWithLink()
    await openPersonalLink(page, user.url)
    const openSettings = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await page.getByRole('menuitem', { name: 'Settings' }).click()
      return page.getByRole('dialog', { name: 'Settings' })
    }
    const settings = await openSettings()
    const phone = settings.getByLabel('Phone number')
    const save = settings.getByRole('button', { name: 'Save' })

    // Letters are dropped while typing; nothing left is not a number.
    await phone.pressSequentially('abc')
    await expect(phone).toHaveValue('')
    const toastShownMs = await watchToast(page, 'Error saving phone number')
    await save.click()
    await expect(page.getByText('Error saving phone number')).toBeVisible()
    await expect(page.getByText('Invalid phone number')).toBeVisible()

    await phone.fill('')
    await phone.pressSequentially('+1-abc')
    await expect(phone).toHaveValue('+1')

    await phone.fill('')
    await phone.pressSequentially('12+3')
    await expect(phone).toHaveValue('12+3')
    await expect(page.getByText('Error saving phone number')).toBeHidden({ timeout: 6_000 })
    // SPEC §9: a toast stays 3 s by default (sonner's own default is 4 s).
    expect(await toastShownMs()).toBeGreaterThan(2_500)
    expect(await toastShownMs()).toBeLessThan(3_500)
    await save.click()
    await expect(page.getByText('Error saving phone number')).toBeVisible()

    await phone.fill('')
    await phone.pressSequentially('+1 (415) 555-2671')
    await expect(phone).toHaveValue('+14155552671')
    await settings.getByLabel('Copy conversation on disconnect').check()
    await settings.getByLabel('Receive SMS reminder of this conversation').check()
    await snapshot('user-settings-1280')
    await save.click()
    await expect(page.getByText('Phone number saved successfully')).toBeVisible()

    await page.reload()
    const again = await openSettings()
    await expect(again.getByLabel('Phone number')).toHaveValue('+14155552671')
    await expect(again.getByLabel('Copy conversation on disconnect')).toBeChecked()
    await expect(again.getByLabel('Receive SMS reminder of this conversation')).toBeChecked()
  })

  test('choosing a module in the menu changes the module shown and in the address', async ({ page, snapshot }) => {
    const user = await createUserWithLink()
    await page.setViewportSize({ width: 768, height: 1024 })
    await openPersonalLink(page, user.url)
    await expect(page.getByTestId('module-name')).toHaveText('Module: Get to Know You')
    await snapshot('user-idle-768')

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('menu')
    await expect(menu.getByText('Choose Module')).toBeVisible()
    await expect(menu.getByRole('menuitemradio', { name: 'Get to Know You' })).toHaveAttribute('aria-checked', 'true')
    await expect(menu.getByRole('menuitemradio', { name: /global_prompt/ })).toHaveCount(0)
    // Members read seeded names as names; the address keeps the real one.
    await menu.getByRole('menuitemradio', { name: 'Check In', exact: true }).click()
    await expect(page.getByTestId('module-name')).toHaveText('Module: Check In')
    await expect(page).toHaveURL(/module=default_Check(\+|%20)In/)

    await page.reload()
    await expect(page.getByTestId('module-name')).toHaveText('Module: Check In')
  })

  test('a voice connection the server refuses (page opened on another origin than PUBLIC_URL) shows a clear error', async ({
    page,
    context,
    snapshot,
  }) => {
    // PUBLIC_URL is http://127.0.0.1:PORT; the same server opened as http://localhost:PORT is another origin, so /ws
    // answers the upgrade with 403. The end-user cookie is got without the browser (a cookie is per host, not port).
    const user = await createUserWithLink()
    const token = new URL(user.url).hash.replace(/^#k=/, '')
    const api = await playwrightRequest.newContext({ baseURL })
    try {
      expect((await api.post('/api/user-session', { data: { token } })).ok()).toBe(true)
      const cookies = (await api.storageState()).cookies
      await context.addCookies(
        cookies.map(({ name, value, path, httpOnly, sameSite }) => ({ name, value, path, httpOnly, sameSite, domain: 'localhost' })),
      )
    } finally {
      await api.dispose()
    }
    const otherOrigin = new URL(user.url)
    otherOrigin.hostname = 'localhost'
    otherOrigin.hash = ''
    await page.goto(otherOrigin.toString())
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, Ada$/ })).toBeVisible()

    await chatButton(page).click()
    const notice = page.getByTestId('voice-connect-error')
    await expect(notice).toBeVisible({ timeout: 10_000 })
    await expect(notice).toContainText('Could not connect to the voice service')
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText('Could not connect to the voice service')
    await expect(chatButton(page)).toHaveText('chat')
    await snapshot('user-connect-refused-1280')
  })

  test('staff without an id are told how to preview a member’s page', async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await page.goto('/user')
    const hint = page.getByText('You are signed in as staff.')
    await expect(hint).toHaveText(
      'You are signed in as staff. To preview someone’s page, add ?id= and their name to this page’s address (for example /user?id=Ada), or generate their link in the Profile Manager.',
    )
    await expect(hint.getByRole('link', { name: 'Profile Manager' })).toHaveAttribute('href', '/profile-manager')
  })

  test('without a link, with a bad link, and with the microphone refused', async ({ page, snapshot }) => {
    await page.goto('/user')
    await expect(page.getByRole('heading', { name: 'Open your personal link' })).toBeVisible()
    await snapshot('user-no-link-1280')

    await page.goto('/user?id=Nobody#k=not-a-real-token-at-all')
    await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible()
    expect(page.url()).not.toContain('#k=')

    const user = await createUserWithLink()
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    })
    await openPersonalLink(page, user.url)
    await chatButton(page).click()
    const alert = page.getByRole('alertdialog')
    await expect(alert).toContainText('You must grant microphone access to use this feature.')
    await alert.getByRole('button', { name: 'OK' }).click()
    await expect(chatButton(page)).toHaveText('chat')
    expect(await voice(page, 'status')).toBe('disconnected')
  })
})

const IOS_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1'

test.describe('user page on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, userAgent: IOS_CHROME })
  test.describe.configure({ timeout: 60_000 })

  test('iOS warning; idle, connected, feedback and settings fit the screen', async ({ page, snapshot }) => {
    const user = await createUserWithLink()
    await openPersonalLink(page, user.url)
    const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // SPEC §8: Chrome on iOS gets the warning, and it stays until dismissed.
    const warning = page.getByRole('alert').filter({ hasText: 'This early alpha version only best in Safari on iOS devices.' })
    await expect(warning).toHaveText(
      'This early alpha version only best in Safari on iOS devices. Using Chrome may cause the AI to be unresponsive or buggy.',
    )
    await noSideScroll()
    await snapshot('user-ios-warning-375')
    await page.waitForTimeout(4_000)
    await expect(warning).toBeVisible()
    await warning.getByRole('button', { name: 'Dismiss warning' }).click()
    await expect(warning).toBeHidden()
    await snapshot('user-idle-375')

    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('disconnect')
    await expect.poll(async () => (await voice(page, 'stats'))?.outputPeakMax ?? 0, { timeout: 8_000 }).toBeGreaterThan(0.05)
    await noSideScroll()
    await snapshot('user-connected-375')
    // Choosing a module while talking moves the live session to it.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('menuitemradio', { name: 'Check In', exact: true }).click()
    await expect.poll(async () => (await voice(page, 'session'))?.module).toBe('default_Check In')
    await expect(page.getByTestId('module-name')).toHaveText('Module: Check In')
    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('chat', { timeout: 35_000 })

    await page.getByRole('button', { name: 'Provide feedback' }).click()
    await expect(page.getByRole('dialog', { name: 'Recording Feedback' })).toBeVisible()
    await snapshot('user-feedback-375')
    await page.getByRole('button', { name: 'Cancel Feedback' }).click()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await snapshot('user-menu-375')
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
    await snapshot('user-settings-375')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'How is my data used?' }).click()
    const privacy = page.getByRole('dialog', { name: 'How is my data used?' })
    await expect(privacy).toContainText('Voice recordings are never saved.')
    await expect(privacy).toContainText('Transcripts are processed temporarily to update your profile and then immediately deleted.')
    await expect(privacy).toContainText('Only your user profile is retained.')
    await snapshot('user-privacy-375')
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Using AirPods?' }).click()
    await expect(page.getByRole('dialog', { name: 'Using AirPods?' })).toContainText('refresh this page and start again')
    await snapshot('user-airpods-375')
  })
})
