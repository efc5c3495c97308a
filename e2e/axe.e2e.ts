// Accessibility (issue 21, item 16): axe over every screen at a laptop and a phone width, for a visitor, a member
// and an admin, with the blast dialog open, and a test run's view and comparison (PRODUCT §10). Serious and critical findings (and a page without a main landmark)
// fail the test and are printed.
import AxeBuilder from '@axe-core/playwright'
import { request as playwrightRequest, type Cookie, type Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'
import { newUserLink } from './fixtures/links.ts'

const widths = [
  { width: 1366, height: 800 },
  { width: 390, height: 844 },
] as const

let staffCookies: Cookie[] = []
let groupId = ''
let runsSequence = ''
const runIds: string[] = []

// One sign-in for the whole file; each width's context takes its cookies after the visitor and member pages.
test.beforeAll(async () => {
  const staff = await playwrightRequest.newContext({ baseURL })
  try {
    expect((await staff.post('/api/auth/login', { data: admin })).ok()).toBe(true)
    const group = await staff.post('/api/create-group', { data: { name: `Axe Group ${Date.now().toString(36)}` } })
    expect(group.ok(), await group.text()).toBe(true)
    groupId = ((await group.json()) as { id: string }).id
    // Members without a phone: the blast dialog's list of skipped members grows long enough to scroll.
    const noPhone = Array.from({ length: 8 }, (_, i) => `Axe Nophone${i},,`)
    const added = await staff.post('/api/mass-add-users', {
      data: { groupId, text: ['Axe One,+14155550161,', 'Axe Two,,axe.two@example.org', ...noPhone].join('\n') },
    })
    expect(added.ok(), await added.text()).toBe(true)
    // A sequence with one test case run twice: the run view (with its coverage map) and the comparison of the two.
    runsSequence = `Axe Runs ${Date.now().toString(36)}`
    expect((await staff.post('/api/create-sequence', { data: { name: runsSequence } })).ok()).toBe(true)
    const path = encodeURIComponent(runsSequence)
    const testCase = { name: 'Axe case', persona: 'A friendly neighbour who likes gardening.', turnLimit: 2, repeats: 1, expect: [] }
    const made = await staff.post(`/api/test-cases/${path}`, { data: testCase })
    expect(made.ok(), await made.text()).toBe(true)
    for (let i = 0; i < 2; i++) {
      const run = await staff.post('/api/test-runs', { data: { sequence: runsSequence, version: 1 } })
      expect(run.ok(), await run.text()).toBe(true)
      runIds.push(((await run.json()) as { runId: string }).runId)
    }
    for (const runId of runIds) {
      await expect.poll(async () => ((await (await staff.get(`/api/test-runs/${runId}`)).json()) as { status: string }).status).toBe('done')
    }
    staffCookies = (await staff.storageState()).cookies
  } finally {
    await staff.dispose()
  }
})

type Finding = { screen: string; rule: string; impact: string; target: string; summary: string }

// Serious and critical findings, and one moderate rule issue 21 named: every page has a main landmark.
const fails = (violation: { id: string; impact?: string | null }) =>
  violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'landmark-one-main'

async function audit(page: Page, screen: string, findings: Finding[], include?: string) {
  // Colours are measured once opening animations (dialogs fading in) have finished; endless ones (spinners) run on.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  )
  // Legacy mode: axe.run in the page itself. The default runs each frame's part, then opens a new blank page to
  // put them together, a new renderer per audit (the screens have no frames): 118 s against 85 s for the file.
  const builder = new AxeBuilder({ page }).setLegacyMode(true)
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  for (const violation of violations) {
    if (!fails(violation)) continue
    for (const node of violation.nodes) {
      findings.push({
        screen,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        target: node.target.join(' '),
        summary: (node.failureSummary ?? violation.help).replace(/\s+/g, ' ').slice(0, 300),
      })
    }
  }
}

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible()

for (const viewport of widths) {
  test(`no serious or critical axe findings on any screen at ${viewport.width} px`, async ({ page }) => {
    // About 85 s alone; up to 108 s beside the voice run on 2 cores.
    test.setTimeout(240_000)
    await page.setViewportSize(viewport)
    const findings: Finding[] = []
    const visit = async (path: string, screen: string, ready: () => Promise<void>) => {
      await page.goto(path)
      await ready()
      await audit(page, screen, findings)
    }

    // Visitors.
    await visit('/', 'landing', () => heading(page, 'Deeper Connections // Stronger Communities'))
    await visit('/about', 'about', () => heading(page, 'Welcome to Hearth'))
    await visit('/privacy', 'privacy', () => heading(page, 'Privacy Policy'))
    await visit('/login', 'login', () => heading(page, 'Staff sign in'))
    await visit('/no-such-page', '404', () => heading(page, 'Page not found'))

    // A member on their personal link.
    await visit(await newUserLink('Axe Member'), 'user page', () => heading(page, /^Hi, /))

    // Staff: the admin sees every staff screen.
    await page.context().addCookies(staffCookies)
    await visit('/', 'console', () => heading(page, /Console/))
    await visit('/testing', 'testing', () => heading(page, /Console v/))
    if (viewport.width === 1366) {
      // The saved mood scores fill in during a run (the local model scores the second model's reply).
      await page.getByLabel('Message limit').fill('2')
      await page.getByRole('switch', { name: 'Microphone' }).click()
      await page.getByRole('button', { name: 'Connect', exact: true }).click()
      const mood = page.getByRole('region', { name: 'Saved mood scores' })
      await expect(mood.getByRole('definition')).not.toHaveCount(0, { timeout: 20_000 })
      await audit(page, 'testing mood scores', findings, '[aria-label="Levels, memory and mood"]')
    }
    await visit('/prompt-manager?sequence=Get%20to%20Know%20You.json', 'prompt manager', async () => {
      await heading(page, 'Prompt Manager')
      await expect(page.locator('.cm-content')).toContainText('sequential_prompts')
    })
    await visit(`/testing/runs/${runIds[0]}`, 'test run', async () => {
      await heading(page, `${runsSequence} v1`)
      await expect(page.getByTestId('coverage-map').locator('.react-flow__node')).not.toHaveCount(0)
    })
    await visit(`/testing/compare?a=${runIds[0]}&b=${runIds[1]}`, 'compare runs', async () => {
      await heading(page, 'Compare test runs')
      await expect(page.getByText('Axe case').filter({ visible: true }).first()).toBeVisible()
    })
    await visit('/profile-manager', 'profile manager', () => heading(page, 'Profile Manager'))
    await visit('/admin-users', 'users', () => heading(page, 'Users'))
    await visit('/groups', 'groups', () => heading(page, 'Groups'))
    await visit(`/groups/${groupId}`, 'group detail', () => heading(page, /^Axe Group/))
    await page.getByRole('button', { name: 'Blast Initiation SMS' }).click()
    await expect(page.getByRole('dialog').getByRole('list', { name: 'Skipped members' })).toBeVisible()
    await audit(page, 'blast dialog', findings)
    await visit('/system-prompts', 'system prompts', () => heading(page, 'System Prompts'))
    await visit('/admin-messages', 'messages', () => heading(page, 'Messages'))
    await visit('/insights', 'insights', () => heading(page, 'Insights'))
    await visit('/admin-staff', 'staff', () => heading(page, 'Staff'))

    const report = findings.map((f) => `[${f.screen}] ${f.impact} ${f.rule} at ${f.target}: ${f.summary}`).join('\n')
    expect(report, `${findings.length} axe findings at ${viewport.width} px`).toBe('')
  })
}
