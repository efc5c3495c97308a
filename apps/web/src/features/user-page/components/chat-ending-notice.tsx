import { CircleCheck, Info, TriangleAlert } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import type { ChatEnding } from '@/features/user-page/chat-texts'

const ICONS = { saved: CircleCheck, 'not-saved': Info, problem: TriangleAlert } as const

/** How the chat that just ended went (features/user-page/chat-texts.ts), until the next chat. */
export function ChatEndingNotice({ ending }: { ending: ChatEnding }) {
  const Icon = ICONS[ending.tone]
  return (
    <div
      role="status"
      className={cn(
        'flex w-full items-start gap-3 rounded-xl border p-3 text-left text-sm shadow-xs',
        ending.tone === 'saved' && 'border-emerald-300 bg-emerald-50 text-emerald-950',
        ending.tone === 'not-saved' && 'bg-card/90 text-foreground',
        ending.tone === 'problem' && 'border-amber-300 bg-amber-50 text-amber-950',
      )}
    >
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          ending.tone === 'saved' ? 'text-emerald-700' : ending.tone === 'problem' ? 'text-amber-700' : 'text-muted-foreground',
        )}
        aria-hidden
      />
      <p className="grid gap-0.5">
        <strong className="font-semibold">{ending.title}</strong>
        <span>{ending.detail}</span>
      </p>
    </div>
  )
}
