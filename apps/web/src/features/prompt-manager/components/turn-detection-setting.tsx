// Issue 23 beside PRODUCT §10's gate: how members' turns end in this sequence, server VAD or semantic VAD with an
// eagerness. Admins choose (as with the gate); operators read it. Console and testing sessions start from it too.
import { useId, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import type { Eagerness, SequenceTurnDetection } from '@hearth/protocol'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { setSequenceTurnDetection } from '@/features/prompt-manager/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

const CHOICES: Array<{ value: string; label: string; turnDetection: SequenceTurnDetection }> = [
  { value: 'server_vad', label: 'Server VAD', turnDetection: { type: 'server_vad' } },
  ...(['low', 'medium', 'high', 'auto'] as const).map((eagerness: Eagerness) => ({
    value: `semantic_vad:${eagerness}`,
    label: `Semantic VAD, ${eagerness} eagerness`,
    turnDetection: { type: 'semantic_vad', eagerness } as const,
  })),
]

const valueOf = (turnDetection: SequenceTurnDetection | null) =>
  turnDetection?.type === 'semantic_vad' ? `semantic_vad:${turnDetection.eagerness}` : 'server_vad'

type Props = { sequence: string; turnDetection: SequenceTurnDetection | null; isAdmin: boolean }

export function TurnDetectionSetting({ sequence, turnDetection, isAdmin }: Props) {
  const id = useId()
  const router = useRouter()
  const [saving, setSaving] = useState(false)
  const value = valueOf(turnDetection)
  const label = CHOICES.find((c) => c.value === value)?.label ?? 'Server VAD'
  if (!isAdmin) return <p className="text-sm text-muted-foreground">Members’ turn detection: {label}.</p>
  const change = async (next: string) => {
    const choice = CHOICES.find((c) => c.value === next)
    if (!choice || next === value) return
    setSaving(true)
    try {
      await setSequenceTurnDetection(sequence, choice.turnDetection)
      notify.success(`Members’ turns now end by ${choice.label}`)
      await router.invalidate({ sync: true })
    } catch (error) {
      notify.error('Error while saving the setting', { description: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Label htmlFor={id} className="font-normal">
        Members’ turn detection
      </Label>
      <Select value={value} onValueChange={(next) => void change(next)} disabled={saving}>
        <SelectTrigger id={id} size="sm" className="w-72 max-w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CHOICES.map((c) => (
            <SelectItem key={c.value} value={c.value}>
              {c.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
