import { useCallback, useRef } from 'react'
import type { Atom } from 'jotai'

import { cn } from '@hearth/ui/lib/utils'

import type { LevelReading } from '@/voice/atoms'
import { loudness, useLevelAnimation } from '@/voice/components/use-level-animation'

/** Fraction of full height a bar falls per second once the sound stops. */
const FALL_PER_SECOND = 2.5
const REST = 0.15

type LevelBarsProps = {
  level: Atom<LevelReading>
  /** Read by screen readers, e.g. "Your microphone". */
  label: string
  barCount?: number
  className?: string
  barClassName?: string
}

/** Frequency bars of a microphone or speaker level, drawn from the store without React renders. */
export function LevelBars({ level, label, barCount = 8, className, barClassName }: LevelBarsProps) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = useRef(new Float32Array(barCount))

  const draw = useCallback((element: HTMLDivElement, reading: LevelReading, elapsedMs: number) => {
    const bars = element.children
    const heights = shown.current
    const loud = loudness(reading.rms)
    let falling = false
    for (let i = 0; i < heights.length; i++) {
      // Bars follow the spectrum (lifted, so quieter bands still show), scaled by overall loudness so
      // that silence rests even with some room noise.
      const source = reading.bars[Math.floor((i * reading.bars.length) / heights.length)] ?? 0
      const target = Math.min(1, Math.pow(source, 0.6) * Math.min(1, loud * 1.5))
      const fallen = heights[i] - (FALL_PER_SECOND * elapsedMs) / 1000
      heights[i] = target >= fallen ? target : fallen
      if (heights[i] > target + 0.001) falling = true
      ;(bars[i] as HTMLElement).style.transform = `scaleY(${REST + (1 - REST) * heights[i]})`
    }
    element.setAttribute('data-peak', reading.peak.toFixed(3))
    return falling
  }, [])
  useLevelAnimation(level, ref, draw)

  return (
    <div ref={ref} role="img" aria-label={label} data-peak="0" className={cn('flex h-10 items-center justify-center gap-1', className)}>
      {Array.from({ length: barCount }, (_, index) => (
        <span
          key={index}
          className={cn('h-full w-1.5 origin-center rounded-full bg-primary transition-none will-change-transform', barClassName)}
          style={{ transform: `scaleY(${REST})` }}
        />
      ))}
    </div>
  )
}
