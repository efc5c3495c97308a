import { useEffect, useId, useState } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

type PromptDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  label: string
  initialValue?: string
  submitLabel?: string
  /** Called with the trimmed, non-empty value; the dialog closes when it resolves. Cancel does nothing. */
  onSubmit: (value: string) => unknown | Promise<unknown>
}

/** Asks for one line of text (a name); the submit button stays disabled while the text is blank. */
export function PromptDialog({
  open,
  onOpenChange,
  title,
  description,
  label,
  initialValue = '',
  submitLabel = 'OK',
  onSubmit,
}: PromptDialogProps) {
  const inputId = useId()
  const [value, setValue] = useState(initialValue)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) setValue(initialValue)
  }, [open, initialValue])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const trimmed = value.trim()
    if (!trimmed || busy) return
    setBusy(true)
    try {
      await onSubmit(trimmed)
      onOpenChange(false)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className={description ? undefined : 'sr-only'}>{description ?? label}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor={inputId}>{label}</Label>
            <Input id={inputId} value={value} autoFocus onChange={(event) => setValue(event.target.value)} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={!value.trim() || busy}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
