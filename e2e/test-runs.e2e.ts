// PRODUCT §10 end to end in Chromium, as staff through the UI: a sequence edited and saved, test cases added
// through the form, a run followed live to its coverage map and failing case, the test gate refusing a publish
// and an admin's override reaching a member's page; then two versions compared on the same cases.
import { mkdirSync } from 'node:fs'
import type { Page } from '@playwright/test'

import { baseURL } from './fixtures/env.ts'
import { expect, screenshotsDir, test } from './fixtures/hearth.ts'
import { chooseOption, createSequence, editor, replaceEditorText } from './fixtures/prompt-manager.ts'
import { createUserWithLink, openPersonalLink } from './fixtures/user-page.ts'

// Beside the other screenshots unless E2E_SHOTS_DIR names another directory.
const SHOTS_DIR = process.env.E2E_SHOTS_DIR || screenshotsDir

/** A greeting, a question about hobbies and a farewell, chained by next_prompt (the first name may change). */
function walk(first = 'greet') {
  return {
    module_prompt: 'A short check-in for the test-run browser test.',
    sequential_prompts: [
      {
        name: first,
        description: 'Greets',
        prompt: 'Greet the member warmly and ask what they like to be called.',
        trigger_condition: 'The member has shared their name.',
        next_prompt: 'hobbies',
      },
      {
        name: 'hobbies',
        description: 'Hobbies',
        prompt: 'Ask what hobbies they enjoy in their free time.',
        trigger_condition: 'The member has shared a hobby.',
        next_prompt: 'farewell',
      },
      { name: 'farewell', description: 'Closes', prompt: 'Thank them and say goodbye.', trigger_condition: '', next_prompt: '' },
    ],
  }
}

type CaseForm = {
  name: string
  turnLimit: number
  repeats: number
  type: 'Reaches a prompt' | 'Never reaches a prompt'
  prompt: string
  within?: number
}

async function addTestCase(page: Page, form: CaseForm) {
  const section = page.getByRole('region', { name: 'Test cases' })
  await section.getByRole('button', { name: 'Add test case' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add test case' })
  await dialog.getByLabel('Name').fill(form.name)
  await dialog.getByLabel('Persona').fill('Maria, a friendly retired teacher who loves gardening.')
  await dialog.getByLabel('Turn limit').fill(String(form.turnLimit))
  await dialog.getByLabel('Repeats').fill(String(form.repeats))
  await dialog.getByRole('button', { name: 'Add expectation' }).click()
  await chooseOption(page, 'Expectation 1 type', form.type)
  await chooseOption(page, 'Expectation 1 prompt', form.prompt)
  if (form.within !== undefined) await dialog.getByLabel('Within (assistant turns)').fill(String(form.within))
  await dialog.getByRole('button', { name: 'Save test case' }).click()
  await expect(dialog).toBeHidden()
  await expect(section.getByRole('listitem').filter({ hasText: form.name })).toBeVisible()
}

/**
 * Full-page screenshots at 1366 and 390 px into the shots directory; the viewport is put back afterwards. With
 * `reopen`, the page is loaded afresh at each width (as a phone opens it) and `reopen` awaits it being ready.
 */
async function shoot(page: Page, name: string, reopen?: () => Promise<void>) {
  mkdirSync(SHOTS_DIR, { recursive: true })
  const before = page.viewportSize()!
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    if (reopen) {
      await page.reload()
      await reopen()
    }
    // Nothing runs off the side at either width.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true, animations: 'disabled' })
  }
  await page.setViewportSize(before)
}

async function createInPromptManager(page: Page, name: string) {
  await page.goto('/prompt-manager')
  await createSequence(page, name)
}

async function saveVersion(page: Page, content: ReturnType<typeof walk>, version: number) {
  await replaceEditorText(page, JSON.stringify(content, null, 2))
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByText('Sequence saved successfully')).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText(new RegExp(`^v${version}`))
}

/** The run view until its run is done: the status badge moves on by itself (the page follows the run). */
async function waitForRunDone(page: Page) {
  await expect(page).toHaveURL(/\/testing\/runs\/[^/]+$/)
  await expect(page.getByRole('progressbar', { name: 'Run progress' })).toBeVisible()
  await expect(page.getByTestId('run-status')).toHaveText('Done', { timeout: 60_000 })
}

test.describe('test runs', () => {
  test.describe.configure({ timeout: 150_000 })
  test.use({ viewport: { width: 1366, height: 900 } })
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('cases run, the map shows coverage, the gate blocks publishing and an admin forces it to members', async ({ page, browser }) => {
    const name = `E2E Runs ${Date.now().toString(36)}`
    await createInPromptManager(page, name)
    await saveVersion(page, walk(), 2)

    await addTestCase(page, { name: 'Greets first', turnLimit: 2, repeats: 2, type: 'Reaches a prompt', prompt: 'greet', within: 1 })
    // Every conversation starts at greet: this expectation cannot be met.
    await addTestCase(page, { name: 'Skips the greeting', turnLimit: 2, repeats: 2, type: 'Never reaches a prompt', prompt: 'greet' })
    await expect(page.getByRole('region', { name: 'Test cases' }).getByRole('listitem')).toHaveCount(2)
    await expect(page.getByRole('region', { name: 'Test cases' }).getByRole('listitem').first()).toContainText(
      "Reaches 'greet' within 1 turn",
    )

    // The admin turns the gate on (PRODUCT §10's requireTests) with the Publishing panel's switch.
    const panel = page.getByRole('region', { name: 'Publishing' })
    const gate = panel.getByRole('switch', { name: 'Require passing tests before publishing' })
    await expect(gate).not.toBeChecked()
    await gate.press('Space')
    await expect(page.getByText('Publishing now needs passing tests')).toBeVisible()
    await expect(gate).toBeChecked()
    await expect(panel).toContainText('Publishing needs a run in which every case passed.')
    await expect(panel).toContainText('Tests: no run yet')

    await page.getByRole('button', { name: 'Run tests on v2' }).click()
    await waitForRunDone(page)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${name} v2`)
    await expect(page.getByRole('progressbar', { name: 'Run progress' })).toHaveAttribute('aria-valuenow', '4')
    await expect(page.getByRole('definition').filter({ hasText: 'passed' })).toHaveText('1 passed · 1 failed')

    // The coverage map is drawn from v2's JSON, with the share of attempts reaching each prompt; the table says the same.
    const map = page.getByTestId('coverage-map')
    await expect(map.getByLabel('greet: reached by 100% of attempts')).toBeVisible()
    await expect(map.locator('.react-flow__node')).toHaveCount(3)
    await expect(map.locator('.react-flow__edge')).toHaveCount(2)
    const coverage = page.getByRole('table', { name: 'Coverage by prompt' })
    await expect(coverage.getByRole('row')).toHaveCount(4)
    await expect(
      coverage
        .getByRole('row', { name: /^greet/ })
        .getByRole('cell')
        .first(),
    ).toHaveText(/^100%/)
    await expect(coverage.getByRole('row', { name: /^farewell/ })).toBeVisible()
    // Turned to a phone's width, the map fits its prompts into view again instead of showing an empty pane.
    const viewport = page.viewportSize()!
    await page.setViewportSize({ width: 390, height: 844 })
    await map.scrollIntoViewIfNeeded()
    for (const prompt of ['greet', 'hobbies', 'farewell']) {
      await expect(map.getByLabel(new RegExp(`^${prompt}: reached`))).toBeInViewport()
    }
    await page.setViewportSize(viewport)

    const cases = page.getByRole('list', { name: 'Cases' })
    await expect(cases.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Greets first' }) })).toContainText('Passed')
    const failing = cases.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Skips the greeting' }) })
    await expect(failing).toContainText('Failed')
    await expect(page.getByRole('list', { name: 'Failures of Skips the greeting' })).toContainText(
      'Repeats 1 and 2, turn 1: never reaches "greet"',
    )
    await expect(page.getByRole('list', { name: 'Failures of Greets first' })).toHaveCount(0)
    await shoot(page, 'run-view', () => expect(map.locator('.react-flow__node')).toHaveCount(3))

    // Publishing v2 is refused, naming the failing case.
    await page.getByRole('link', { name: 'Edit prompts' }).click()
    await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText(/^v2/)
    await expect(panel).toContainText('Tests: 1 passed · 1 failed')
    await panel.getByRole('button', { name: 'Publish' }).click()
    await page
      .getByRole('alertdialog', { name: `Publish version 2 of ${name}?` })
      .getByRole('button', { name: 'Publish' })
      .click()
    const refusal = panel.getByRole('alert')
    await expect(refusal.getByRole('list', { name: 'Failing cases' }).getByRole('listitem')).toHaveText(['Skips the greeting'])
    await expect(page.getByText('Tests must pass before publishing')).toBeVisible()
    await expect(panel).toContainText('Not published: members do not see this sequence.')
    await refusal.scrollIntoViewIfNeeded()
    await shoot(page, 'publish-blocked')

    // The admin publishes anyway, after a confirmation; the override is recorded.
    await refusal.getByRole('button', { name: 'Publish anyway' }).click()
    const force = page.getByRole('alertdialog', { name: `Publish version 2 of ${name} anyway?` })
    await expect(force).toContainText('the override is recorded with your name')
    await force.getByRole('button', { name: 'Publish anyway' }).click()
    await expect(page.getByText('Version 2 published past the test gate')).toBeVisible()
    await expect(panel.getByRole('heading')).toHaveText(`${name} v2 Published`)
    await expect(panel.getByRole('alert')).toHaveCount(0)

    // A member's page now offers the sequence.
    const member = await browser.newContext({ baseURL })
    try {
      const memberPage = await member.newPage()
      await openPersonalLink(memberPage, (await createUserWithLink()).url)
      await memberPage.getByRole('button', { name: 'Open menu' }).click()
      await memberPage.getByRole('menu').getByRole('menuitemradio', { name, exact: true }).click()
      await expect(memberPage.getByTestId('module-name')).toHaveText(`Module: ${name}`)
    } finally {
      await member.close()
    }
  })

  test('the same cases on a second version: the comparison marks the case that got worse', async ({ page }) => {
    const name = `E2E Compare ${Date.now().toString(36)}`
    await createInPromptManager(page, name)
    await saveVersion(page, walk(), 2)
    // Six paired repeats: a case that passes on one version and fails on the other is significant (p = 0.031).
    await addTestCase(page, { name: 'Greets first', turnLimit: 1, repeats: 6, type: 'Reaches a prompt', prompt: 'greet', within: 1 })
    await addTestCase(page, { name: 'No early farewell', turnLimit: 1, repeats: 6, type: 'Never reaches a prompt', prompt: 'farewell' })
    // v3 renames the first prompt: no conversation reaches greet any more.
    await saveVersion(page, walk('hello'), 3)

    await chooseOption(page, 'Version', 'v2')
    await page.getByRole('button', { name: 'Run tests on v2' }).click()
    await waitForRunDone(page)
    await page.getByRole('button', { name: 'Run the same cases on version 3' }).click()

    await expect(page).toHaveURL(/\/testing\/compare\?/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compare test runs')
    for (const which of ['A', 'B']) {
      await expect(page.getByRole('region', { name: `Run ${which}` }).getByTestId('run-status')).toHaveText('Done', { timeout: 60_000 })
    }
    await expect(page.getByRole('region', { name: 'Run A' })).toContainText(`${name} v2`)
    await expect(page.getByRole('region', { name: 'Run B' })).toContainText(`${name} v3`)
    await expect(page.getByRole('status').filter({ hasText: 'changed significantly' })).toHaveText(/^1 case changed significantly/)
    const table = page.getByRole('table', { name: 'Pass rates by case' })
    const worse = table.getByRole('row', { name: /^Greets first/ })
    await expect(worse).toHaveAttribute('data-significant', 'true')
    await expect(worse).toContainText('Worse (p = 0.031)')
    const same = table.getByRole('row', { name: /^No early farewell/ })
    await expect(same).toContainText('No significant change')
    await expect(same).not.toHaveAttribute('data-significant', 'true')
  })
})
