// SPEC §9's toast durations, apart from the toast code itself so a page that downloads sonner late (the user
// page's deferred toasts) shows its toasts for the same times as every other screen.

/** SPEC §9 toast durations, in milliseconds. */
export const TOAST_MS = {
  default: 3_000,
  short: 1_200,
  assignment: 7_000,
  feedbackError: 4_500,
} as const

/** SPEC §9: a bulk-failure toast stays 3 s per failure plus 1 s. */
export const bulkFailureMs = (failureCount: number) => 3_000 * Math.max(1, failureCount) + 1_000
