// The end-user voice page (SPEC §2 "User page") in Chromium with a fake microphone that says a short phrase
// every 6 s, against the local voice provider (no OpenAI key). The voice state is read through the
// window.__hearthVoice test hook that the page installs under automation. Settings, the module menu, refusals and a
// 375 px phone: user-page-settings.e2e.ts.
import { baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'
import { voice } from './fixtures/voice-hook.ts'
import { LOCAL_PROVIDER, createUserWithLink, openPersonalLink, chatButton } from './fixtures/user-page.ts'

test.describe('user page', () => {
  test.describe.configure({ timeout: 120_000 })

  test('a personal link signs in; chat plays the reply, speech interrupts it, disconnect saves', async ({ page, context, snapshot }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    const user = await createUserWithLink()
    await openPersonalLink(page, user.url)
    await expect(page.getByTestId('module-name')).toHaveText('Module: Get to Know You')
    // Which provider runs is staff business: a member's page never mentions keys or providers (issue 21 §15).
    await expect(page.getByText(LOCAL_PROVIDER)).toHaveCount(0)
    await expect(page.getByText(/OpenAI|API key|provider/i)).toHaveCount(0)
    await expect(chatButton(page)).toHaveText('chat')
    await snapshot('user-idle-1280')

    // The link works again (previews must not burn it), and a reload keeps the session.
    await openPersonalLink(page, user.url)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Hi, Ada' })).toBeVisible()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    const settings = page.getByRole('dialog', { name: 'Settings' })
    await settings.getByLabel('Copy conversation on disconnect').check()
    await page.keyboard.press('Escape')
    await expect(settings).toBeHidden()

    await page.getByRole('switch', { name: 'Captions' }).click()
    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('disconnect')
    const connectedAtMs = Date.now()
    expect((await voice(page, 'session'))?.provider).toBe('local')

    // The greeting plays: the playback worklet renders it and the output meter moves.
    await expect.poll(async () => (await voice(page, 'stats'))?.outputPeakMax ?? 0, { timeout: 8_000 }).toBeGreaterThan(0.05)
    await snapshot('user-connected-1280')

    // The fake microphone speaks 3 s in, over the greeting: playback stops at once and a truncate is sent.
    await expect.poll(async () => (await voice(page, 'stats'))?.truncatesSent ?? 0, { timeout: 10_000 }).toBeGreaterThan(0)
    await expect.poll(async () => (await voice(page, 'levels')).output, { timeout: 1_000 }).toBe(0)
    const afterInterrupt = await voice(page, 'stats')
    expect(afterInterrupt?.samplesPlayed).toBeGreaterThan(0)
    expect(afterInterrupt?.interruptions).toBeGreaterThan(0)
    expect(afterInterrupt?.framesSent).toBeGreaterThan(50)
    expect(afterInterrupt?.inputPeakMax).toBeGreaterThan(0.1)
    expect(await voice(page, 'events')).toContain('client conversation.item.truncate')

    // Keep talking past SPEC §4's thresholds (4 messages, 20 s) so post-chat has work to do.
    await expect
      .poll(async () => (await voice(page, 'conversation')).filter((item) => item.type === 'message').length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(6)
    await page.waitForTimeout(Math.max(0, connectedAtMs + 21_000 - Date.now()))

    // The ignored cancel errors of SPEC §4 (the server already stopped the response) never reach the person.
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0)
    const stats = await voice(page, 'stats')
    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('chat', { timeout: 35_000 })
    expect(await voice(page, 'statuses')).toEqual(expect.arrayContaining(['connecting', 'connected', 'disconnecting', 'disconnected']))
    const postChat = await voice(page, 'lastEvent', 'hearth.post_chat')
    expect(postChat).toMatchObject({ type: 'hearth.post_chat', status: 'done' })
    await expect(page.getByText('Conversation copied to clipboard')).toBeVisible()
    // Issue 21 item 14: the end of a saved chat says so.
    await expect(page.getByRole('status').filter({ hasText: 'Thanks — your chat is saved' })).toBeVisible()
    const clipboard = await page.evaluate(() => navigator.clipboard.readText())
    expect(clipboard).toContain('assistant: ')
    await expect(page.getByText(/Disconnect process error/)).toHaveCount(0)

    // Worklet times come from the audio clock (audio-worklets/src/client/audio-clock.ts); "clamped" counts the
    // estimates that broke causality (a frame posted after it arrived, silence before it was asked for).
    expect(stats!.captureToSendMs.count).toBeGreaterThan(50)
    expect(stats!.interruptToSilenceMs.count).toBeGreaterThan(0)
    const figures = (summary: { medianMs: number | null; p95Ms: number | null; count: number }, clamped: number) =>
      `median ${summary.medianMs?.toFixed(3)} ms, p95 ${summary.p95Ms?.toFixed(3)} ms, n=${summary.count} (${clamped} clamped)`
    const capture = figures(stats!.captureToSendMs, stats!.captureClockClamped)
    const silence = figures(stats!.interruptToSilenceMs, stats!.silenceClockClamped)
    const outputLatency = `${stats?.outputLatencyMs.toFixed(1)} ms`
    console.log(
      [
        `[voice bench] context ${stats?.sampleRate} Hz, browser output latency (worklet -> speaker): ${outputLatency}`,
        `[voice bench] capture frame posted by the worklet -> ws.send returned: ${capture}`,
        `[voice bench] speech_started -> first silent sample leaves the playback worklet: ${silence}`,
      ].join('\n'),
    )
  })

  test('by keyboard: Tab to chat, Enter connects and Enter ends, focus stays on the button; captions; a short chat is not called saved', async ({
    page,
    snapshot,
  }) => {
    await page.setViewportSize({ width: 1366, height: 800 })
    const user = await createUserWithLink()
    await openPersonalLink(page, user.url)
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    for (let i = 0; i < 10 && (await focused()) !== 'chat'; i++) await page.keyboard.press('Tab')
    expect(await focused()).toBe('chat')
    // The captions switch comes next; Space turns it on, Shift+Tab goes back to chat.
    await page.keyboard.press('Tab')
    await expect(page.getByRole('switch', { name: 'Captions' })).toBeFocused()
    await page.keyboard.press('Space')
    await expect(page.getByRole('switch', { name: 'Captions' })).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('Shift+Tab')
    await expect(chatButton(page)).toBeFocused()
    await snapshot('user-idle-1366')
    await page.setViewportSize({ width: 390, height: 844 })
    await snapshot('user-idle-390')
    await page.setViewportSize({ width: 1366, height: 800 })

    await page.keyboard.press('Enter')
    // Focus stays on the one button through connecting (aria-disabled, not disabled) and once connected.
    await expect(chatButton(page)).toHaveText('disconnect')
    await expect(chatButton(page)).toBeFocused()
    await expect(page.getByText('You’re talking with Hearth — press disconnect when you’re done.')).toBeVisible()
    await expect(page.getByText('Press chat and talk with Hearth')).toHaveCount(0)
    // Captions show what Hearth says: on screen only, from the transcript the page receives.
    const captions = page.getByRole('region', { name: 'Captions' })
    const lastAssistantText = async () =>
      (await voice(page, 'conversation'))
        .filter((item) => item.type === 'message' && item.role === 'assistant' && item.text.trim())
        .at(-1)
        ?.text.replace(/\s+/g, ' ')
        .trim() ?? ''
    await expect
      .poll(async () => {
        const shown = (await captions.innerText()).replace(/^…/, '').trim()
        const said = await lastAssistantText()
        return said !== '' && said.endsWith(shown)
      })
      .toBe(true)
    await snapshot('user-connected-captions-1366')
    await page.setViewportSize({ width: 390, height: 844 })
    await snapshot('user-connected-captions-390')

    await page.keyboard.press('Enter')
    await expect(chatButton(page)).toHaveText('chat', { timeout: 35_000 })
    await expect(chatButton(page)).toBeFocused()
    await expect(captions).toBeHidden()
    // Under SPEC §4's 20 s nothing is saved, and the page says so instead of thanking for a saved chat.
    await expect(page.getByRole('status').filter({ hasText: 'That chat was too short to be saved' })).toBeVisible()
    await expect(page.getByText('Thanks — your chat is saved')).toHaveCount(0)
    await expect(page.getByText('Press chat to talk again whenever you like.')).toBeVisible()
    await snapshot('user-ended-390')
    await page.setViewportSize({ width: 1366, height: 800 })
    await snapshot('user-ended-1366')
  })

  test('spoken feedback without a key: recording, sending, then the clear local result; nothing is stored or thanked for; cancel drops it', async ({
    page,
    snapshot,
  }) => {
    const user = await createUserWithLink()
    await openPersonalLink(page, user.url)
    const stored: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/api/confirmed-feedback')) stored.push(request.url())
    })

    await page.getByRole('button', { name: 'Provide feedback' }).click()
    const dialog = page.getByRole('dialog', { name: 'Recording Feedback' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText("Please speak your feedback now. We're listening...")).toBeVisible()
    await page.getByRole('button', { name: 'Cancel Feedback' }).click()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Provide feedback' }).click()
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Include conversation in feedback').check()
    await snapshot('user-feedback-1280')
    // Record the steps the dialog goes through (sending is short with the local provider).
    await page.evaluate(() => {
      const steps: string[] = []
      ;(window as unknown as { feedbackSteps: string[] }).feedbackSteps = steps
      const read = () => {
        const step = document.querySelector('[data-slot="dialog-content"]')?.getAttribute('data-step')
        if (step && steps.at(-1) !== step) steps.push(step)
      }
      read()
      new MutationObserver(read).observe(document.body, { subtree: true, attributes: true, childList: true })
    })
    await page.waitForTimeout(4_500) // the fake microphone's phrase
    await dialog.getByRole('button', { name: 'Stop Recording' }).click()

    // PRODUCT §5: the local result is shown as what it is, never stored or thanked for as the person's feedback.
    const local = page.getByRole('dialog', { name: 'Feedback not recorded' })
    await expect(local).toBeVisible()
    await expect(local).toContainText("Spoken feedback can't be written down here yet")
    await expect(local).not.toContainText(/OPENAI|API|provider/i)
    await expect(local).toContainText('Nothing was stored')
    await snapshot('user-feedback-local-1280')
    await expect(page.getByText('Thank You!')).toHaveCount(0)
    await expect(page.getByText('Feedback sent successfully!')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { feedbackSteps: string[] }).feedbackSteps)).toEqual([
      'recording',
      'sending',
      'local',
    ])
    // It stays until the person closes it (it is not a thank-you that closes itself).
    await page.waitForTimeout(2_500)
    await expect(local).toBeVisible()
    await local.getByRole('button', { name: 'Close' }).first().click()
    await expect(local).toBeHidden()
    await expect(page.getByRole('button', { name: 'Provide feedback' })).toBeEnabled()
    expect(stored).toEqual([])
  })
})
