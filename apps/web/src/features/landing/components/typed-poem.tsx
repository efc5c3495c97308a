import { useState } from 'react'
import { PauseIcon, PlayIcon } from '@/components/visitor-icons'

import { buttonVariants } from '@hearth/ui/components/button-variants'

import { useMediaQuery } from '@/features/landing/hooks/use-media-query'
import { useTypedPoem } from '@/features/landing/hooks/use-typed-poem'
import { POEM_LINES } from '@/features/landing/poem'

/**
 * The /hearth2 poem, typed line by line forever (SPEC §2, §9). The typing itself is hidden from assistive
 * technology, which gets the whole poem once as a list instead of a character-by-character stream. Under
 * `prefers-reduced-motion: reduce` each line appears whole (no typing, no blinking caret) and still advances
 * at the same rhythm; the pause button stops it for anyone who wants to read at their own pace.
 */
export function TypedPoem() {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)')
  const [paused, setPaused] = useState(false)
  const { text } = useTypedPoem(POEM_LINES, { paused, reducedMotion })

  return (
    <div className="grid w-full max-w-2xl justify-items-center gap-2">
      <p
        aria-hidden
        data-testid="typed-poem-line"
        className="min-h-[3lh] font-display text-2xl leading-snug text-balance text-primary italic sm:min-h-[2lh] sm:text-3xl"
      >
        {text}
        {!reducedMotion && !paused && (
          <span className="ml-0.5 inline-block h-[0.9em] w-0.5 translate-y-[0.12em] animate-pulse bg-primary/70 align-baseline" />
        )}
      </p>
      <ol aria-label="Poem" className="sr-only">
        {POEM_LINES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ol>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: 'text-muted-foreground' })}
      >
        {paused ? <PlayIcon aria-hidden /> : <PauseIcon aria-hidden />}
        {paused ? 'Play poem' : 'Pause poem'}
      </button>
    </div>
  )
}
