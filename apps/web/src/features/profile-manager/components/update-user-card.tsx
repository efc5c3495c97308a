import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { LoaderCircle, RotateCcw, Save, UserPen } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { fetchUserContent, updateUserInfo } from '@/features/profile-manager/api'
import { CardSection } from '@/components/card-section'
import { UserSelect } from '@/features/profile-manager/components/user-select'
import { isValidUpdatePhone, stripPhoneInput, type UserOption } from '@/features/profile-manager/inputs'
import { errorMessage, isAbortError, isApiError } from '@/lib/api'
import { notify } from '@/lib/notify'

const PHONE_RULE = 'Leave it empty, or type + and the country code, then digits only (e.g. +14155552671).'

type Status = 'idle' | 'loading' | 'ready' | 'error'

export function UpdateUserCard({ users }: { users: UserOption[] }) {
  const router = useRouter()
  const fieldId = useId()
  const [userId, setUserId] = useState<string>()
  const [userFile, setUserFile] = useState<string>()
  const [status, setStatus] = useState<Status>('idle')
  const [phone, setPhone] = useState('')
  const [email, setEmail] = useState('')
  const [phoneError, setPhoneError] = useState(false)
  const [saving, setSaving] = useState(false)
  const request = useRef<AbortController | null>(null)
  useEffect(() => () => request.current?.abort(), [])

  async function load(id: string) {
    request.current?.abort()
    const controller = new AbortController()
    request.current = controller
    setUserId(id)
    setUserFile(undefined)
    setStatus('loading')
    setPhone('')
    setEmail('')
    setPhoneError(false)
    try {
      const content = await fetchUserContent(id, { signal: controller.signal })
      if (controller.signal.aborted) return
      setUserFile(content.userFile)
      setPhone(content.phone_number ?? '')
      setEmail(content.email ?? '')
      setStatus('ready')
    } catch (error) {
      if (isAbortError(error) || controller.signal.aborted) return
      setStatus('error')
      notify.error('Error while fetching user data', { description: errorMessage(error) })
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (saving) return
    if (!userId) return void notify.error('No user selected')
    if (!userFile) return void notify.error('Error while fetching user data')
    const phoneNumber = phone.trim()
    if (!isValidUpdatePhone(phoneNumber)) {
      setPhoneError(true)
      return void notify.error('Invalid phone number', { description: PHONE_RULE })
    }
    setSaving(true)
    try {
      const updated = await updateUserInfo({ userFileName: userFile, phoneNumber, email: email.trim() })
      // The server stores numbers in E.164: show them as they are now kept.
      setPhone(updated.phone_number ?? '')
      setEmail(updated.email ?? '')
      notify.success('User info updated successfully!')
      void router.invalidate()
    } catch (error) {
      const serverText = isApiError(error) && error.status > 0
      notify.error(serverText ? error.message : 'Error while updating user data', {
        description: serverText ? undefined : errorMessage(error),
      })
    } finally {
      setSaving(false)
    }
  }

  const editable = status === 'ready' && !saving
  return (
    <CardSection
      title="Update contact details"
      icon={UserPen}
      description="Change the phone number and e-mail of an existing user. Choose the user first."
    >
      <form onSubmit={save} className="grid gap-4" aria-busy={status === 'loading' || saving}>
        <UserSelect id={`${fieldId}-user`} label="User" users={users} value={userId} onValueChange={load} disabled={saving} />
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-phone`}>Phone</Label>
          <Input
            id={`${fieldId}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder={userId ? '+14155552671' : 'Choose a user first'}
            aria-invalid={phoneError || undefined}
            aria-describedby={`${fieldId}-phone-hint`}
            value={phone}
            onChange={(event) => {
              setPhone(stripPhoneInput(event.target.value))
              setPhoneError(false)
            }}
            disabled={!editable}
          />
          <p id={`${fieldId}-phone-hint`} className={phoneError ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
            {PHONE_RULE}
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-email`}>Email</Label>
          <Input
            id={`${fieldId}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            placeholder={userId ? 'name@example.com' : 'Choose a user first'}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={!editable}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={saving || status === 'loading'}>
            {saving ? <LoaderCircle className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            Save
          </Button>
          {status === 'loading' && (
            <span role="status" className="text-sm text-muted-foreground">
              Loading their details…
            </span>
          )}
          {status === 'error' && userId && (
            <Button type="button" variant="ghost" onClick={() => void load(userId)}>
              <RotateCcw aria-hidden />
              Load their details again
            </Button>
          )}
        </div>
      </form>
    </CardSection>
  )
}
