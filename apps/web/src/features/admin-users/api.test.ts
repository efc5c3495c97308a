import { describe, expect, test } from 'bun:test'

import { alreadySentOf, AlreadySentError, USER_SORT_KEYS } from '@/features/admin-users/api'
import { alreadySentText } from '@/features/admin-users/components/invite-buttons'
import { tableSearch } from '@/lib/search-params'

describe('a repeated invitation the server refuses (PRODUCT §6)', () => {
  test('409 with alreadySent and sentAt becomes an AlreadySentError', () => {
    const refused = alreadySentOf(409, { error: 'Already sent', alreadySent: 1, sentAt: '2026-03-05T14:05:00.000Z' })
    expect(refused).toBeInstanceOf(AlreadySentError)
    expect(refused).toMatchObject({ message: 'Already sent', alreadySent: 1, sentAt: '2026-03-05T14:05:00.000Z' })
    expect(alreadySentOf(409, { error: 'x', alreadySent: true, sentAt: null })).toMatchObject({ alreadySent: 1, sentAt: null })
  })

  test('any other answer is not a refused repeat (e.g. the 409 of a user who replied STOP)', () => {
    expect(alreadySentOf(409, { error: 'Ada has opted out of text messages (replied STOP); nothing was sent' })).toBeNull()
    expect(alreadySentOf(409, { error: 'x', alreadySent: 0 })).toBeNull()
    expect(alreadySentOf(400, { error: 'x', alreadySent: 2, sentAt: null })).toBeNull()
    expect(alreadySentOf(409, 'text')).toBeNull()
    expect(alreadySentOf(409, null)).toBeNull()
  })

  test('the question says what was sent, to whom, how often and when', () => {
    const once = new AlreadySentError('Already sent', 1, null)
    expect(alreadySentText({ channel: 'sms', error: once }, 'Ada')).toBe('An invitation SMS was already sent to Ada.')
    const twice = new AlreadySentError('Already sent', 2, '2026-03-05T14:05:00.000Z')
    expect(alreadySentText({ channel: 'email', error: twice }, 'Ada')).toMatch(
      /^An invitation e-mail was already sent to Ada 2 times, last on .*2026.*\.$/,
    )
  })
})

test('the URL accepts the server sort keys only', () => {
  const search = tableSearch(USER_SORT_KEYS)
  expect(search({ sort: 'totalDurationOfAllSections:desc', page: 2, q: ' ada ' })).toEqual({
    page: 2,
    sort: 'totalDurationOfAllSections:desc',
    q: 'ada',
  })
  expect(search({ sort: 'password:asc' })).toEqual({})
})
