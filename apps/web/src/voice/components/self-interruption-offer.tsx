// Offered when the assistant keeps interrupting itself (voice/self-interruption.ts): its voice reaches the
// microphone through the speaker. Push-to-talk lets the conversation go on; headphones fix it for good.
import { useAtomValue, useSetAtom } from 'jotai'
import { Headphones } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { connectionStatusAtom, selfInterruptionAtom, setTurnModeAtom, turnModeAtom } from '@/voice/atoms'
import { PushToTalkButton } from '@/voice/components/push-to-talk-button'

export const SELF_INTERRUPTION_HINT =
  'Hearth seems to hear itself through your speaker and keeps stopping. Use headphones, or hold a button to talk.'

/** Nothing until the echo is noticed (or push-to-talk was chosen); then the hint and push-to-talk. */
export function SelfInterruptionOffer() {
  const noticed = useAtomValue(selfInterruptionAtom)
  const turnMode = useAtomValue(turnModeAtom)
  const connected = useAtomValue(connectionStatusAtom) === 'connected'
  const setTurnMode = useSetAtom(setTurnModeAtom)
  if (!connected || (!noticed && turnMode !== 'manual')) return null
  return (
    <div className="grid w-full max-w-md justify-items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-center text-sm text-amber-950">
      {noticed && (
        <p role="alert" className="flex items-start gap-2 text-left">
          <Headphones className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          {SELF_INTERRUPTION_HINT}
        </p>
      )}
      {turnMode === 'manual' ? (
        <>
          <PushToTalkButton enabled />
          <Button variant="link" size="sm" onClick={() => void setTurnMode('server_vad')}>
            Talk freely again (with headphones)
          </Button>
        </>
      ) : (
        <Button onClick={() => void setTurnMode('manual')}>Use push-to-talk</Button>
      )}
    </div>
  )
}
