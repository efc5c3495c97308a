// Per-turn latency on screen (issue 7 §3): a chip on each answered assistant turn and the session's p50/p95.
import { useAtomValue } from 'jotai'
import { Timer } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import { turnLatencySummaryAtom } from '@/voice/staff-atoms'
import type { TurnEnd, TurnLatency } from '@/voice/turn-latency'

const CAUSE: Record<TurnEnd, string> = {
  greeting: 'the session start',
  speech: 'the end of speech',
  'push-to-talk': 'the push-to-talk release',
  text: 'the injected text',
}

export const formatMs = (ms: number | null) => (ms === null ? '—' : `${Math.round(ms)} ms`)

/** "412 ms" on the turn; the parts in its description: what ended the turn, the server's part, the page's part. */
export function LatencyChip({ latency }: { latency: TurnLatency }) {
  const parts = [`from ${CAUSE[latency.cause]} to the first sample played`]
  if (latency.toFirstAudioMs !== null) parts.push(`first audio after ${formatMs(latency.toFirstAudioMs)}`)
  if (latency.playoutMs !== null) parts.push(`played ${formatMs(latency.playoutMs)} later`)
  const description = parts.join('; ')
  return (
    <span
      data-testid="latency-chip"
      title={description}
      aria-label={`Latency ${formatMs(latency.totalMs)}, ${description}`}
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 font-mono text-[11px] leading-none tabular-nums',
        latency.totalMs < 800
          ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
          : latency.totalMs < 1500
            ? 'border-amber-300 bg-amber-50 text-amber-900'
            : 'border-red-300 bg-red-50 text-red-900',
      )}
    >
      <Timer className="size-3" aria-hidden />
      {formatMs(latency.totalMs)}
    </span>
  )
}

/** The session's figures, as "p50 … · p95 … · n turns". */
export function LatencySummary({ className }: { className?: string }) {
  const summary = useAtomValue(turnLatencySummaryAtom)
  return (
    <div data-testid="latency-summary" className={cn('flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm', className)}>
      <span className="font-medium">Turn latency</span>
      <span className="font-mono tabular-nums">
        p50 <span data-testid="latency-p50">{formatMs(summary.p50Ms)}</span>
      </span>
      <span className="font-mono tabular-nums">
        p95 <span data-testid="latency-p95">{formatMs(summary.p95Ms)}</span>
      </span>
      <span className="text-muted-foreground">
        {summary.count} {summary.count === 1 ? 'turn' : 'turns'}
      </span>
    </div>
  )
}
