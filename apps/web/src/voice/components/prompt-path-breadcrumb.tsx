// The prompt path (issue 7 §3): the sequential prompts the conversation visited, each with what moved it there
// and when. The last step is where the conversation is now.
import { useAtomValue } from 'jotai'
import { ChevronRight } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import type { PromptPathCause } from '@/voice/prompt-path'
import { promptPathAtom } from '@/voice/staff-atoms'

const VIA: Record<PromptPathCause, string> = {
  start: 'start',
  change_prompt: 'change_prompt',
  change_module: 'change_module',
  selected: 'chosen by you',
}

export const clockTime = (atMs: number) =>
  new Date(atMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false })

export function PromptPathBreadcrumb({ className }: { className?: string }) {
  const steps = useAtomValue(promptPathAtom)
  if (steps.length === 0) {
    return <p className={cn('text-sm text-muted-foreground', className)}>The prompt path appears once the session starts.</p>
  }
  return (
    <nav aria-label="Prompt path" className={className}>
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-2">
        {steps.map((step, index) => {
          const current = index === steps.length - 1
          const moduleShown = index === 0 || steps[index - 1].module !== step.module || steps[index - 1].version !== step.version
          return (
            <li key={`${index}-${step.atMs}`} aria-current={current ? 'step' : undefined} className="flex items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
              <span className={cn('grid gap-0.5 rounded-lg border px-2.5 py-1.5', current ? 'border-primary/50 bg-primary/10' : 'bg-card')}>
                <span className="text-sm font-medium">
                  {moduleShown && <span className="text-muted-foreground">{`${step.module} v${step.version} · `}</span>}
                  {step.prompt || '(no prompt)'}
                </span>
                <span className="font-mono text-[11px] text-muted-foreground">
                  {VIA[step.cause]} · {clockTime(step.atMs)}
                </span>
              </span>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
