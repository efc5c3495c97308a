// Every toast of the web app goes through here, so SPEC §9's durations live in one place (toasts sit top-centre:
// the Toaster in packages/ui). Sonner is the toast library; screens never call it directly.
import { toast } from 'sonner'

/** SPEC §9 toast durations, in milliseconds. */
export const TOAST_MS = {
  default: 3_000,
  short: 1_200,
  assignment: 7_000,
  feedbackError: 4_500,
} as const

/** SPEC §9: a bulk-failure toast stays 3 s per failure plus 1 s. */
export const bulkFailureMs = (failureCount: number) => 3_000 * Math.max(1, failureCount) + 1_000

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
