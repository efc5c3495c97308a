// Toasts for the end user's page: the same SPEC §9 durations as lib/notify.ts, shown through the deferred
// toaster, which downloads sonner with the first toast instead of with the page (its JS budget).
import { deferredToast } from '@hearth/ui/components/deferred-toaster'

import { TOAST_MS } from '@/lib/toast-durations'

type Options = { description?: string; durationMs?: number }

const show =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options: Options = {}): void =>
    deferredToast[kind](message, { description: options.description, duration: options.durationMs ?? TOAST_MS.default })

export const deferredNotify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
}
