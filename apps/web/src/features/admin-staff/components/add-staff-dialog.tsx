import { useEffect, useId, useState } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Checkbox } from '@hearth/ui/components/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { createStaffAccount, type StaffRole } from '@/features/admin-staff/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

/** The server's rule (PRODUCT §9), checked here too so the button says so before a round trip. */
export const MIN_PASSWORD_LENGTH = 12

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

  useEffect(() => {
    if (!open) return
    setEmail('')
    setRole('operator')
    setGenerate(true)
    setPassword('')
  }, [open])

  const passwordOk = generate || password.length >= MIN_PASSWORD_LENGTH
  const canSubmit = email.trim() !== '' && passwordOk && !busy

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!canSubmit) return
    setBusy(true)
    try {
      const created = await createStaffAccount({ email: email.trim(), role, ...(generate ? {} : { password }) })
      onOpenChange(false)
      await onCreated(created)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
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
                At least {MIN_PASSWORD_LENGTH} characters.
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
    </Dialog>
  )
}
