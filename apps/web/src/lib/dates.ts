// The one way the app words a date for a person: medium date (and short time) in the reader's own locale and time
// zone — "Mar 5, 2026, 2:05 PM" for an American reader, "5 Mar 2026, 14:05" for a British one. Every screen that
// shows a date uses these, so the same moment never reads two ways.

/** A date as the typed client hands it over: ISO strings arrive as Date objects, while their type says string. */
export type DateLike = string | Date | null | undefined

// Intl formatters are costly to build and a table shows a hundred rows: one of each per locale.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(key: string, locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let format = formatters.get(`${key}:${locale}`)
  if (!format) formatters.set(`${key}:${locale}`, (format = new Intl.DateTimeFormat(locale, options)))
  return format
}

const toDate = (value: DateLike) => {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "Mar 5, 2026, 2:05 PM" in the reader's locale; '' for no date. */
export function formatDateTime(value: DateLike, locale?: string): string {
  const date = toDate(value)
  return date ? formatter('dt', locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : ''
}

/** "Mar 5, 2026" in the reader's locale; '' for no date. */
export function formatDate(value: DateLike, locale?: string): string {
  const date = toDate(value)
  return date ? formatter('d', locale, { dateStyle: 'medium' }).format(date) : ''
}

/** "Dec 3" / "3 Dec" in the reader's locale, for a compact table cell; '' for no date. */
export function formatDayMonth(value: DateLike, locale?: string): string {
  const date = toDate(value)
  return date ? formatter('dm', locale, { day: 'numeric', month: 'short' }).format(date) : ''
}
