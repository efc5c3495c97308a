// Turn-taking on screen (issue 23 §4): flags on each answered turn beside its latency chip, and the session's rates
// beside the latency summary (console and testing pages).
import { useAtomValue } from 'jotai'

import { cn } from '@hearth/ui/lib/utils'

import { LatencySummary } from '@/voice/components/latency'
import { TurnTraceLegend } from '@/voice/components/turn-trace-bar'
import { turnTakingSummaryAtom, turnTraceByItemAtom } from '@/voice/staff-atoms'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'

export const formatRate = (rate: number) => `${Math.round(rate * 100)}%`

/** The turn's flags as short words: "cut off", "premature", "dead air 2.1 s", "self-interrupted". */
export function turnTakingLabels(turn: TurnTakingFlags): string[] {
  const labels: string[] = []
  if (turn.cutOff) labels.push('cut off')
  if (turn.prematureCommit) labels.push('premature')
  if (turn.deadAir) labels.push(turn.gapMs === null ? 'dead air' : `dead air ${(turn.gapMs / 1000).toFixed(1)} s`)
  if (turn.selfInterrupted) labels.push('self-interrupted')
  return labels
}

const MEANING: Record<string, string> = {
  'cut off': 'the answer started while the person was still speaking',
  premature: 'the person went on speaking within 300 ms of the turn being committed',
  'dead air': 'more than 1.5 s of silence before the answer',
  'self-interrupted': "the turn was taken from the assistant's own voice (echo)",
}

/** Nothing for a well-taken turn. */
export function TurnTakingChips({ turn }: { turn: TurnTakingFlags }) {
  return turnTakingLabels(turn).map((label) => (
    <span
      key={label}
      data-testid="turn-taking-flag"
      title={MEANING[label.startsWith('dead air') ? 'dead air' : label]}
      className="inline-flex items-center rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-[11px] leading-none text-amber-900"
    >
      {label}
    </span>
  ))
}

/** The session's rates per turn, as "Turn-taking cut-offs 0% · premature 0% · dead air 50% · self-interruptions 0%". */
export function TurnTakingSummary({ className }: { className?: string }) {
  const { totals, rates } = useAtomValue(turnTakingSummaryAtom)
  const figures: [string, string, number][] = [
    ['cut-offs', 'cut-off', rates.cutOff],
    ['premature', 'premature', rates.prematureCommit],
    ['dead air', 'dead-air', rates.deadAir],
    ['self-interruptions', 'self-interruption', rates.selfInterruption],
  ]
  return (
    <div
      role="group"
      data-testid="turn-taking-summary"
      aria-label={`Turn-taking over ${totals.turns} ${totals.turns === 1 ? 'turn' : 'turns'}`}
      className={cn('flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm', className)}
    >
      <span className="font-medium">Turn-taking</span>{' '}
      {figures.map(([label, id, rate]) => (
        <span key={id} className="tabular-nums">
          {label}{' '}
          <span data-testid={`turn-taking-${id}`} className={cn('font-mono', rate > 0 && 'text-amber-800')}>
            {totals.turns === 0 ? '—' : formatRate(rate)}
          </span>
        </span>
      ))}
    </div>
  )
}

/** Turn latency and turn-taking side by side: the action of the staff pages' panel that follows the turns. */
export function TurnFigures() {
  const traced = useAtomValue(turnTraceByItemAtom).size > 0
  return (
    <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1">
      <LatencySummary />
      <TurnTakingSummary />
      {traced && <TurnTraceLegend />}
    </div>
  )
}
