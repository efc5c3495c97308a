import { useId, useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { LoaderCircle, UserPlus } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { CardSection } from '@/components/card-section'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { UserList } from '@/components/user-list'
import { createUser, SameNameError, type SameNameUser } from '@/features/profile-manager/api'
import { stripNameInput, stripPhoneInput } from '@/features/profile-manager/inputs'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

export function CreateUserCard() {
  const router = useRouter()
  const fieldId = useId()
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [busy, setBusy] = useState(false)
  // A name already taken: the users that have it, until the operator says whether to make another.
  const [sameName, setSameName] = useState<SameNameUser[] | null>(null)

  async function create(allowSameName: boolean) {
    setBusy(true)
    try {
      const user = await createUser({ name: name.trim(), phone_number: phone, email: email.trim() }, allowSameName)
      notify.success('User created successfully!', { description: `${user.name} is ready to be chosen below.` })
      setName('')
      setEmail('')
      setPhone('')
      await router.invalidate()
    } catch (error) {
      if (error instanceof SameNameError) return setSameName(error.sameName)
      notify.error(`Error creating user: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!busy) await create(false)
  }

  return (
    <CardSection
      title="Create a user profile"
      icon={UserPlus}
      description="A new member of the community. Only the name is required; a phone number lets Hearth text them."
    >
      <form onSubmit={submit} className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-name`}>
            Name <span className="text-xs font-normal text-muted-foreground">(required)</span>
          </Label>
          <Input
            id={`${fieldId}-name`}
            required
            autoComplete="off"
            maxLength={100}
            value={name}
            onChange={(event) => setName(stripNameInput(event.target.value))}
            disabled={busy}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-email`}>Email</Label>
          <Input
            id={`${fieldId}-email`}
            type="email"
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
            placeholder="name@example.com"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            disabled={busy}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${fieldId}-phone`}>Phone</Label>
          <Input
            id={`${fieldId}-phone`}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+14155552671"
            aria-describedby={`${fieldId}-phone-hint`}
            value={phone}
            onChange={(event) => setPhone(stripPhoneInput(event.target.value))}
            disabled={busy}
          />
          <p id={`${fieldId}-phone-hint`} className="text-xs text-muted-foreground">
            Digits only, best with + and the country code. A number without + is read as a US number.
          </p>
        </div>
        <Button type="submit" disabled={busy} className="justify-self-start">
          {busy ? <LoaderCircle className="animate-spin" aria-hidden /> : <UserPlus aria-hidden />}
          Create user
        </Button>
      </form>
      {sameName && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setSameName(null)}
          title={`Create another user named ${name.trim()}?`}
          description={`${sameName.length === 1 ? 'A user' : `${sameName.length} users`} with this name already ${sameName.length === 1 ? 'exists' : 'exist'}. Two users of one name are told apart only by their contact details and file name.`}
          confirmLabel="Create another"
          onConfirm={() => create(true)}
        >
          <UserList users={sameName} label="Users with this name" />
        </ConfirmDialog>
      )}
    </CardSection>
  )
}
