// Issue 23: an answer in two items (a spoken preamble, then the final answer) on the console, with the local provider
// answering that way for a prompt whose reasoning_effort is "high". Both items play, in order; push-to-talk during
// the final answer truncates that item, at no more than what was played of it, and leaves the preamble alone.
import { request as playwrightRequest } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'
import { chatButton, createUserWithLink, openPersonalLink } from './fixtures/user-page.ts'
import { voice } from './fixtures/voice-hook.ts'

/** The local provider's preambles (apps/server/src/realtime/providers/local/reasoning.ts). */
const PREAMBLE =
  /^(Let me think about that\.|Hmm, give me a moment\.|Good question, let me think\.|One moment while I think about that\.|Let me consider that for a second\.)/

/** A one-prompt sequence whose prompt asks for reasoning effort "high", as staff; `publish` makes it the members'. */
async function thinkingSequence(name: string, opts: { publish?: boolean } = {}) {
  const staff = await playwrightRequest.newContext({ baseURL })
  try {
    expect((await staff.post('/api/auth/login', { data: admin })).ok()).toBe(true)
    const created = await staff.post('/api/create-sequence', {
      data: {
        name,
        content: [
          {
            module_prompt: 'A module that thinks before it answers.',
            sequential_prompts: [
              {
                name: 'garden',
                description: 'd',
                prompt: 'Ask them to tell you about the garden they have been planting this spring and what they hope will grow there.',
                trigger_condition: 't',
                next_prompt: '',
                reasoning_effort: 'high',
              },
            ],
          },
        ],
      },
    })
    expect(created.ok(), await created.text()).toBe(true)
    if (opts.publish) {
      const published = await staff.post(`/api/publish-sequence/${encodeURIComponent(name)}`, { data: { version: 1 } })
      expect(published.ok(), await published.text()).toBe(true)
    }
  } finally {
    await staff.dispose()
  }
}

const conversation = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Conversation' })

test.describe('an answer in two items', () => {
  test.use({ viewport: { width: 1366, height: 900 } })

  test('both items are heard in order; push-to-talk during the final answer truncates it where it was', async ({
    page,
    signInAsAdmin,
    snapshot,
  }) => {
    const name = `Deep Thought ${Date.now()}`
    await thinkingSequence(name)
    await signInAsAdmin()
    await page.goto('/')
    await page.getByRole('combobox', { name: 'Sequence' }).click()
    await page.getByRole('option', { name }).click()
    await expect(page.getByRole('combobox', { name: 'Sequence' })).toHaveText(name)
    // Manual turns: the fake microphone stays out of it, push-to-talk is the interruption.
    await page.getByRole('radio', { name: 'Manual' }).click()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByTestId('reasoning-effort')).toHaveText('high')

    // The greeting's answer: a preamble, then the final answer, each played by the worklet, in that order.
    const preamble = conversation(page).locator('li[data-phase="commentary"]')
    const answer = conversation(page).locator('li[data-phase="final_answer"]')
    await expect(preamble.first()).toContainText('Preamble')
    await expect(answer).toHaveCount(1, { timeout: 10_000 })
    const items = await voice(page, 'conversation')
    const [preambleId, answerId] = items.filter((item) => item.role === 'assistant').map((item) => item.id)
    await expect
      .poll(async () => (await voice(page, 'stats'))?.itemsStarted.map((s) => s.itemId), { timeout: 10_000, intervals: [50] })
      .toEqual([preambleId, answerId])

    // Some of the answer (about 5 s long) is heard, then push-to-talk cuts it off.
    await page.waitForTimeout(400)
    const pushToTalk = page.getByRole('button', { name: 'Push to talk' })
    await pushToTalk.focus()
    await page.keyboard.down('Space')
    await expect.poll(() => voice(page, 'lastEvent', 'conversation.item.truncate')).not.toBeNull()
    await page.keyboard.up('Space')

    const truncates = (await voice(page, 'events')).filter((type) => type === 'client conversation.item.truncate')
    expect(truncates).toHaveLength(1) // the preamble was heard whole: not truncated
    const truncate = (await voice(page, 'lastEvent', 'conversation.item.truncate')) as { item_id: string; audio_end_ms: number }
    expect(truncate.item_id).toBe(answerId)
    const stats = (await voice(page, 'stats'))!
    const answerStartedAt = stats.itemsStarted.find((s) => s.itemId === answerId)!.atMs
    // What was played of it: no more than the time from its first sample (as the page heard of it) to the truncate
    // being sent, give or take the worklet's message and one audio callback.
    const sentAt = (await voice(page, 'lastEventAtMs', 'conversation.item.truncate'))!
    expect(truncate.audio_end_ms).toBeGreaterThan(0)
    expect(truncate.audio_end_ms).toBeLessThanOrEqual(sentAt - answerStartedAt + 50)
    console.log(
      `[multi-item] answer truncated at ${truncate.audio_end_ms} ms, ${sentAt - answerStartedAt} ms after the page heard it start`,
    )
    // The cut-off answer says so; the preamble, heard whole, does not. (Releasing push-to-talk asks for a new answer.)
    await expect(answer.first()).toHaveAttribute('data-status', 'incomplete')
    await expect(answer.first()).toContainText('interrupted')
    await expect(preamble.first()).toHaveAttribute('data-status', 'completed')
    await snapshot('multi-item-answer-cut-off-1366')

    await page.setViewportSize({ width: 390, height: 844 })
    await snapshot('multi-item-answer-cut-off-390')
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeEnabled({ timeout: 10_000 })
  })

  test('the member page captions the preamble and the answer together', async ({ page, snapshot }) => {
    const name = `Deep Thought Members ${Date.now()}`
    await thinkingSequence(name, { publish: true })
    const user = await createUserWithLink(name)
    await openPersonalLink(page, user.url)
    await page.getByRole('switch', { name: 'Captions' }).click()
    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('disconnect')
    const captions = page.getByTestId('captions-text')
    // First the preamble alone, then the answer's words after it, as they are heard.
    await expect(captions).toHaveText(PREAMBLE, { timeout: 10_000 })
    await expect(captions).toHaveText(new RegExp(`${PREAMBLE.source} \\S+`), { timeout: 10_000 })
    await snapshot('multi-item-user-captions-1366')
    await page.setViewportSize({ width: 390, height: 844 })
    await snapshot('multi-item-user-captions-390')
    await chatButton(page).click()
    await expect(chatButton(page)).toHaveText('chat', { timeout: 35_000 })
  })

  test('the testing page shows the preamble as such and counts the answer as the message', async ({ page, signInAsAdmin, snapshot }) => {
    const name = `Deep Thought Tests ${Date.now()}`
    await thinkingSequence(name)
    await signInAsAdmin()
    await page.goto('/testing')
    await page.getByRole('combobox', { name: 'Sequence', exact: true }).click()
    await page.getByRole('option', { name, exact: true }).click()
    await page.getByLabel('Message limit').fill('1')
    // Without the fake microphone cutting in, so the answer is heard to its end.
    await page.getByRole('switch', { name: 'Microphone' }).click()
    await expect(page.getByRole('switch', { name: 'Microphone' })).toHaveAttribute('aria-checked', 'false')
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    const list = conversation(page)
    await expect(list.locator('li[data-phase="commentary"]').first()).toContainText('Preamble', { timeout: 10_000 })
    await expect(list.locator('li[data-phase="final_answer"]')).toHaveCount(1, { timeout: 10_000 })
    await snapshot('multi-item-testing-1366')
    // Limit 1: the run stops after the final answer, not after the preamble.
    await expect(page.getByText('Limit of messages reached', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(list.locator('li[data-phase="final_answer"]')).toHaveCount(1)
    await expect(list.locator('li[data-phase="final_answer"]')).toHaveAttribute('data-status', 'completed')
    await page.setViewportSize({ width: 390, height: 844 })
    await snapshot('multi-item-testing-390')
  })
})
