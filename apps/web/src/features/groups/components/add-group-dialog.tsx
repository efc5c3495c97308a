// 'Add New Group' (SPEC §2, §8): a name, 'Add' disabled while it is blank; a taken name keeps the dialog open.
import { useEffect, useId, useState, type FormEvent } from 'react'
import { LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { createGroup } from '@/features/groups/api'
import { isApiError } from '@/lib/api'
import { notify } from '@/lib/notify'

type AddGroupDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; onAdded: () => unknown }

export function AddGroupDialog({ open, onOpenChange, onAdded }: AddGroupDialogProps) {
  const inputId = useId()
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) setName('')
  }, [open])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed || busy) return
    setBusy(true)
    try {
      await createGroup(trimmed)
      notify.success('Group added successfully')
      onOpenChange(false)
      await onAdded()
    } catch (error) {
      // SPEC §8: 400 is the name that exists; anything else is worded the same way whatever went wrong.
      notify.error(isApiError(error, 400) ? 'Group already exists' : 'Something went wrong, please try again')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Add New Group</DialogTitle>
            <DialogDescription>Members can be added from the group’s page once it exists.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>Group name</Label>
            <Input
              id={inputId}
              value={name}
              maxLength={100}
              autoFocus
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!name.trim() || busy}>
              {busy && <LoaderCircle className="animate-spin" aria-hidden />}
              Add
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
