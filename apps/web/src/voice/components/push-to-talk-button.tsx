// Push-to-talk (SPEC §4 "Turn mode"): held to record, released to send (input_audio_buffer.commit and
// response.create). The pointer holds it, and so does the space bar anywhere on the page except where space
// types or presses something else.
import { useEffect, useRef } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import { Mic } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { isTalkingAtom, pushToTalkAtom } from '@/voice/atoms'

/** Elements where space belongs to the element (typing, toggling, choosing). */
const OWNS_SPACE = 'input, textarea, select, button, a[href], [role="combobox"], [role="slider"], [role="radio"], [contenteditable="true"]'

export function PushToTalkButton({ enabled }: { enabled: boolean }) {
  const talking = useAtomValue(isTalkingAtom)
  const pushToTalk = useSetAtom(pushToTalkAtom)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!enabled) return
    const owned = (target: EventTarget | null) =>
      target instanceof Element && target !== button.current && target.closest(OWNS_SPACE) !== null
    const down = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || owned(event.target)) return
      event.preventDefault()
      if (!event.repeat) void pushToTalk(true)
    }
    const up = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || owned(event.target)) return
      event.preventDefault()
      void pushToTalk(false)
    }
    // Leaving the window while holding would otherwise record until the next key press.
    const release = () => void pushToTalk(false)
    window.addEventListener('keydown', down)
    window.addEventListener('keyup', up)
    window.addEventListener('blur', release)
    return () => {
      window.removeEventListener('keydown', down)
      window.removeEventListener('keyup', up)
      window.removeEventListener('blur', release)
    }
  }, [enabled, pushToTalk])

  const release = () => {
    if (talking) void pushToTalk(false)
  }

  return (
    <div className="grid justify-items-start gap-1">
      <Button
        ref={button}
        type="button"
        size="lg"
        variant={talking ? 'default' : 'secondary'}
        disabled={!enabled}
        aria-pressed={talking}
        className={cn('touch-none select-none', talking && 'ring-4 ring-primary/30')}
        onPointerDown={(event) => {
          if (event.button !== 0) return
          event.currentTarget.setPointerCapture(event.pointerId)
          void pushToTalk(true)
        }}
        onPointerUp={release}
        onPointerCancel={release}
        onLostPointerCapture={release}
        // Space on the focused button is handled by the window listener; a click (Enter) does nothing here.
        onClick={(event) => event.preventDefault()}
      >
        <Mic aria-hidden className={talking ? 'animate-pulse' : undefined} />
        Push to talk
      </Button>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {!enabled ? 'For manual turns while connected.' : talking ? 'Recording… release to send.' : 'Hold the button or the space bar.'}
      </p>
    </div>
  )
}
