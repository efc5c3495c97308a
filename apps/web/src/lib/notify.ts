// Every toast of the web app goes through here (the user page's through lib/deferred-notify.ts), with SPEC §9's
// durations from lib/toast-durations.ts (toasts sit top-centre: the Toaster in packages/ui). Sonner is the toast
// library; screens never call it directly.
import { toast } from 'sonner'

import { bulkFailureMs, TOAST_MS } from '@/lib/toast-durations'

export { bulkFailureMs, TOAST_MS }

type Options = { description?: string; durationMs?: number; id?: string | number }

const show =
  (kind: 'success' | 'error' | 'info' | 'warning') =>
  (message: string, options: Options = {}) =>
    toast[kind](message, {
      description: options.description,
      duration: options.durationMs ?? TOAST_MS.default,
      id: options.id,
    })

export const notify = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** A quick confirmation (copied, saved a setting): SPEC §9's short toast. */
  short: (message: string, options: Omit<Options, 'durationMs'> = {}) =>
    show('success')(message, { ...options, durationMs: TOAST_MS.short }),
  /** Partial failures of a bulk action: one line per failed item, 3 s per failure + 1 s. */
  bulkFailures: (message: string, failedLines: string[]) =>
    toast.warning(message, { description: failedLines.join('\n'), duration: bulkFailureMs(failedLines.length) }),
  dismiss: (id?: string | number) => toast.dismiss(id),
}
