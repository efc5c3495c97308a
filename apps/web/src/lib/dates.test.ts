import { expect, test } from 'bun:test'

import { formatDate, formatDateTime } from '@/lib/dates'

test('a date reads as medium date and short time in the reader’s locale; none is empty', () => {
  expect(formatDateTime('2026-03-05T14:05:00.000Z', 'en-US')).toMatch(/^Mar 5, 2026, \d{1,2}:05\s?[AP]M$/)
  expect(formatDateTime(new Date(2026, 2, 5, 14, 5), 'en-GB')).toBe('5 Mar 2026, 14:05')
  expect(formatDate('2026-03-05T14:05:00.000Z', 'en-GB')).toBe('5 Mar 2026')
  for (const nothing of [null, undefined, '', 'not a date']) {
    expect(formatDateTime(nothing, 'en-US')).toBe('')
    expect(formatDate(nothing, 'en-US')).toBe('')
  }
})
