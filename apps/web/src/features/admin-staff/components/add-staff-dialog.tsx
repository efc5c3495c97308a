import { useEffect, useId, useState } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Checkbox } from '@hearth/ui/components/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { createStaffAccount, LookAlikeError, type StaffRole } from '@/features/admin-staff/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

/** The server's rule (PRODUCT §9), checked here too so the button says so before a round trip. */
export const MIN_PASSWORD_LENGTH = 12
// Spaces and invisible characters do not count (the server's passwordProblem).
const countedLength = (password: string) => password.replace(/[\s\p{Cc}\p{Cf}]/gu, '').length

type Created = Awaited<ReturnType<typeof createStaffAccount>>

type AddStaffDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCreated: (created: Created) => void | Promise<void>
}

export function AddStaffDialog({ open, onOpenChange, onCreated }: AddStaffDialogProps) {
  const emailId = useId()
  const roleId = useId()
  const generateId = useId()
  const passwordId = useId()
  const hintId = useId()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<StaffRole>('operator')
  const [generate, setGenerate] = useState(true)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [lookAlike, setLookAlike] = useState<LookAlikeError | null>(null)

  useEffect(() => {
    if (!open) return
    setEmail('')
    setRole('operator')
    setGenerate(true)
    setPassword('')
    setLookAlike(null)
  }, [open])

  const passwordOk = generate || countedLength(password) >= MIN_PASSWORD_LENGTH
  const canSubmit = email.trim() !== '' && passwordOk && !busy

  /** `confirm`: the admin saw that the e-mail looks like another account's and adds it all the same. */
  const add = async (confirm: boolean) => {
    setBusy(true)
    try {
      const created = await createStaffAccount({
        email: email.trim(),
        role,
        ...(generate ? {} : { password }),
        ...(confirm ? { confirm: true as const } : {}),
      })
      onOpenChange(false)
      await onCreated(created)
    } catch (error) {
      if (error instanceof LookAlikeError && !confirm) setLookAlike(error)
      else notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (canSubmit) await add(false)
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add staff account</DialogTitle>
            <DialogDescription>Operators use the console and the editors; admins also manage users, groups and staff.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={emailId}>E-mail</Label>
            <Input id={emailId} type="email" autoComplete="off" value={email} autoFocus onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={roleId}>Role</Label>
            <Select value={role} onValueChange={(value) => setRole(value as StaffRole)}>
              <SelectTrigger id={roleId} className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="operator">Operator</SelectItem>
                <SelectItem value="admin">Admin</SelectItem>
              </SelectContent>
            </Select>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox id={generateId} checked={generate} onCheckedChange={(checked) => setGenerate(checked === true)} />
            <Label htmlFor={generateId}>Generate a password</Label>
          </div>
          {!generate && (
            <div className="grid gap-2">
              <Label htmlFor={passwordId}>Password</Label>
              <Input
                id={passwordId}
                type="password"
                autoComplete="new-password"
                value={password}
                aria-describedby={hintId}
                aria-invalid={password !== '' && !passwordOk}
                onChange={(e) => setPassword(e.target.value)}
              />
              <p id={hintId} className="text-sm text-muted-foreground">
                At least {MIN_PASSWORD_LENGTH} characters, not counting spaces.
              </p>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!canSubmit}>
              {busy ? 'Adding…' : 'Add account'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
      <ConfirmDialog
        open={lookAlike !== null}
        onOpenChange={(next) => !next && setLookAlike(null)}
        title="Add a look-alike account?"
        description={<LookAlikeWarning warning={lookAlike} email={email.trim().toLowerCase()} />}
        confirmLabel="Add anyway"
        cancelLabel="Change the e-mail"
        onConfirm={() => add(true)}
      />
    </Dialog>
  )
}

/** The new address beside the accounts it looks like, each alone on a line to compare; else the server's sentence. */
function LookAlikeWarning({ warning, email }: { warning: LookAlikeError | null; email: string }) {
  if (!warning) return null
  if (warning.lookAlike.length === 0) {
    return (
      <span className="grid gap-2">
        <span>{warning.message}</span>
        <span>Add it only if this is the address that is meant.</span>
      </span>
    )
  }
  const existing = warning.lookAlike.length === 1 ? 'Existing account' : 'Existing accounts'
  return (
    <span className="grid gap-3">
      <span>The new e-mail looks like an account that exists already. People may take one for the other.</span>
      <span className="grid gap-1">
        <span className="text-xs font-medium uppercase tracking-wide">New</span>
        <span className="break-all font-mono text-foreground">{email}</span>
      </span>
      <span className="grid gap-1">
        <span className="text-xs font-medium uppercase tracking-wide">{existing}</span>
        {warning.lookAlike.map((other) => (
          <span key={other} className="break-all font-mono text-foreground">
            {other}
          </span>
        ))}
      </span>
      <span>Add it only if both are meant.</span>
    </span>
  )
}
