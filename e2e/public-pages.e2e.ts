// The visitor pages (SPEC §2): the typed poem of /hearth2, the scroll-linked poem of the landing page on narrow
// screens, the about page and the privacy policy, at desktop (1366 px) and phone (390 px) widths.
import type { Page } from '@playwright/test'

import { POEM_LINES } from '../apps/web/src/features/landing/poem.ts'
import { join } from 'node:path'

import { expect, screenshotsDir, test } from './fixtures/hearth.ts'

const TAGLINE = 'Deeper Connections // Stronger Communities'
const desktop = { width: 1366, height: 900 }
const phone = { width: 390, height: 844 }
const lines: readonly string[] = POEM_LINES

const typedLine = (page: Page) => page.getByTestId('typed-poem-line').innerText()
const scrollPoem = (page: Page) => page.locator('section', { has: page.getByRole('heading', { name: 'By the fire' }) })
const shownScrollLine = (page: Page) => scrollPoem(page).locator('li[data-state="shown"]')

/** Polls the typed line until it is a whole poem line other than `except`; returns it. */
async function nextWholeLine(page: Page, except?: string) {
  let whole = ''
  await expect
    .poll(
      async () => {
        const text = await typedLine(page)
        whole = lines.includes(text) && text !== except ? text : ''
        return whole
      },
      { timeout: 12_000, intervals: [100] },
    )
    .not.toBe('')
  return whole
}

test('/hearth2 types the poem out line after line', async ({ page, snapshot }) => {
  await page.setViewportSize(desktop)
  await page.goto('/hearth2')
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
  await expect(page).toHaveTitle('Hearth · Deeper Connections // Stronger Communities')

  // Assistive technology gets the whole poem once, not a stream of characters.
  await expect(page.getByRole('list', { name: 'Poem' }).getByRole('listitem')).toHaveText([...lines])

  const first = await typedLine(page)
  expect(lines.some((line) => line.startsWith(first))).toBe(true)
  await page.waitForTimeout(1500)
  // At most the 2 s end pause away from a change, wherever the first read fell.
  await expect.poll(() => typedLine(page), { timeout: 2500, intervals: [100] }).not.toBe(first)
  // Mid-line the text is a prefix of a poem line: typed, not shown whole.
  await expect
    .poll(
      async () => {
        const text = await typedLine(page)
        return text.length > 0 && !lines.includes(text) && lines.some((line) => line.startsWith(text))
      },
      { timeout: 3000, intervals: [50] },
    )
    .toBe(true)

  const one = await nextWholeLine(page)
  const two = await nextWholeLine(page, one)
  const nextIndex = (lines.indexOf(one) + 1) % lines.length
  expect(two).toBe(lines[nextIndex])
  await snapshot('hearth2-1366')

  // Pausing shows the current line whole and keeps it.
  await page.getByRole('button', { name: 'Pause poem' }).click()
  const held = await typedLine(page)
  expect(lines).toContain(held)
  await page.waitForTimeout(1500)
  expect(await typedLine(page)).toBe(held)
  await page.getByRole('button', { name: 'Play poem' }).click()
  await expect.poll(() => typedLine(page), { timeout: 5000 }).not.toBe(held)

  await expect(page.getByRole('link', { name: 'Try the app' })).toHaveAttribute('target', '_blank')
  await expect(page.getByRole('link', { name: 'Try the app' })).toHaveAttribute('href', '/user')
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:hello@hearth.test')
  await page.getByRole('link', { name: 'Hearth', exact: true }).click()
  await expect(page).toHaveURL(/\/hearth$/)
})

test('/hearth2 with reduced motion shows whole lines and still moves on', async ({ page, snapshot }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await page.setViewportSize(phone)
  await page.goto('/hearth2')
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()

  const seen = new Set<string>()
  const started = Date.now()
  while (seen.size < 2 && Date.now() - started < 12_000) {
    const text = await typedLine(page)
    expect(lines, 'never a partly typed line').toContain(text)
    seen.add(text)
    await page.waitForTimeout(200)
  }
  expect([...seen]).toEqual(lines.slice(0, 2))
  await snapshot('hearth2-390')
})

test('the landing page shows the poem line by line as a phone scrolls, and not on a desktop', async ({ page, snapshot }) => {
  await page.setViewportSize(phone)
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1, name: TAGLINE })).toBeVisible()
  await expect(scrollPoem(page)).toBeVisible()
  await expect(shownScrollLine(page)).toHaveText(lines[0])

  // Scroll as a person would, wheel step by wheel step, and note each line that comes up.
  await scrollPoem(page).scrollIntoViewIfNeeded()
  const seen: string[] = []
  let shot = false
  for (let step = 0; step < 60 && seen.length < lines.length; step++) {
    const text = await shownScrollLine(page).innerText()
    if (seen.at(-1) !== text) seen.push(text)
    // What a phone shows mid-poem (a full-page screenshot cannot show a pinned panel).
    if (seen.length === 3 && !shot) {
      await page.waitForTimeout(400)
      await page.screenshot({ path: join(screenshotsDir, 'landing-390-poem.png') })
      shot = true
    }
    await page.mouse.wheel(0, 150)
    await page.waitForTimeout(60)
  }
  expect(seen).toEqual([...lines])
  // Only the shown line is visible to the eye; the rest fade out.
  await expect(shownScrollLine(page)).toHaveCSS('opacity', '1')
  await expect(scrollPoem(page).locator('li[data-state="hidden"]').first()).toHaveCSS('opacity', '0')

  // Scrolling back up brings the first line back.
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(shownScrollLine(page)).toHaveText(lines[0])
  await snapshot('landing-390')

  await page.setViewportSize(desktop)
  await expect(scrollPoem(page)).toBeHidden()
  await expect(page.getByRole('heading', { name: 'By the fire' })).toBeHidden()
  await snapshot('landing-1366')
})

test('a visitor reads the about page', async ({ page, snapshot }) => {
  await page.setViewportSize(desktop)
  await page.goto('/hearth')
  await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'About Us' }).click()
  await expect(page).toHaveURL(/\/about$/)
  await expect(page).toHaveTitle('About · Hearth')
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Hearth' })).toBeVisible()

  const mission = page.getByRole('region', { name: 'Our mission' })
  for (const item of ['Matching members', 'Insight tools for organizers', 'Pilot connection programs']) {
    await expect(mission.getByRole('heading', { level: 3, name: item })).toBeVisible()
  }
  const note = page.getByRole('region', { name: 'A note from our founders' })
  await expect(note.getByText('The founding team')).toBeVisible()
  await snapshot('about-1366')

  await page.setViewportSize(phone)
  await snapshot('about-390')
})

test('"Try the app" tells a visitor what a personal link is, how to get one, and where to write', async ({ page }) => {
  await page.setViewportSize(desktop)
  await page.goto('/about')
  await expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:hello@hearth.test')
  const [visitor] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Try the app' }).click()])
  await expect(visitor.getByRole('heading', { level: 1, name: 'Open your personal link' })).toBeVisible()
  await expect(visitor.getByRole('region', { name: 'What is a personal link?' })).toContainText('Each member gets a link of their own')
  const howTo = visitor.getByRole('region', { name: 'How do I get one?' })
  await expect(howTo).toContainText('Ask the organizer who invited you')
  await expect(howTo.getByRole('link', { name: 'hello@hearth.test' })).toHaveAttribute('href', 'mailto:hello@hearth.test')
  await expect(visitor.getByRole('link', { name: 'About Hearth' })).toHaveAttribute('href', '/about')
  await visitor.setViewportSize(desktop)
  await visitor.screenshot({ path: join(screenshotsDir, 'user-visitor-1366.png'), fullPage: true })
  await visitor.setViewportSize(phone)
  await visitor.screenshot({ path: join(screenshotsDir, 'user-visitor-390.png'), fullPage: true })
})

test('the footer leads to the privacy policy, dated March 4, 2024, in ten sections', async ({ page, snapshot }) => {
  await page.setViewportSize(desktop)
  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click()
  await expect(page).toHaveURL(/\/privacy$/)
  await expect(page).toHaveTitle('Privacy Policy · Hearth')
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible()
  await expect(page.getByText('Last updated: March 4, 2024')).toBeVisible()

  const sections = [
    'Information we collect',
    'How we use information',
    'How we share information',
    'Security',
    'Your rights',
    'Cookies',
    'Children under 13',
    'International transfers',
    'Changes to this policy',
    'Contact',
  ]
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(sections.map((name) => new RegExp(`${name}$`)))
  // The privacy guarantees of PRODUCT §7, in words a member reads.
  await expect(page.getByText('Voice recordings are never saved, by us')).toBeVisible()
  await expect(page.getByText('Include conversation in feedback')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Contact' }).getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/)

  // The contents jump to a section and the page stays put.
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Children under 13' }).click()
  await expect(page).toHaveURL(/\/privacy#children-under-13$/)
  await expect(page.getByRole('heading', { level: 2, name: 'Children under 13' })).toBeInViewport()
  await page.evaluate(() => window.scrollTo(0, 0))
  await snapshot('privacy-1366')

  await page.setViewportSize(phone)
  await snapshot('privacy-390')
})
