// Issue 24 beside the gate and the turn detection: whether the assistant may ask the three-question loneliness scale
// in this module (with the member's consent; the tool record_loneliness_scale). Admins choose; operators read it.
import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'

import { Label } from '@hearth/ui/components/label'
import { Switch } from '@hearth/ui/components/switch'

import { setSequenceWellbeing } from '@/features/prompt-manager/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

const LABEL = 'Ask the three-question loneliness scale (with consent)'

type Props = { sequence: string; wellbeing: boolean; isAdmin: boolean }

export function WellbeingSetting({ sequence, wellbeing, isAdmin }: Props) {
  const router = useRouter()
  const [saving, setSaving] = useState(false)
  if (!isAdmin) {
    return (
      <p className="text-sm text-muted-foreground">
        {wellbeing ? 'The assistant may ask the three-question loneliness scale (with consent).' : 'The loneliness scale is not asked.'}
      </p>
    )
  }
  const change = async (next: boolean) => {
    setSaving(true)
    try {
      await setSequenceWellbeing(sequence, next)
      notify.success(next ? 'The assistant may now ask the loneliness scale' : 'The loneliness scale is no longer asked')
      await router.invalidate({ sync: true })
    } catch (error) {
      notify.error('Error while saving the setting', { description: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className="flex items-center gap-2 text-sm">
      <Switch id="ask-wellbeing" checked={wellbeing} disabled={saving} onCheckedChange={(next) => void change(next)} />
      <Label htmlFor="ask-wellbeing" className="leading-snug font-normal">
        {LABEL}
      </Label>
    </div>
  )
}
