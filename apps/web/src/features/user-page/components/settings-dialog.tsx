import { type FormEvent, useEffect, useId, useState } from 'react'
import { useAtom, useSetAtom } from 'jotai'
import { LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Checkbox } from '@hearth/ui/components/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Separator } from '@hearth/ui/components/separator'

import { deferredNotify as notify } from '@/lib/deferred-notify'
import { sendVoiceSettingsAtom } from '@/voice/atoms'
import { savePhoneNumber } from '@/features/user-page/api'
import { copyOnDisconnectAtom, setPhoneNumberAtom, smsReminderAtom } from '@/features/user-page/atoms'
import { isValidPhoneInput, stripPhoneInput } from '@/features/user-page/phone'

type SettingsDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Whose number is saved (the path segment of update-user-phone-number). */
  userName: string
  phoneNumber: string | null
}

/** SPEC §2 "Settings modal": phone number with Save, and the two locally stored checkboxes. */
export function SettingsDialog({ open, onOpenChange, userName, phoneNumber }: SettingsDialogProps) {
  const phoneId = useId()
  const [phone, setPhone] = useState(phoneNumber ?? '')
  const [saving, setSaving] = useState(false)
  const [copyOnDisconnect, setCopyOnDisconnect] = useAtom(copyOnDisconnectAtom)
  const [smsReminder, setSmsReminder] = useAtom(smsReminderAtom)
  const sendSettings = useSetAtom(sendVoiceSettingsAtom)
  const storePhone = useSetAtom(setPhoneNumberAtom)

  useEffect(() => {
    if (open) setPhone(phoneNumber ?? '')
  }, [open, phoneNumber])

  const save = async (event: FormEvent) => {
    event.preventDefault()
    // SPEC §5: an optional plus then digits, otherwise 'Invalid phone number' shown as 'Error saving phone number'.
    if (!isValidPhoneInput(phone)) {
      notify.error('Error saving phone number', { description: 'Invalid phone number' })
      return
    }
    setSaving(true)
    try {
      const saved = await savePhoneNumber(userName, phone)
      storePhone(saved.phone_number)
      setPhone(saved.phone_number ?? '')
      notify.success('Phone number saved successfully')
    } catch (error) {
      notify.error('Error saving phone number', { description: error instanceof Error ? error.message : undefined })
    } finally {
      setSaving(false)
    }
  }

  const changeReminder = (checked: boolean) => {
    setSmsReminder(checked)
    // A live conversation learns at once; a new one is told when it starts.
    sendSettings({ reminder: checked })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Your number is used only for texts about your conversations.</DialogDescription>
        </DialogHeader>
        <form onSubmit={save} className="grid gap-2" noValidate>
          <Label htmlFor={phoneId}>Phone number</Label>
          <div className="flex gap-2">
            <Input
              id={phoneId}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+14155552671"
              value={phone}
              onChange={(event) => setPhone(stripPhoneInput(event.target.value))}
              className="min-w-0 flex-1"
            />
            <Button type="submit" disabled={saving} className="min-w-20">
              {saving && <LoaderCircle className="animate-spin" aria-hidden />}
              Save
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">With the country code, for example +44 7700 900123.</p>
        </form>
        <Separator />
        <div className="grid gap-4">
          <SettingCheckbox
            label="Copy conversation on disconnect"
            hint="The conversation goes to your clipboard when you press disconnect."
            checked={copyOnDisconnect}
            onCheckedChange={setCopyOnDisconnect}
          />
          <SettingCheckbox
            label="Receive SMS reminder of this conversation"
            hint="After the conversation, Hearth texts you a link to come back."
            checked={smsReminder}
            onCheckedChange={changeReminder}
          />
        </div>
      </DialogContent>
    </Dialog>
  )
}

function SettingCheckbox({
  label,
  hint,
  checked,
  onCheckedChange,
}: {
  label: string
  hint: string
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} className="mt-0.5" />
      <div className="grid gap-1">
        <Label htmlFor={id} className="leading-snug">
          {label}
        </Label>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </div>
    </div>
  )
}
