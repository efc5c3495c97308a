// The words a run is shown with, in one place: progress, status, provider and judge, pass rates, money and time.
import type { AttemptStatus, RunJudge, RunProgress, RunProvider, RunStatus } from '@/features/testing/runs-api'

/** "12 of 60" (attempts done of all attempts). */
export const progressText = ({ done, total }: RunProgress) => `${done} of ${total}`

/** 0–100, for a progress bar; an empty run counts as complete. */
export const progressPercent = ({ done, total }: RunProgress) => (total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 100)

export const STATUS_LABELS: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
}

export const ATTEMPT_LABELS: Record<AttemptStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
}

/** Who played the assistant and who judged: "Local provider — judged by keywords". */
export function providerLabel(provider: RunProvider, judge?: RunJudge) {
  const who = provider === 'local' ? 'Local provider' : 'OpenAI'
  // The list of runs does not say who judged; the local provider always judges by keywords (PRODUCT §10).
  const how = judge ?? (provider === 'local' ? 'keywords' : undefined)
  if (!how) return who
  return `${who} — judged by ${how === 'keywords' ? 'keywords' : 'the model'}`
}

/** "2 of 3 passed". */
export const passRateText = (passes: number, runs: number) => `${passes} of ${runs} passed`

/** The case's threshold (the share of repeats that must pass, 0–1) in words: "needs 3 of 3". */
export const thresholdText = (threshold: number, repeats: number) => `needs ${Math.ceil(threshold * repeats - 1e-9)} of ${repeats}`

export const formatMs = (ms: number | null) => (ms === null ? '—' : ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`)

export { formatUsd } from '@/lib/money'

/** "38%" of a share in 0–1; "—" when nothing ran. */
export const formatShare = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)
