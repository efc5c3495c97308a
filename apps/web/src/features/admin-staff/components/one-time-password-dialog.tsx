import { useId } from 'react'
import { TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { CopyButton } from '@/components/copy-button'

export type OneTimePassword = { title: string; email: string; password: string }

/** Shows a password the server generated. It is never stored readable, so this is the only time anyone sees it. */
export function OneTimePasswordDialog({ shown, onClose }: { shown: OneTimePassword | null; onClose: () => void }) {
  const inputId = useId()
  return (
    <Dialog open={shown !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{shown?.title}</DialogTitle>
          <DialogDescription className="break-words">
            The password for <strong className="font-medium text-foreground">{shown?.email}</strong>. Pass it on safely: they sign in with
            it at /login.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Password</Label>
          <div className="flex gap-2">
            <Input
              id={inputId}
              readOnly
              value={shown?.password ?? ''}
              className="font-mono tracking-wide"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={shown?.password ?? ''} label="Copy password" successMessage="Password copied to clipboard" size="icon" />
          </div>
        </div>
        <p
          role="note"
          className="flex gap-2 rounded-md bg-amber-100/70 px-3 py-2 text-sm text-amber-950 dark:bg-amber-900/30 dark:text-amber-100"
        >
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          This password will not be shown again. Copy it now.
        </p>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Done
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
