// Captions of what Hearth says (issue 21 item 14): on screen only, from the assistant transcript the page already
// receives; never stored or sent anywhere. Off by default; the choice lasts for the visit.
import { useAtomValue } from 'jotai'
import { Captions, CaptionsOff } from 'lucide-react'

import { cn } from '@hearth/ui/lib/utils'

import { captionText } from '@/features/user-page/chat-texts'
import { conversationItemsAtom } from '@/voice/atoms'

export function CaptionsToggle({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className={cn(
        'inline-flex h-8 items-center gap-2 rounded-full border px-3 text-sm font-medium shadow-xs transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 [&_svg]:size-4',
        on ? 'border-primary/40 bg-accent text-accent-foreground' : 'bg-card/80 text-muted-foreground hover:text-foreground',
      )}
    >
      {on ? <Captions aria-hidden /> : <CaptionsOff aria-hidden />}
      Captions
    </button>
  )
}

/** Hearth's latest words while a chat runs. */
export function CaptionsPanel() {
  const text = captionText(useAtomValue(conversationItemsAtom))
  return (
    <section aria-label="Captions" className="w-full rounded-xl border bg-card/90 px-4 py-3 text-left shadow-xs">
      <p className={cn('min-h-[3lh] text-base leading-relaxed text-pretty', !text && 'text-muted-foreground')} data-testid="captions-text">
        {text || 'Hearth’s words will appear here.'}
      </p>
    </section>
  )
}
