// How the Insights screen words the loop's numbers (PRODUCT §11).
import type { FunnelStep } from '@/features/insights/api'

export const STEP_LABELS: Record<FunnelStep['step'], string> = {
  invited: 'Invited',
  opened: 'Opened the link',
  talked: 'Talked',
  profiled: 'Profile written',
  assigned: 'Assigned',
  told: 'Told',
  met: 'Met',
  met_again: 'Met again',
}

/** Lower-case, for sentences ("between told and met"). */
export const stepWord = (step: FunnelStep['step']) => STEP_LABELS[step].toLowerCase()

/** A count the server withheld (1 to 4 members) reads as this. */
export const FEWER_THAN_FIVE = 'fewer than 5'

export const formatCount = (count: number | null) => (count === null ? FEWER_THAN_FIVE : count.toLocaleString('en-US'))

export const formatRate = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`)

/** Hours as a person reads them: under two days in hours, else days. */
export function formatHours(hours: number | null) {
  if (hours === null) return '—'
  if (Math.abs(hours) < 48) return `${hours.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`
  return `${(hours / 24).toLocaleString('en-US', { maximumFractionDigits: 1 })} days`
}
