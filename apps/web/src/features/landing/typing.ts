// Typing constants (SPEC §9), apart from poem.ts so the landing page's first load doesn't carry them.
/** Milliseconds per typed character on /hearth2. */
export const TYPING_SPEED_MS = 70
/** Pause once a line is fully typed, before the next one starts. */
export const LINE_PAUSE_MS = 1200
/** Pause after the last line, before the poem starts again (it loops forever). */
export const END_PAUSE_MS = 2000

/** Where the typewriter is: which line, and how many of its characters are shown. */
export type TypingState = { line: number; chars: number }

/**
 * The next step of the typewriter and how long to wait before taking it: one more character every
 * TYPING_SPEED_MS; a full line waits LINE_PAUSE_MS (END_PAUSE_MS after the last) and then the next line
 * starts empty, the last one leading back to the first. With reduced motion a line appears whole and stays
 * as long as typing it and pausing would have taken, so the poem keeps the same rhythm.
 */
export function nextTypingStep(
  state: TypingState,
  lines: readonly string[],
  reducedMotion: boolean,
): { delayMs: number; next: TypingState } {
  const length = lines[state.line].length
  if (!reducedMotion && state.chars < length) {
    return { delayMs: TYPING_SPEED_MS, next: { line: state.line, chars: state.chars + 1 } }
  }
  const isLast = state.line === lines.length - 1
  const pauseMs = isLast ? END_PAUSE_MS : LINE_PAUSE_MS
  const readingMs = reducedMotion ? length * TYPING_SPEED_MS : 0
  return { delayMs: readingMs + pauseMs, next: { line: isLast ? 0 : state.line + 1, chars: 0 } }
}
