import { Component, type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react'

import { deferredNotify as notify } from '@/lib/deferred-notify'
import { NETWORK_ERROR } from '@/lib/http'

type LazyDialogProps<P extends object> = {
  open: boolean
  /** Downloads the dialog's chunk (the page may call the same function early, on hover). */
  load: () => Promise<ComponentType<P>>
  props: P
  /** The download failed: the page closes the dialog (the person may try again). */
  onFailed: () => void
}

/**
 * A dialog (or the community loop's card) from its own chunk: mounted the first time `open` is true, then kept (so
 * closing still animates).
 * End users download a dialog's code only when they open it; a failed download says SPEC §8's 'Network Error'.
 */
export function LazyDialog<P extends object>({ open, load, props, onFailed }: LazyDialogProps<P>) {
  const [opened, setOpened] = useState(open)
  const makeDialog = () => lazy(() => load().then((component) => ({ default: component })))
  const [Dialog, setDialog] = useState(makeDialog)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  const failed = () => {
    notify.error(NETWORK_ERROR)
    setOpened(false)
    // React.lazy keeps a failed download: the next opening starts a new one.
    setDialog(() => makeDialog())
    onFailed()
  }
  return (
    <LoadFailure onFailure={failed}>
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    </LoadFailure>
  )
}

class LoadFailure extends Component<{ onFailure: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  componentDidCatch() {
    this.props.onFailure()
  }

  render() {
    return this.state.failed ? null : this.props.children
  }
}
