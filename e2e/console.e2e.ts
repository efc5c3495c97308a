// The console (SPEC §2 "Console", §4) in Chromium with the fake microphone (a short phrase every 6 s) against
// the local voice provider: connect, the assistant answers, the event log fills, manual turns with push-to-talk,
// delete an item, the active prompt, and disconnect copying the conversation. Prints the per-turn latency the
// console shows. The capture-to-send comparison with the user page is `bun run bench:voice-console`.
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'

type LatencySummary = { count: number; medianMs: number | null; p95Ms: number | null; maxMs: number | null }
type Stats = {
  framesSent: number
  captureToSendMs: LatencySummary
  captureClockClamped: number
  turnLatencyMs: LatencySummary
  outputPeakMax: number
  sampleRate: number
}

const stats = (page: Page) =>
  page.evaluate(() => (window as unknown as { __hearthVoice: { stats(): unknown } }).__hearthVoice.stats()) as Promise<Stats | null>

const conversation = (page: Page) => page.getByRole('list', { name: 'Conversation' })
const assistantMessages = (page: Page) => conversation(page).locator('li[data-role="assistant"]')
const eventRows = (page: Page, type: string) => page.getByRole('table', { name: 'Event log' }).locator(`tr[data-type="${type}"]`)

async function expectLatencyChipOnEachAnsweredTurn(page: Page) {
  const completed = assistantMessages(page).and(page.locator('[data-status="completed"]'))
  const count = await completed.count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) await expect(completed.nth(i).getByTestId('latency-chip')).toBeVisible()
}

async function figure(locator: Locator) {
  return (await locator.textContent())?.trim() ?? ''
}

test.describe('console', () => {
  test.describe.configure({ timeout: 150_000 })
  test.use({ viewport: { width: 1366, height: 900 } })

  test('connect, answers with latency, event log, manual push-to-talk, delete, active prompt, disconnect copies', async ({
    page,
    context,
    signInAsAdmin,
    snapshot,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await signInAsAdmin()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Voice' })).toHaveText('ash')
    await expect(page.getByRole('slider', { name: 'Temperature' })).toHaveValue('0.8')
    await expect(page.getByRole('combobox', { name: 'Sequence' })).toHaveText('default_Check In')
    await expect(page.getByRole('combobox', { name: 'Version' })).toHaveText('v1')
    await expect(page.getByRole('radio', { name: 'Voice activity' })).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('button', { name: 'Push to talk' })).toBeDisabled()
    await expect(page.getByText('Local voice provider — no OpenAI key configured')).toBeVisible()
    await snapshot('console-idle-1366')

    // Copy with nothing to copy says so.
    await page.getByRole('button', { name: 'Copy conversation' }).click()
    await expect(page.getByText('No conversation to copy')).toBeVisible()

    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    // The voice is fixed for the session.
    await expect(page.getByRole('combobox', { name: 'Voice' })).toBeDisabled()

    // The assistant answers 'Hi.' with the check-in prompt, spoken and played.
    await expect(assistantMessages(page).first()).toContainText('How are you doing today?', { timeout: 10_000 })
    await expect(assistantMessages(page).first().getByTestId('latency-chip')).toBeVisible({ timeout: 10_000 })
    await expect(page.getByRole('navigation', { name: 'Prompt path' })).toContainText('check_in')

    // The event log: the session, and the answer's audio deltas collapsed into rows with a count.
    await expect(eventRows(page, 'hearth.session')).toHaveCount(1)
    const audioRow = eventRows(page, 'response.output_audio.delta').first()
    await expect(audioRow).toContainText(/×\d+/)
    await expect(audioRow).toContainText('ms of audio')
    await page.getByLabel('Filter by type').fill('hearth')
    await expect(eventRows(page, 'response.output_audio.delta')).toHaveCount(0)
    await expect(eventRows(page, 'hearth.session')).toHaveCount(1)
    await page.getByLabel('Filter by type').fill('')
    await page.getByRole('button', { name: 'Pause' }).click()
    await expect(page.getByRole('button', { name: 'Resume' })).toHaveAttribute('aria-pressed', 'true')
    await page.getByRole('button', { name: 'Resume' }).click()

    // With voice activity detection the fake microphone's phrase is a turn of its own (200 ms of silence ends it).
    await expect.poll(async () => assistantMessages(page).count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2)
    // Turn-taking beside the latency (issue 23 §4): once that spoken turn's answer has played, its rates show.
    await expect(page.getByTestId('turn-taking-summary')).toHaveAttribute('aria-label', /^Turn-taking over [1-9]\d* turns?$/, {
      timeout: 20_000,
    })
    for (const figure of ['cut-off', 'premature', 'dead-air', 'self-interruption']) {
      await expect(page.getByTestId(`turn-taking-${figure}`)).toHaveText(/^\d+%$/)
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('console-connected-1366')

    // Manual turns: the microphone is off until push-to-talk is held.
    await page.getByRole('radio', { name: 'Manual' }).click()
    await expect(page.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true')
    await expect(eventRows(page, 'session.update').filter({ hasText: 'manual turns' })).toHaveCount(1)
    const pushToTalk = page.getByRole('button', { name: 'Push to talk' })
    await expect(pushToTalk).toBeEnabled()
    // Whatever was answering finishes first, so the next answer is the push-to-talk's.
    await expect
      .poll(async () => assistantMessages(page).and(page.locator('[data-status="in_progress"]')).count(), { timeout: 20_000 })
      .toBe(0)
    const before = await assistantMessages(page).count()
    const commitsBefore = await eventRows(page, 'input_audio_buffer.commit').count()

    // Hold over one full phrase of the fake microphone (a 6 s loop), then release to send.
    await pushToTalk.hover()
    await page.mouse.down()
    await expect(pushToTalk).toHaveAttribute('aria-pressed', 'true')
    await page.waitForTimeout(6_500)
    await page.mouse.up()
    await expect(pushToTalk).toHaveAttribute('aria-pressed', 'false')
    await expect(eventRows(page, 'input_audio_buffer.commit')).toHaveCount(commitsBefore + 1)
    await expect.poll(async () => assistantMessages(page).count(), { timeout: 15_000 }).toBeGreaterThan(before)
    const answer = assistantMessages(page).last()
    await expect(answer).toHaveAttribute('data-status', 'completed', { timeout: 20_000 })
    await expect(answer.getByTestId('latency-chip')).toHaveAttribute('aria-label', /push-to-talk release/)
    // Its trace beside the chip: where the time went (PRODUCT §12).
    await expect(answer.getByTestId('turn-trace')).toHaveAttribute(
      'aria-label',
      /^Turn \d+: browser \d+ ms, relay \d+ ms, provider \d+ ms, playback \d+ ms$/,
    )
    // What push-to-talk recorded became a user turn (the local provider hears that someone spoke).
    await expect(
      conversation(page)
        .locator('li[data-role="user"]')
        .filter({ hasText: /\[speech \d+\.\d s\]/ })
        .last(),
    ).toBeVisible()

    // The space bar holds push-to-talk too.
    const commits = await eventRows(page, 'input_audio_buffer.commit').count()
    await pushToTalk.focus()
    await page.keyboard.down('Space')
    await expect(pushToTalk).toHaveAttribute('aria-pressed', 'true')
    await page.waitForTimeout(400)
    await page.keyboard.up('Space')
    await expect(eventRows(page, 'input_audio_buffer.commit')).toHaveCount(commits + 1)
    await expect
      .poll(async () => assistantMessages(page).and(page.locator('[data-status="in_progress"]')).count(), { timeout: 20_000 })
      .toBe(0)

    await expectLatencyChipOnEachAnsweredTurn(page)
    const p50 = await figure(page.getByTestId('latency-p50'))
    const p95 = await figure(page.getByTestId('latency-p95'))
    expect(p50).toMatch(/^\d+ ms$/)
    expect(p95).toMatch(/^\d+ ms$/)

    // Delete the first message ('Hi.'): the relay removes it upstream and confirms.
    const firstUser = conversation(page).locator('li[data-role="user"]').first()
    await expect(firstUser).toContainText('Hi.')
    const items = await conversation(page).getByRole('listitem').count()
    await page.getByRole('button', { name: 'Delete user message 1' }).click()
    await expect(conversation(page).getByRole('listitem')).toHaveCount(items - 1)
    await expect(conversation(page).locator('li[data-role="user"]').first()).not.toContainText('Hi.')
    await expect(eventRows(page, 'conversation.item.deleted')).toHaveCount(1)

    // View active prompt: the instructions the server composed (global prompt, module prompt, prompt fields).
    await page.getByRole('button', { name: 'View active prompt' }).click()
    const dialog = page.getByRole('dialog', { name: 'Active prompt' })
    await expect(dialog.getByTestId('active-prompt-text')).toContainText('You are Hearth')
    await expect(dialog.getByTestId('active-prompt-text')).toContainText('A short module for automatic test conversations.')
    await expect(dialog.getByTestId('active-prompt-text')).toContainText(/name: (check_in|reflection)/)
    await snapshot('console-active-prompt-1366')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    const turnTakingShown = `${await page.getByTestId('turn-taking-summary').getAttribute('aria-label')}: ${(
      await page.getByTestId('turn-taking-summary').innerText()
    ).replace(/\s+/g, ' ')}`
    const bench = await stats(page)
    // Each chip says how the turn splits: turn end -> first audio delta in the browser (relay and provider),
    // then -> first sample played (decoding, queueing, the playback worklet).
    const chips = await conversation(page)
      .getByTestId('latency-chip')
      .evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label') ?? ''))
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByText('Conversation copied to clipboard')).toBeVisible()
    const clipboard = await page.evaluate(() => navigator.clipboard.readText())
    expect(clipboard).toContain('assistant: ')
    expect(clipboard).not.toContain('user: Hi.')
    // Reset: nothing of the session stays.
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled({ timeout: 10_000 })
    await expect(page.getByText('Connect to start a conversation.')).toBeVisible()
    await expect(page.getByRole('table', { name: 'Event log' })).toHaveCount(0)
    await expect(page.getByRole('radio', { name: 'Manual' })).toHaveAttribute('aria-checked', 'true')

    // The relay stored the session's turn-taking when it ended: admins see it per version in the Prompt Manager.
    await page.goto(`/prompt-manager?sequence=${encodeURIComponent('default_Check In.json')}`)
    const turnTaking = page.getByRole('region', { name: 'Turn-taking' })
    await expect(turnTaking.getByRole('table', { name: 'Turn-taking by version' })).toBeVisible()
    const staffRow = turnTaking.getByRole('row').filter({ hasText: 'Staff' }).filter({ hasText: 'v1' })
    await expect(staffRow.first()).toBeVisible()
    await expect(staffRow.first()).toContainText('%')
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('prompt-manager-turn-taking-1366')

    const capture = bench!.captureToSendMs
    console.log(
      [
        `[console] per-turn latency shown (speech end / push-to-talk / session start -> first sample played, local provider): p50 ${p50}, p95 ${p95} over ${bench!.turnLatencyMs.count} turns`,
        ...chips.map((label) => `[console] turn: ${label}`),
        `[console] turn-taking shown (local provider, fake microphone, VAD then push-to-talk): ${turnTakingShown}`,
        `[voice bench, console with event log] capture frame posted by the worklet -> ws.send returned: median ${capture.medianMs?.toFixed(3)} ms, p95 ${capture.p95Ms?.toFixed(3)} ms, n=${capture.count} (${bench!.captureClockClamped} clamped)`,
      ].join('\n'),
    )
  })

  test('idle and connected at 390 px', async ({ page, signInAsAdmin, snapshot }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAsAdmin()
    await page.goto('/')
    await expect(page.getByRole('combobox', { name: 'Sequence' })).toHaveText('default_Check In')
    const noSideScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await noSideScroll()
    await snapshot('console-idle-390')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(assistantMessages(page).first().getByTestId('latency-chip')).toBeVisible({ timeout: 10_000 })
    await noSideScroll()
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('console-connected-390')
    // Clearing a live conversation deletes its items upstream too (SPEC §9's toast).
    await page.getByRole('button', { name: 'Clear conversation' }).click()
    await expect(page.getByText('Conversation cleared')).toBeVisible()
    await expect(page.getByRole('table', { name: 'Event log' }).locator('tr[data-type="conversation.item.deleted"]').first()).toBeAttached()
    await expect(page.getByRole('list', { name: 'Conversation' }).getByText('Hi.', { exact: true })).toHaveCount(0)
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled({ timeout: 10_000 })
  })

  test('a voice connection the server refuses (console opened on another origin than PUBLIC_URL) is shown on the page', async ({
    page,
    context,
  }) => {
    // PUBLIC_URL is http://127.0.0.1:PORT; http://localhost:PORT is the same server under another origin, so /ws
    // refuses the upgrade (403). The staff cookie is got without the browser (a cookie is per host, not port).
    const api = await playwrightRequest.newContext({ baseURL })
    try {
      expect((await api.post('/api/auth/login', { data: admin })).ok()).toBe(true)
      const cookies = (await api.storageState()).cookies
      await context.addCookies(
        cookies.map(({ name, value, path, httpOnly, sameSite }) => ({ name, value, path, httpOnly, sameSite, domain: 'localhost' })),
      )
    } finally {
      await api.dispose()
    }
    await page.goto(baseURL.replace('127.0.0.1', 'localhost'))
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const notice = page.getByTestId('voice-connect-error')
    await expect(notice).toContainText('Could not connect to the voice service', { timeout: 10_000 })
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled()
    await expect(page.getByRole('status').filter({ hasText: 'Disconnected' })).toBeVisible()
  })

  test('by keyboard: Enter on Connect and on Disconnect keeps focus on that button', async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await page.goto('/')
    const connect = page.getByRole('button', { name: 'Connect', exact: true })
    // The screen has loaded its settings (a later render could otherwise take the focus before Enter).
    await expect(page.getByRole('combobox', { name: 'Version' })).toHaveText(/^v\d+$/)
    await connect.focus()
    await expect(connect).toBeFocused()
    await page.keyboard.press('Enter')
    // While connecting the button is aria-disabled, not disabled, so the focus never drops to the page.
    const disconnect = page.getByRole('button', { name: 'Disconnect', exact: true })
    // Exactly "Connected": "Disconnected" contains it too.
    await expect(page.getByRole('status').filter({ hasText: /^Connected$/ })).toBeVisible({ timeout: 10_000 })
    await expect(disconnect).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(connect).toBeEnabled({ timeout: 10_000 })
    await expect(connect).toBeFocused()
  })
})
