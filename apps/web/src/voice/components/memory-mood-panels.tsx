// SPEC §2's boxes with the saved memory values and mood scores, as the model's set_memory and set_mood_score
// tools set them (hearth.memory / hearth.mood).
import type { ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { Brain, Smile } from 'lucide-react'
import { MOOD_MAX, MOOD_MIN } from '@hearth/protocol'

import { cn } from '@hearth/ui/lib/utils'

import { memoryValuesAtom, moodScoresAtom } from '@/voice/atoms'

function Box({ title, icon, children, className }: { title: string; icon: ReactNode; children: ReactNode; className?: string }) {
  const id = `box-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className={cn('grid content-start gap-2 rounded-xl border bg-card p-4 shadow-xs', className)}>
      <h2 id={id} className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  )
}

export function MemoryPanel({ className }: { className?: string }) {
  const memory = Object.entries(useAtomValue(memoryValuesAtom))
  return (
    <Box title="Saved memory values" icon={<Brain className="size-4 text-primary" aria-hidden />} className={className}>
      {memory.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing saved yet.</p>
      ) : (
        <dl className="grid gap-1.5 text-sm">
          {memory.map(([key, value]) => (
            <div key={key} className="grid gap-0.5 rounded-md bg-muted/60 px-2 py-1.5">
              <dt className="font-mono text-xs text-muted-foreground">{key}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </Box>
  )
}

export function MoodPanel({ className }: { className?: string }) {
  const mood = Object.entries(useAtomValue(moodScoresAtom))
  return (
    <Box title="Saved mood scores" icon={<Smile className="size-4 text-primary" aria-hidden />} className={className}>
      {mood.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing saved yet.</p>
      ) : (
        <dl className="grid gap-2 text-sm">
          {mood.map(([key, value]) => (
            // A dl's groups hold only dt and dd: the bar sits in the value, drawn across the whole row below it.
            <div key={key} className="relative flex items-baseline justify-between gap-2 pb-2.5">
              <dt className="min-w-0 break-words">{key}</dt>
              <dd className="font-mono tabular-nums">
                {value > 0 ? `+${value}` : value}
                <MoodBar value={value} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </Box>
  )
}

/** -3..3 around a centre line: left and red for low, right and green for good. */
function MoodBar({ value }: { value: number }) {
  const half = Math.min(1, Math.abs(value) / Math.max(-MOOD_MIN, MOOD_MAX)) * 50
  return (
    <div aria-hidden className="absolute inset-x-0 bottom-0 h-1.5 rounded-full bg-muted">
      <span className="absolute inset-y-0 left-1/2 w-px bg-border" />
      <span
        className={cn('absolute inset-y-0 rounded-full', value >= 0 ? 'left-1/2 bg-emerald-500' : 'right-1/2 bg-red-400')}
        style={{ width: `${half}%` }}
      />
    </div>
  )
}
