// SPEC §4 "Turn mode": the server's voice-activity detection (200 ms of silence ends a turn on the console), or
// manual turns with push-to-talk. A radio group, so the current mode is announced as checked.
import type { KeyboardEvent } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'

import { cn } from '@hearth/ui/lib/utils'

import { setTurnModeAtom, turnModeAtom } from '@/voice/atoms'
import type { TurnMode } from '@/voice/voice-session'

const MODES: Array<{ mode: TurnMode; label: string }> = [
  { mode: 'server_vad', label: 'Voice activity' },
  { mode: 'manual', label: 'Manual' },
]

export function TurnModeToggle({ disabled }: { disabled?: boolean }) {
  const current = useAtomValue(turnModeAtom)
  const setTurnMode = useSetAtom(setTurnModeAtom)
  const choose = (mode: TurnMode) => {
    if (mode !== current) void setTurnMode(mode)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.key)) return
    event.preventDefault()
    const next = MODES.find((entry) => entry.mode !== current)!
    choose(next.mode)
    ;(event.currentTarget.querySelector(`[data-mode="${next.mode}"]`) as HTMLElement | null)?.focus()
  }
  return (
    <div className="grid gap-1.5">
      <span id="turn-mode-label" className="text-sm leading-none font-medium">
        Turn mode
      </span>
      <div
        role="radiogroup"
        aria-labelledby="turn-mode-label"
        onKeyDown={onKeyDown}
        className="inline-flex h-9 w-fit items-center rounded-lg bg-muted p-1"
      >
        {MODES.map(({ mode, label }) => {
          const checked = mode === current
          return (
            <button
              key={mode}
              type="button"
              role="radio"
              data-mode={mode}
              aria-checked={checked}
              tabIndex={checked ? 0 : -1}
              disabled={disabled}
              onClick={() => choose(mode)}
              className={cn(
                'h-full rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-50',
                checked ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {label}
            </button>
          )
        })}
      </div>
    </div>
  )
}
