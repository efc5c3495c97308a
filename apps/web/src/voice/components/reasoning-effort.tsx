// The reasoning effort the active prompt runs with (issue 23): what the server sent with the prompt to a model that
// takes one (the prompt's reasoning_effort, else the model's default 'low'); '—' for a model that takes none.
import { useAtomValue } from 'jotai'

import { cn } from '@hearth/ui/lib/utils'

import { voiceSessionInfoAtom } from '@/voice/atoms'

export function ReasoningEffortNote({ className }: { className?: string }) {
  const info = useAtomValue(voiceSessionInfoAtom)
  if (!info) return null
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Reasoning effort{info.prompt ? ` of ${info.prompt}` : ''}:{' '}
      <span data-testid="reasoning-effort" className="font-mono font-medium text-foreground">
        {info.reasoningEffort ?? '—'}
      </span>
    </p>
  )
}
