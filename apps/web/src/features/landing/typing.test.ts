import { describe, expect, test } from 'bun:test'

import { END_PAUSE_MS, LINE_PAUSE_MS, nextTypingStep, TYPING_SPEED_MS, type TypingState } from '@/features/landing/typing'

const lines = ['Hi.', 'Yes'] as const

/** Runs the typewriter for `steps` steps from the start: the shown text and the wait before each step. */
function run(steps: number, reducedMotion: boolean) {
  let state: TypingState = { line: 0, chars: 0 }
  const trace: { shown: string; waitMs: number }[] = []
  for (let i = 0; i < steps; i++) {
    const { delayMs, next } = nextTypingStep(state, lines, reducedMotion)
    const line = lines[state.line]
    trace.push({ shown: reducedMotion ? line : line.slice(0, state.chars), waitMs: delayMs })
    state = next
  }
  return trace
}

describe('typed poem', () => {
  test('types a character every 70 ms, pauses 1200 ms between lines and 2000 ms at the end, then loops', () => {
    expect(TYPING_SPEED_MS).toBe(70)
    expect(run(10, false)).toEqual([
      { shown: '', waitMs: 70 },
      { shown: 'H', waitMs: 70 },
      { shown: 'Hi', waitMs: 70 },
      { shown: 'Hi.', waitMs: LINE_PAUSE_MS },
      { shown: '', waitMs: 70 },
      { shown: 'Y', waitMs: 70 },
      { shown: 'Ye', waitMs: 70 },
      { shown: 'Yes', waitMs: END_PAUSE_MS },
      { shown: '', waitMs: 70 },
      { shown: 'H', waitMs: 70 },
    ])
  })

  test('with reduced motion each line shows whole, for as long as typing and pausing would take', () => {
    expect(run(3, true)).toEqual([
      { shown: 'Hi.', waitMs: 3 * 70 + 1200 },
      { shown: 'Yes', waitMs: 3 * 70 + 2000 },
      { shown: 'Hi.', waitMs: 3 * 70 + 1200 },
    ])
  })
})
