import { useCallback, useRef } from 'react'
import { useAtomValue } from 'jotai'
import { LoaderCircle } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import {
  connectionStatusAtom,
  inputLevelAtom,
  type LevelReading,
  outputLevelAtom,
  preloadVoiceEngine,
  responseInProgressAtom,
} from '@/voice/atoms'
import { loudness, useLevelAnimation } from '@/voice/components/use-level-animation'

type ChatControlProps = {
  onChat: () => void
  onDisconnect: () => void
  disabled?: boolean
}

const LABELS = {
  disconnected: 'chat',
  connecting: 'chat',
  connected: 'disconnect',
  reconnecting: 'disconnect',
  disconnecting: 'disconnecting...',
} as const

/** The big round button (SPEC §2: 'chat', 'disconnect', 'disconnecting...'), glowing with the voices. */
export function ChatControl({ onChat, onDisconnect, disabled = false }: ChatControlProps) {
  const status = useAtomValue(connectionStatusAtom)
  const answering = useAtomValue(responseInProgressAtom)
  const busy = status === 'connecting' || status === 'disconnecting'
  const live = status === 'connected'
  // The connection dropped: the conversation waits for it, and can still be ended.
  const reconnecting = status === 'reconnecting'

  return (
    <div className="grid justify-items-center gap-4">
      <div className="relative grid size-56 place-items-center sm:size-60">
        <LevelRing level={outputLevelAtom} className="bg-amber-400/35" reach={0.42} active={live} />
        <LevelRing level={inputLevelAtom} className="bg-primary/20" reach={0.22} active={live} />
        <button
          type="button"
          data-chat-button
          // While connecting or closing the button only says so (aria-disabled, not disabled): a disabled button
          // drops keyboard focus to the page, and the next Enter or Space would go nowhere.
          onClick={busy ? undefined : live || reconnecting ? onDisconnect : onChat}
          // The voice engine downloads on the first press; pointing at or focusing the button starts it early.
          onPointerEnter={prepareVoice}
          onPointerDown={prepareVoice}
          onFocus={prepareVoice}
          disabled={disabled}
          aria-disabled={busy || undefined}
          aria-busy={busy}
          className={cn(
            'relative grid size-40 place-items-center rounded-full font-display text-[1.7rem] font-semibold tracking-tight shadow-xl transition-[transform,background-color,box-shadow] outline-none select-none focus-visible:ring-4 focus-visible:ring-ring/60 active:scale-[0.97] disabled:cursor-not-allowed aria-disabled:cursor-progress sm:size-44',
            live || reconnecting
              ? 'bg-gradient-to-br from-primary to-[oklch(0.42_0.14_32)] text-primary-foreground shadow-primary/40'
              : 'bg-gradient-to-br from-[oklch(0.55_0.15_55)] to-primary text-primary-foreground shadow-primary/30 hover:shadow-2xl hover:shadow-primary/40',
            status === 'disconnecting' && 'from-muted-foreground/70 to-muted-foreground text-base',
            disabled && !busy && 'opacity-60',
          )}
        >
          <span className="flex items-center gap-2">
            {busy && <LoaderCircle className="size-6 animate-spin" aria-hidden />}
            {LABELS[status]}
          </span>
        </button>
      </div>
      <p className="flex min-h-6 items-center gap-2 text-sm text-muted-foreground" role="status" aria-live="polite">
        <span
          className={cn(
            'size-2 rounded-full',
            live ? 'bg-emerald-500 motion-safe:animate-pulse' : busy || reconnecting ? 'bg-amber-500' : 'bg-muted-foreground/40',
            reconnecting && 'motion-safe:animate-pulse',
          )}
          aria-hidden
        />
        {statusText(status, answering)}
      </p>
    </div>
  )
}

const prepareVoice = () => void preloadVoiceEngine().catch(() => undefined)

function statusText(status: keyof typeof LABELS, answering: boolean) {
  switch (status) {
    case 'connecting':
      return 'Connecting…'
    case 'connected':
      return answering ? 'Hearth is speaking — just talk to interrupt' : 'Listening — speak whenever you like'
    case 'reconnecting':
      return 'Reconnecting… your conversation is kept'
    case 'disconnecting':
      return 'Wrapping up your conversation…'
    default:
      return 'Tap chat to start a conversation'
  }
}

/** A soft halo behind the button that swells with a voice's loudness. */
function LevelRing({
  level,
  className,
  reach,
  active,
}: {
  level: typeof inputLevelAtom
  className: string
  reach: number
  active: boolean
}) {
  const ref = useRef<HTMLDivElement>(null)
  const shown = useRef(0)
  const draw = useCallback(
    (element: HTMLDivElement, reading: LevelReading, elapsedMs: number) => {
      const target = loudness(reading.rms)
      const fallen = shown.current - (1.8 * elapsedMs) / 1000
      shown.current = target >= fallen ? target : fallen
      element.style.transform = `scale(${0.72 + reach * shown.current})`
      element.style.opacity = String(0.25 + 0.75 * shown.current)
      return shown.current > target + 0.001
    },
    [reach],
  )
  useLevelAnimation(level, ref, draw)
  return (
    <div
      ref={ref}
      aria-hidden
      className={cn('absolute inset-0 rounded-full blur-md transition-opacity', className, !active && 'opacity-0!')}
      style={{ transform: 'scale(0.72)' }}
    />
  )
}
