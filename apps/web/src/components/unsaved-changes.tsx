// Unsaved edits are kept nowhere but in the page, so leaving it asks first: a link, Back or a change of the
// address through the router gets an in-app question (stay or leave), a reload or closing the tab the
// browser's own. Actions inside the page that would drop the edits ask through `confirmDiscard`.
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useBlocker } from '@tanstack/react-router'

import { ConfirmDialog } from '@/components/confirm-dialog'

type UnsavedChanges = {
  /** Runs `go` at once when nothing is unsaved, otherwise after the person agrees to discard the edits. */
  confirmDiscard: (go: () => void) => void
  /** The question; render it once in the page. */
  dialog: ReactNode
}

/** `onDiscard` puts the page back to its saved state when the person agrees to drop the edits in place. */
export function useUnsavedChanges(dirty: boolean, onDiscard?: () => void): UnsavedChanges {
  const dirtyRef = useRef(dirty)
  dirtyRef.current = dirty
  // Stable functions: useBlocker registers again whenever they change; both read the latest `dirty`.
  const isDirty = useCallback(() => dirtyRef.current, [])
  const blocker = useBlocker({ shouldBlockFn: isDirty, enableBeforeUnload: isDirty, withResolver: true })
  const [pending, setPending] = useState<(() => void) | null>(null)

  const confirmDiscard = useCallback((go: () => void) => {
    if (!dirtyRef.current) return go()
    setPending(() => go)
  }, [])

  const blocked = blocker.status === 'blocked'
  // Which question was asked, kept while the dialog closes so its words do not change under the person.
  const asked = useRef<'leave' | 'discard'>('leave')
  if (blocked) asked.current = 'leave'
  else if (pending) asked.current = 'discard'
  const leaving = asked.current === 'leave'
  const dialog = (
    <ConfirmDialog
      open={blocked || pending !== null}
      onOpenChange={(open) => {
        if (open) return
        blocker.reset?.()
        setPending(null)
      }}
      title={leaving ? 'Leave without saving?' : 'Discard your unsaved changes?'}
      description="Your edits have not been saved. They are lost if you go on."
      cancelLabel={leaving ? 'Stay' : 'Keep editing'}
      confirmLabel={leaving ? 'Leave' : 'Discard'}
      destructive
      onConfirm={() => {
        if (blocked) return blocker.proceed?.()
        dirtyRef.current = false
        onDiscard?.()
        pending?.()
      }}
    />
  )
  return { confirmDiscard, dialog }
}
