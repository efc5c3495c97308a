// The testing page (SPEC §2 "Testing page", §4) in Chromium with the fake microphone against the local voice
// provider and the local second model: an automatic conversation that stops itself at the message limit and
// summarises the run, and the model's change_module moving the conversation to another sequence.
import type { Page } from '@playwright/test'

import { baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

async function createSequence(page: Page, name: string, prompt: string) {
  const response = await page.request.post('/api/create-sequence', {
    data: {
      name,
      content: [
        {
          version: 1,
          module_prompt: 'A sequence for the testing page’s browser test.',
          sequential_prompts: [
            { name: 'hop', description: 'Moves on', prompt, trigger_condition: 'The person answered.', next_prompt: '' },
          ],
        },
      ],
    },
  })
  expect(response.ok(), await response.text()).toBe(true)
}

async function openTestingPage(page: Page) {
  await page.goto('/testing')
  await expect(page).toHaveTitle('Testing Page')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Console v\d+(\.\d+)* -- Automatic conversations$/)
}

const summary = (page: Page) => page.getByRole('region', { name: 'Run summary' })

test.describe('testing page', () => {
  test.describe.configure({ timeout: 120_000 })
  test.use({ viewport: { width: 1366, height: 900 } })
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('an automatic conversation with limit 2 stops itself and the run summary lists the prompts reached', async ({
    page,
    context,
    snapshot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await openTestingPage(page)
    await expect(page.getByRole('combobox', { name: 'Voice' })).toHaveText('ash')
    await expect(page.getByRole('slider', { name: 'Temperature' })).toHaveValue('0.8')
    // SPEC §9: a module whose name starts with default_.
    await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toHaveText('default_Check In')
    await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText('v1')
    const limit = page.getByLabel('Message limit')
    await expect(limit).toHaveValue('20')
    await limit.fill('0')
    await expect(page.getByText('Enter a whole number, at least 1.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeDisabled()
    await limit.fill('2')
    // The two models talk on their own; the fake microphone would cut in every 6 s.
    await page.getByRole('switch', { name: 'Microphone' }).click()
    await expect(page.getByRole('switch', { name: 'Microphone' })).not.toBeChecked()
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('testing-idle-1366')

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(limit).toBeDisabled()
    await expect(page.getByTestId('current-prompt')).toHaveText('check_in')
    // The short greeting may already be done: 0 or 1 of the limit.
    await expect(page.getByTestId('assistant-count')).toHaveText(/^[01] \/ 2$/)

    // The greeting finishes, the second model answers it as the person, 100 ms later its text goes in.
    const injected = page
      .getByRole('table', { name: 'Event log' })
      .locator('tr[data-type="conversation.item.create"][data-direction="client"]')
    await expect(injected).toHaveCount(1, { timeout: 20_000 })
    await expect(page.getByTestId('assistant-count')).toHaveText('1 / 2')
    const conversation = page.getByRole('list', { name: 'Conversation' })
    await expect(conversation.locator('li[data-role="user"]')).toHaveCount(2)
    // The local model moves on with change_prompt after the person's turn and scores the typed reply's tone. The
    // reply to "How are you doing today?" ("I'm doing well, … a calm day.") is remembered as a keyword, never the
    // sentence (PRODUCT §7).
    await expect(page.getByTestId('current-prompt')).toHaveText('reflection', { timeout: 10_000 })
    await expect(page.getByRole('region', { name: 'Saved mood scores' })).toContainText('tone of typed replies')
    await expect(page.getByRole('region', { name: 'Saved memory values' })).toContainText('typed_notecalm')
    await expect(conversation.locator('li[data-role="assistant"]').first().getByTestId('latency-chip')).toBeVisible()
    await expect(conversation.locator('li[data-role="assistant"]').nth(1).getByTestId('latency-chip')).toBeVisible({ timeout: 10_000 })
    await expect(conversation.locator('li[data-role="assistant"]').nth(1).getByTestId('latency-chip')).toHaveAttribute(
      'aria-label',
      /injected text/,
    )
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('testing-connected-1366')

    // The second assistant message reaches the limit: the page disconnects by itself.
    await expect(page.getByText('Limit of messages reached', { exact: true })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('status').filter({ hasText: 'Disconnected' })).toBeVisible()
    await expect(limit).toBeEnabled()
    // The finished run stays readable until the next Connect: its conversation, prompt path and a note on why it ended.
    await expect(page.getByTestId('kept-run-note')).toHaveText(
      'Limit of messages reached: the run stopped after 2 assistant messages. Its conversation stays here until the next Connect.',
    )
    await expect(conversation.locator('li[data-role="assistant"]')).toHaveCount(2)
    await expect(conversation.locator('li[data-role="user"]')).toHaveCount(2)
    await expect(page.getByRole('navigation', { name: 'Prompt path' })).toContainText('reflection')

    const run = summary(page)
    await expect(run).toContainText('ended by the message limit')
    await expect(run).toContainText('4 (2 assistant, 2 user)')
    const prompts = run.getByRole('region', { name: 'Prompts of default_Check In v1' })
    await expect(prompts).toContainText('Prompts reached')
    await expect(prompts).toContainText('check_in')
    await expect(prompts).toContainText('reflection')
    await expect(prompts).toContainText(/Never reached\s*none/)
    await expect(run).toContainText('set_mood_score ×1')
    await expect(run).toContainText('change_prompt ×1')
    await expect(run).toContainText('tone of typed replies')
    // Turn-taking of the run's typed turns (issue 23 §4): the second model's replies are turns too.
    await expect(run.getByTestId('run-turn-taking')).toHaveText(
      /^Turn-taking over \d+ turns?: cut-offs \d+%, premature \d+%, dead air \d+%, self-interruptions \d+%\.$/,
    )
    await run.getByRole('button', { name: 'Copy summary as JSON' }).click()
    const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText())) as {
      messages: { assistant: number }
      endedBy: string
      sequences: Array<{ module: string; reached: string[]; neverReached: string[] }>
      memory: Record<string, string>
      mood: Record<string, number>
      turnTaking: { turns: number; rates: Record<string, number> }
    }
    expect(copied.turnTaking.turns).toBeGreaterThanOrEqual(1)
    expect(Object.keys(copied.turnTaking.rates)).toEqual(['cutOff', 'prematureCommit', 'deadAir', 'selfInterruption'])
    expect(copied).toMatchObject({
      endedBy: 'limit',
      messages: { assistant: 2 },
      sequences: [{ module: 'default_Check In', reached: ['check_in', 'reflection'], neverReached: [] }],
    })
    expect(copied.memory).toEqual({ typed_note: 'calm' })
    expect(Object.keys(copied.mood)).toEqual(['tone of typed replies'])
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('testing-summary-1366')

    // SPEC §9: clearing the kept conversation says so.
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await expect(page.getByText('Conversation cleared')).toBeVisible()
    await expect(conversation).toHaveCount(0)
    await expect(page.getByTestId('kept-run-note')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Clear conversation' })).toBeDisabled()
  })

  test('change_module round trip: the model moves the run to another sequence; an unknown one is an error toast', async ({ page }) => {
    await createSequence(page, 'e2e Hop', 'Greet them, then call change_module with "Get to Know You".')
    await createSequence(page, 'e2e Dead End', 'Greet them, then call change_module with "No Such Module".')
    await openTestingPage(page)
    await chooseOption(page, 'Sequence', 'e2e Hop')
    await expect(page.getByTestId('selected-sequence')).toHaveText('e2e Hop v1')
    await page.getByLabel('Message limit').fill('2')
    await page.getByRole('switch', { name: 'Microphone' }).click()

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByTestId('current-prompt')).toHaveText('hop')
    // After the second model's turn the local model calls change_module; the relay switches and says so.
    // Its latest version, whichever that is (the prompt manager's tests save new ones in the same database).
    await expect(page.getByTestId('selected-sequence')).toHaveText(/^Get to Know You v\d+$/, { timeout: 20_000 })
    const latest = (await page.getByTestId('selected-sequence').textContent())!.replace('Get to Know You ', '')
    await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toHaveText('Get to Know You')
    await expect(page.getByTestId('current-prompt')).toHaveText('welcome')
    const path = page.getByRole('navigation', { name: 'Prompt path' })
    await expect(path.getByRole('listitem')).toHaveCount(2)
    await expect(path.getByRole('listitem').last()).toContainText(`Get to Know You ${latest} · welcome`)
    await expect(path.getByRole('listitem').last()).toContainText('change_module')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await page.getByRole('button', { name: 'View active prompt' }).click()
    await expect(page.getByTestId('active-prompt-text')).toContainText('name: welcome')
    await page.keyboard.press('Escape')

    await expect(page.getByText('Limit of messages reached', { exact: true })).toBeVisible({ timeout: 30_000 })
    const run = summary(page)
    await expect(run.getByRole('region', { name: 'Prompts of e2e Hop v1' })).toContainText('hop')
    const next = run.getByRole('region', { name: `Prompts of Get to Know You ${latest}` })
    await expect(next).toContainText('welcome')
    await expect(next).toContainText(/Never reached.*interests.*community.*wrap_up/)
    await expect(run).toContainText('change_module ×1')

    // A module that does not exist: the tool fails on the server and the page says so.
    await chooseOption(page, 'Sequence', 'e2e Dead End')
    await expect(page.getByTestId('kept-run-note')).toBeVisible()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByTestId('kept-run-note')).toHaveCount(0)
    const toast = page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'Error changing sequence' })
    await expect(toast).toBeVisible({ timeout: 20_000 })
    // The relay's reason is the toast's description, and the call shows as failed in the conversation.
    await expect(toast).toContainText('Sequence name not found')
    await expect(page.getByRole('list', { name: 'Conversation' })).toContainText('→ Sequence name not found')
    await expect(page.getByTestId('selected-sequence')).toHaveText('e2e Dead End v1')
    await expect(page.getByText('Limit of messages reached', { exact: true })).toBeVisible({ timeout: 30_000 })
    await expect(summary(page)).toContainText('change_module ×1 (1 failed)')
  })

  test("'Edit gpt4o prompt' edits the second model's system prompt; an empty one is not saved", async ({ page, snapshot }) => {
    await openTestingPage(page)
    await page.getByRole('button', { name: 'Edit gpt4o prompt' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit gpt4o prompt' })
    const field = dialog.getByLabel('System prompt')
    await expect(field).toHaveValue(/You are a participant testing a voice companion/)
    await snapshot('testing-gpt4o-prompt-1366')
    await field.fill('   ')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Prompt not updated')).toBeVisible()
    await expect(dialog).toBeVisible()
    const edited = 'You are a cheerful retiree who loves gardening. Answer in one short sentence.'
    await field.fill(edited)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Prompt updated', { exact: true })).toBeVisible()
    await expect(dialog).toBeHidden()
    const stored = (await (await page.request.get('/api/get-system-prompt')).json()) as Array<{ prompt: string }>
    expect(stored[0].prompt).toBe(edited)
    // A reload reads it back.
    await page.reload()
    await page.getByRole('button', { name: 'Edit gpt4o prompt' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit gpt4o prompt' }).getByLabel('System prompt')).toHaveValue(edited)
  })

  test('idle and running at 390 px', async ({ page, snapshot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await openTestingPage(page)
    await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toHaveText('default_Check In')
    const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await noSideScroll()
    await snapshot('testing-idle-390')
    await page.getByLabel('Message limit').fill('1')
    // By keyboard: Enter on Connect keeps the focus on that button through connecting, the run and its end.
    const connect = page.getByRole('button', { name: 'Connect', exact: true })
    await connect.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('list', { name: 'Conversation' }).locator('li[data-role="assistant"]')).toHaveCount(1, { timeout: 10_000 })
    // The run may already be ending (limit 1): the focused element is that one button, whichever it reads now.
    expect(await page.evaluate(() => `${document.activeElement?.tagName} ${document.activeElement?.textContent?.trim()}`)).toMatch(
      /^BUTTON (Connect|Disconnect)$/,
    )
    await noSideScroll()
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('testing-connected-390')
    await expect(page.getByText('Limit of messages reached', { exact: true })).toBeVisible({ timeout: 30_000 })
    await expect(summary(page)).toBeVisible()
    await expect(connect).toBeFocused()
    await noSideScroll()
    await snapshot('testing-summary-390')
  })
})
