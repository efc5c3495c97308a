import { useEffect, useState } from 'react'

import { nextTypingStep, type TypingState } from '@/features/landing/typing'

/**
 * The poem typed out line by line, forever. Paused or with reduced motion the current line shows whole.
 * Returns the line's index and the text to show.
 */
export function useTypedPoem(lines: readonly string[], { paused, reducedMotion }: { paused: boolean; reducedMotion: boolean }) {
  const [state, setState] = useState<TypingState>({ line: 0, chars: 0 })

  useEffect(() => {
    if (paused) return
    const { delayMs, next } = nextTypingStep(state, lines, reducedMotion)
    const timer = window.setTimeout(() => setState(next), delayMs)
    return () => window.clearTimeout(timer)
  }, [state, lines, paused, reducedMotion])

  const line = lines[state.line]
  return { index: state.line, text: paused || reducedMotion ? line : line.slice(0, state.chars) }
}
