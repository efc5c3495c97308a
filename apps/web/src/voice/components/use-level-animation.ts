// Level readings arrive ~60 times a second through the jotai store; this draws them in animation frames by
// writing styles directly, so a meter never re-renders React per reading.
import { type RefObject, useEffect } from 'react'
import { type Atom, useStore } from 'jotai'

import type { LevelReading } from '@/voice/atoms'

/** Loudness 0..1 on a -60..0 dBFS scale: quiet speech shows, a shout fills it. */
export function loudness(rms: number): number {
  if (rms <= 0) return 0
  return Math.min(1, Math.max(0, (20 * Math.log10(rms) + 60) / 60))
}

/**
 * Calls `draw` in an animation frame after each new reading, and keeps calling it while `draw` returns true
 * (a meter falling back to rest). Nothing runs while the level is still.
 */
export function useLevelAnimation<E extends Element>(
  level: Atom<LevelReading>,
  ref: RefObject<E | null>,
  draw: (element: E, reading: LevelReading, elapsedMs: number) => boolean,
) {
  const store = useStore()
  useEffect(() => {
    const element = ref.current
    if (!element) return
    let frame = 0
    let lastMs = performance.now()
    const render = (nowMs: number) => {
      frame = 0
      const elapsedMs = Math.min(100, nowMs - lastMs)
      lastMs = nowMs
      if (draw(element, store.get(level), elapsedMs)) frame = requestAnimationFrame(render)
    }
    const schedule = () => {
      if (frame) return
      lastMs = Math.max(lastMs, performance.now() - 16)
      frame = requestAnimationFrame(render)
    }
    const unsubscribe = store.sub(level, schedule)
    schedule()
    return () => {
      unsubscribe()
      if (frame) cancelAnimationFrame(frame)
    }
    // `draw` is expected to be stable (defined at module scope or memoised by the caller).
  }, [store, level, ref, draw])
}
