// Toasts for pages where most visits never show one (the end user's voice page): sonner and the Toaster are
// downloaded with the first toast instead of with the page. A toast made before the Toaster has mounted is
// shown when it mounts (sonner replays the active toasts to a new Toaster).
import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { toast as sonnerToast } from 'sonner'

type Toast = typeof sonnerToast
type Kind = 'success' | 'error' | 'info' | 'warning' | 'message'

let requested = false
let loading: Promise<Toast> | null = null
const listeners = new Set<() => void>()

function loadToast(): Promise<Toast> {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  loading ??= import('sonner').then(
    (module) => module.toast,
    (error: unknown) => {
      loading = null // a failed download (offline) is tried again with the next toast
      throw error
    },
  )
  return loading
}

const loadToaster = () => import('@hearth/ui/components/sonner')

/**
 * Downloads the toast code now, without showing anything: for a page about to do something whose failures are
 * toasts even when the network is gone (a voice chat whose connection drops), so those toasts need no download.
 */
export function preloadToasts(): void {
  void import('sonner').catch(() => {})
  void loadToaster().catch(() => {})
}

const show =
  <K extends Kind>(kind: K) =>
  (...args: Parameters<Toast[K]>): void => {
    void loadToast().then((toast) => (toast[kind] as (...params: Parameters<Toast[K]>) => unknown)(...args))
  }

/** sonner's `toast.success/error/info/warning/message`, same arguments, loading sonner on the first call. */
export const deferredToast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  message: show('message'),
}

const Toaster = lazy(() => loadToaster().then((module) => ({ default: module.Toaster })))

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** Renders the Toaster (top-centre, as `Toaster`) once a deferred toast has been asked for; nothing before. */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  )
  return wanted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
