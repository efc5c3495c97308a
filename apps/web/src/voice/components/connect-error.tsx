// A failed connect to the voice service stays on the page until the next try (a toast alone is easily missed).
import { useAtomValue } from 'jotai'
import { CircleAlert } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import { voiceConnectErrorAtom } from '@/voice/atoms'

export function VoiceConnectErrorNotice({ className }: { className?: string }) {
  const error = useAtomValue(voiceConnectErrorAtom)
  if (!error) return null
  return (
    <p
      role="alert"
      data-testid="voice-connect-error"
      className={cn(
        'flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-left text-sm text-destructive',
        className,
      )}
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{error}</span>
    </p>
  )
}
