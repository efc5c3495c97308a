// A turn's trace on the staff pages (PRODUCT §12): where the time from the end of speech to the first sample
// played went, as a small stacked bar beside the turn's latency chip.
import { cn } from '@hearth/ui/lib/utils'

import type { TurnTraceBar } from '@/voice/turn-trace'

export const TRACE_PARTS = [
  { key: 'browserMs', label: 'browser', className: 'bg-sky-500' },
  { key: 'relayMs', label: 'relay', className: 'bg-violet-500' },
  { key: 'providerMs', label: 'provider', className: 'bg-amber-500' },
  { key: 'playbackMs', label: 'playback', className: 'bg-emerald-500' },
] as const

/** "Turn 3: browser 40 ms, relay 2 ms, provider 610 ms, playback 25 ms" (what the bar says to a screen reader). */
export function describeTrace(bar: TurnTraceBar): string {
  return `Turn ${bar.turn}: ${TRACE_PARTS.map((part) => `${part.label} ${Math.round(bar[part.key])} ms`).join(', ')}`
}

export function TurnTraceBarView({ bar }: { bar: TurnTraceBar }) {
  const total = TRACE_PARTS.reduce((sum, part) => sum + bar[part.key], 0)
  const description = describeTrace(bar)
  return (
    <span
      role="img"
      data-testid="turn-trace"
      aria-label={description}
      title={`${description} (browser: capture and socket, estimated)`}
      className="inline-flex h-2.5 w-24 overflow-hidden rounded-full bg-muted ring-1 ring-border"
    >
      {total > 0 &&
        TRACE_PARTS.map((part) => (
          <span key={part.key} className={cn('h-full', part.className)} style={{ width: `${(bar[part.key] / total) * 100}%` }} />
        ))}
    </span>
  )
}

/** The colours' key, shown once beside the session's latency figures. */
export function TurnTraceLegend({ className }: { className?: string }) {
  return (
    <ul
      aria-label="Turn trace legend"
      className={cn('flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground', className)}
    >
      {TRACE_PARTS.map((part) => (
        <li key={part.key} className="inline-flex items-center gap-1">
          <span className={cn('size-2 rounded-full', part.className)} aria-hidden />
          {part.label}
        </li>
      ))}
    </ul>
  )
}
