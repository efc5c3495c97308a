// How the group screens word results for a person (SPEC §8's texts) and the few numbers they compute. Pure, so the
// unit tests pin them without a browser.
import { formatDateTime, type DateLike } from '@/lib/dates'

export type Channel = 'sms' | 'email'

const WHAT: Record<Channel, string> = { sms: 'SMS', email: 'Email' }

/** SPEC §5/§9: the test-user amount is clamped into 1–40; anything that is no number is the default 15. */
export const TEST_USERS = { min: 1, max: 40, default: 15 } as const

export function clampTestUsers(value: string | number): number {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)
  if (!Number.isFinite(n)) return TEST_USERS.default
  return Math.min(TEST_USERS.max, Math.max(TEST_USERS.min, Math.round(n)))
}

/** SPEC §5: users per subgroup is a whole number of at least 1; null while it is not (Assign stays disabled). */
export function usersPerSubgroup(value: string): number | null {
  const n = value.trim() === '' ? Number.NaN : Number(value)
  return Number.isInteger(n) && n >= 1 ? n : null
}

/**
 * SPEC §8 "Assignment notices by status", used for every per-member send: 500 and 502 say to try again later,
 * 400 names the missing phone or e-mail; any other failure is 'Failed to send SMS' / 'Failed to send Email'.
 * The server's own text goes underneath when it says more.
 */
export function sendFailure(channel: Channel, status: number, serverText: string): { title: string; description?: string } {
  const what = WHAT[channel]
  const title =
    status === 500
      ? `Failed to send ${what}, please try again later`
      : status === 502
        ? `Problems to send ${what}, please try again later`
        : status === 400
          ? channel === 'sms'
            ? 'Failed to send SMS, invalid Phone'
            : 'Failed to send Email, user does not have an email address'
          : `Failed to send ${what}`
  const extra = serverText.trim()
  return extra && extra !== title ? { title, description: extra } : { title }
}

export const sentText = (channel: Channel, name: string) => `${WHAT[channel]} sent to ${name}`

export const timeOf = (value: DateLike) => (value ? new Date(value).getTime() : Number.NaN)

/** PRODUCT §6: "Already sent to 12 on Mar 5, 2026, 2:05 PM". */
export function alreadySentText(alreadySent: number, sentAt: DateLike, locale?: string): string {
  const when = formatDateTime(sentAt, locale)
  return `Already sent to ${alreadySent.toLocaleString(locale)}${when ? ` on ${when}` : ''}`
}

/** SPEC §8 bulk results: 'Failed to send n SMS messages of total'. */
export const bulkFailureTitle = (channel: Channel, failed: number, total: number) =>
  `Failed to send ${failed} ${WHAT[channel]} messages of ${total}`

export type OutboxCounts = {
  queued: number
  sending: number
  sent: number
  kept: number
  delivered: number
  undelivered: number
  failed: number
  skipped: number
  unknown: number
}

/**
 * A blast's progress as the admin reads it: waiting, sent, kept in the outbox (no provider), failed, unknown (cut
 * off by a crash), of the members it goes to; the skipped ones are counted apart, so "Sending… 0 of 2" follows a
 * preview of 2 recipients, not the group's size.
 */
export function blastProgress(counts: OutboxCounts, total: number) {
  const waiting = counts.queued + counts.sending
  const sent = counts.sent + counts.delivered
  const kept = counts.kept
  const failed = counts.failed + counts.undelivered
  const finished = sent + kept + failed + counts.unknown
  const of = Math.max(total - counts.skipped, finished + waiting)
  return {
    waiting,
    sent,
    kept,
    failed,
    skipped: counts.skipped,
    unknown: counts.unknown,
    finished,
    total: of,
    percent: of > 0 ? Math.round((finished / of) * 100) : 100,
  }
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`
