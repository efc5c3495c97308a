// How the group detail words the community loop (PRODUCT §11): a member's met questions in one compact cell, the
// group's told → met → met again numbers with the k-rule's hidden counts, and the result of asking. Pure, so the
// unit tests pin them without a browser.
import { plural } from '@/features/groups/texts'
import { formatDayMonth, type DateLike } from '@/lib/dates'

export type LoopAskView = {
  lastAskedAt: DateLike
  askCount: number
  channel: 'sms' | 'email' | 'card'
  answer: 'yes' | 'no' | 'later' | null
  answeredAt: DateLike
}

const CHANNEL = { sms: 'SMS', email: 'e-mail', card: 'card' } as const
const ANSWER = { yes: 'Yes', no: 'No', later: 'Later' } as const

/** "—" not asked; "Asked 3 Dec · SMS" (×2 when asked twice); "Yes · 5 Dec" once answered. */
export function loopAskText(ask: LoopAskView | null, locale?: string): string {
  if (!ask) return '—'
  if (ask.answer) return `${ANSWER[ask.answer]} · ${formatDayMonth(ask.answeredAt, locale)}`
  const times = ask.askCount > 1 ? ` (×${ask.askCount})` : ''
  return `Asked ${formatDayMonth(ask.lastAskedAt, locale)} · ${CHANNEL[ask.channel]}${times}`
}

/** The k-rule (PRODUCT §11): a null count is 1 to 4 members, never shown as a number. */
export const countText = (count: number | null) => (count === null ? 'fewer than 5' : count.toLocaleString())

/** A share of the step before, as a whole percent; '' when it cannot be said. */
export const rateText = (rate: number | null) => (rate === null || !Number.isFinite(rate) ? '' : `${Math.round(rate * 100)}%`)

/** The toast after "Ask now": N asked, or why nobody was. */
export function askedText(asked: number, round: 'met' | 'met_again'): string {
  if (asked > 0) return `Asked ${plural(asked, 'member')}`
  return round === 'met' ? 'Everyone told has been asked already' : 'Everyone who met has been asked already'
}

/** A delay field: a whole number of days from 0 to 365, else null (Save stays off). */
export function delayDays(value: string): number | null {
  const n = value.trim() === '' ? Number.NaN : Number(value)
  return Number.isInteger(n) && n >= 0 && n <= 365 ? n : null
}
