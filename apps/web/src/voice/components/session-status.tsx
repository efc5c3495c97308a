// Where the staff pages say what the voice session is doing and which provider answers (PRODUCT §5: the local
// provider is marked clearly wherever voice is used).
import { useAtomValue } from 'jotai'
import { Cpu } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import { connectionStatusAtom, voiceSessionInfoAtom } from '@/voice/atoms'

const STATUS_TEXT = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  disconnecting: 'Disconnecting…',
} as const

export function SessionStatus({ provider }: { provider: string | null }) {
  const status = useAtomValue(connectionStatusAtom)
  const session = useAtomValue(voiceSessionInfoAtom)
  const shownProvider = session?.provider ?? provider
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span
        role="status"
        data-status={status}
        className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-xs font-medium"
      >
        <span
          aria-hidden
          className={cn(
            'size-2 rounded-full',
            status === 'connected' ? 'bg-emerald-500' : status === 'disconnected' ? 'bg-muted-foreground/40' : 'animate-pulse bg-amber-500',
          )}
        />
        {STATUS_TEXT[status]}
      </span>
      {shownProvider === 'local' && (
        <span className="inline-flex max-w-full items-center gap-2 rounded-full border border-dashed border-primary/40 bg-accent/60 px-3 py-1 text-xs font-medium text-accent-foreground">
          <Cpu className="size-3.5 shrink-0" aria-hidden />
          <span className="truncate">Local voice provider — no OpenAI key configured</span>
        </span>
      )}
    </div>
  )
}
