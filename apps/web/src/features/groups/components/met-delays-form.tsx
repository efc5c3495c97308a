// The group's asking delays (PRODUCT §11): after how many days a told member is asked whether they met their
// subgroup, and whether they met again. Whole days from 0 to 365; the server has the last word.
import { useId, useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { type MetSettings, saveMetSettings } from '@/features/groups/loop-api'
import { delayDays } from '@/features/groups/loop-texts'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

export function MetDelaysForm({ groupId, settings }: { groupId: string; settings: MetSettings }) {
  const router = useRouter()
  const id = useId()
  const [askDays, setAskDays] = useState(String(settings.metAskDays))
  const [againDays, setAgainDays] = useState(String(settings.metAgainDays))
  const [busy, setBusy] = useState(false)
  const metAskDays = delayDays(askDays)
  const metAgainDays = delayDays(againDays)
  const valid = metAskDays !== null && metAgainDays !== null

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (busy || !valid) return
    setBusy(true)
    try {
      const saved = await saveMetSettings(groupId, { metAskDays, metAgainDays })
      setAskDays(String(saved.metAskDays))
      setAgainDays(String(saved.metAgainDays))
      notify.short('Asking delays saved')
      void router.invalidate()
    } catch (error) {
      notify.error(`Failed to save the delays: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  const field = (suffix: string, label: string, value: string, set: (v: string) => void, ok: boolean) => (
    <div className="grid gap-1.5">
      <Label htmlFor={`${id}-${suffix}`}>{label}</Label>
      <Input
        id={`${id}-${suffix}`}
        type="number"
        inputMode="numeric"
        min={0}
        max={365}
        step={1}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={!ok || undefined}
        aria-describedby={`${id}-hint`}
        className="w-28"
      />
    </div>
  )

  return (
    <form onSubmit={save} className="grid gap-3" aria-label="Asking delays">
      <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {field('ask', 'Ask whether they met after (days)', askDays, setAskDays, metAskDays !== null)}
        {field('again', 'Ask whether they met again after (days)', againDays, setAgainDays, metAgainDays !== null)}
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        Both counted from when a member was told their subgroup; only members who said “yes” are asked whether they met again. Whole days
        from 0 to 365.
      </p>
      <Button type="submit" variant="outline" className="w-fit" disabled={busy || !valid}>
        {busy && <LoaderCircle className="animate-spin" aria-hidden />}
        Save delays
      </Button>
    </form>
  )
}
