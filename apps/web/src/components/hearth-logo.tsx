import { FlameIcon } from '@/components/visitor-icons'

export const TAGLINE = 'Deeper Connections // Stronger Communities'

type HearthLogoProps = {
  withTagline?: boolean
  className?: string
}

/** The word mark. Wrap it in a link where it should navigate (SPEC: the header logo links to /hearth). */
export function HearthLogo({ withTagline = false, className }: HearthLogoProps) {
  return (
    <span className={`flex min-w-0 items-center gap-2 sm:gap-2.5 ${className ?? ''}`}>
      <span
        className="grid size-8 shrink-0 place-items-center rounded-lg sm:size-9 bg-gradient-to-br from-amber-500 to-primary text-primary-foreground shadow-sm"
        aria-hidden
      >
        <FlameIcon className="size-5" />
      </span>
      <span className="grid min-w-0 leading-tight">
        <span className="font-display text-xl font-semibold tracking-tight text-foreground">Hearth</span>
        {withTagline && (
          <span className="text-[11px] leading-snug tracking-tight text-muted-foreground sm:text-xs sm:tracking-normal">{TAGLINE}</span>
        )}
      </span>
    </span>
  )
}
