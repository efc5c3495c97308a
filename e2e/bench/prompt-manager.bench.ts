// `bun run bench:prompt-manager`: time from choosing a sequence to an editable editor showing it, in Chromium,
// for the seeded module and for a generated sequence of 200 prompts × 30 versions. Reports medians of 10.
import type { Page } from '@playwright/test'

import { expect, test } from '../fixtures/hearth.ts'

const RUNS = 10
const BIG = 'Bench 200x30'

function bigVersion(round: number) {
  return {
    module_prompt: `A generated module, round ${round}. `.repeat(4),
    sequential_prompts: Array.from({ length: 200 }, (_, i) => ({
      name: `step_${i}`,
      description: `What step ${i} of the conversation is for, in a sentence or two of plain words.`,
      prompt: `Ask the person about topic ${i} and follow up on one detail with curiosity before moving on. `.repeat(2),
      trigger_condition: `The person has answered the question of step ${i}.`,
      next_prompt: i < 199 ? `step_${i + 1}` : '',
    })),
  }
}

/** Milliseconds from the pointerup that picks the option to an editable editor holding `needle`. */
async function timeChoice(page: Page, fileName: string, needle: string) {
  await page.goto('/prompt-manager')
  await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toBeEnabled()
  const measured = page.evaluate(
    (text) =>
      new Promise<number>((resolve) => {
        window.addEventListener(
          'pointerup',
          () => {
            const startMs = performance.now()
            const check = () => {
              const content = document.querySelector('.cm-content')
              if (content?.getAttribute('aria-disabled') === 'false' && content.textContent?.includes(text)) {
                resolve(performance.now() - startMs)
              } else requestAnimationFrame(check)
            }
            check()
          },
          { capture: true, once: true },
        )
      }),
    needle,
  )
  await page.getByRole('combobox', { name: 'Sequence', exact: true }).click()
  await page.getByRole('option', { name: fileName, exact: true }).click()
  return measured
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2
}

test('prompt manager: choosing a sequence to an editable editor', async ({ page, signInAsAdmin }) => {
  test.setTimeout(300_000)
  await signInAsAdmin()
  const created = await page.request.post('/api/create-sequence', { data: { name: BIG, content: bigVersion(1) } })
  expect(created.ok()).toBe(true)
  for (let round = 2; round <= 30; round++) {
    const saved = await page.request.put(`/api/update-sequence-content/${encodeURIComponent(BIG)}`, { data: bigVersion(round) })
    expect(saved.ok()).toBe(true)
  }

  for (const [fileName, needle] of [
    ['Get to Know You.json', 'module_prompt'],
    [`${BIG}.json`, 'round 30'],
  ] as const) {
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) times.push(await timeChoice(page, fileName, needle))
    console.log(
      `[prompt-manager bench] ${fileName}: median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (n=${RUNS})`,
    )
  }
})
