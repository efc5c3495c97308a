import { useRef } from 'react'

import { useScrollPoemLine } from '@/features/landing/hooks/use-scroll-poem-line'
import { POEM_LINES, SCROLL_OFFSET_PX } from '@/features/landing/poem'

// Each line gets this much scrolling; the section is a screen taller than all of it.
const SCROLL_PER_LINE_SVH = 45

/**
 * SPEC §2: at widths up to 768 px (SPEC §9) the poem shows one line at a time, linked to the scroll position.
 * Wider screens don't show the section at all (CSS hides it; the scroll hook skips work there too).
 */
export function ScrollPoem() {
  const sectionRef = useRef<HTMLElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const shown = useScrollPoemLine(sectionRef, panelRef, POEM_LINES.length)

  return (
    <section
      ref={sectionRef}
      className="relative px-4 pb-12 min-[769px]:hidden"
      style={{ height: `${100 + POEM_LINES.length * SCROLL_PER_LINE_SVH}svh` }}
    >
      <div
        ref={panelRef}
        className="sticky flex h-[calc(100svh-184px)] min-h-80 flex-col items-center justify-center gap-8 rounded-2xl border bg-[radial-gradient(closest-side,oklch(0.9_0.08_70/0.6),var(--card))] px-6 text-center"
        style={{ top: SCROLL_OFFSET_PX }}
      >
        <h2 className="text-xs font-medium tracking-[0.2em] text-muted-foreground uppercase">By the fire</h2>
        {/* Every line stays in the document so a screen reader reads the whole poem; only the shown one is opaque. */}
        <ol className="grid w-full items-center font-display text-3xl leading-snug text-balance motion-reduce:[&>*]:transition-none">
          {POEM_LINES.map((line, i) => (
            <li
              key={line}
              data-state={i === shown ? 'shown' : 'hidden'}
              className="[grid-area:1/1] transition-opacity duration-300 data-[state=hidden]:opacity-0"
            >
              {line}
            </li>
          ))}
        </ol>
        <div aria-hidden className="h-1 w-24 rounded-full bg-primary/15">
          <div
            className="h-full rounded-full bg-primary transition-all duration-300 motion-reduce:transition-none"
            style={{ width: `${((shown + 1) * 100) / POEM_LINES.length}%` }}
          />
        </div>
      </div>
    </section>
  )
}
