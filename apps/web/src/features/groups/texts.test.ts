import { describe, expect, test } from 'bun:test'

import {
  alreadySentText,
  blastProgress,
  bulkFailureTitle,
  clampTestUsers,
  sendFailure,
  sentText,
  usersPerSubgroup,
} from '@/features/groups/texts'

describe('clampTestUsers (SPEC §5: 1 to 40, default 15)', () => {
  test('clamps, rounds, and falls back to 15', () => {
    expect([0, -3, 1, 15, 40, 41, 999].map(clampTestUsers)).toEqual([1, 1, 1, 15, 40, 40, 40])
    expect(['', ' ', 'abc', '2.4', ' 7 '].map(clampTestUsers)).toEqual([15, 15, 15, 2, 7])
    expect(clampTestUsers(Number.NaN)).toBe(15)
  })
})

test('usersPerSubgroup: a whole number of at least 1, else null', () => {
  expect(['1', '5', ' 12 '].map(usersPerSubgroup)).toEqual([1, 5, 12])
  expect(['', '0', '-2', '1.5', 'x'].map(usersPerSubgroup)).toEqual([null, null, null, null, null])
})

describe('sendFailure (SPEC §8 by status)', () => {
  test('500, 502 and 400 for SMS and Email', () => {
    expect(sendFailure('sms', 500, '').title).toBe('Failed to send SMS, please try again later')
    expect(sendFailure('email', 500, '').title).toBe('Failed to send Email, please try again later')
    expect(sendFailure('sms', 502, 'Twilio said no')).toEqual({
      title: 'Problems to send SMS, please try again later',
      description: 'Twilio said no',
    })
    expect(sendFailure('email', 502, '').title).toBe('Problems to send Email, please try again later')
    expect(sendFailure('sms', 400, 'Failed to send SMS, invalid Phone')).toEqual({ title: 'Failed to send SMS, invalid Phone' })
    expect(sendFailure('email', 400, 'x').title).toBe('Failed to send Email, user does not have an email address')
  })
  test('other statuses keep the plain text with the server reason', () => {
    expect(sendFailure('sms', 409, 'Ada has opted out')).toEqual({ title: 'Failed to send SMS', description: 'Ada has opted out' })
    expect(sendFailure('email', 404, 'User not found')).toEqual({ title: 'Failed to send Email', description: 'User not found' })
  })
})

test('success, already-sent and bulk texts', () => {
  expect(sentText('sms', 'Ada')).toBe('SMS sent to Ada')
  expect(sentText('email', 'Ada')).toBe('Email sent to Ada')
  expect(alreadySentText(12, '2026-03-05T14:05:00Z', 'en-US')).toMatch(/^Already sent to 12 on Mar 5, 2026, \d{1,2}:05 (AM|PM)$/)
  expect(alreadySentText(1, null)).toBe('Already sent to 1')
  expect(bulkFailureTitle('sms', 2, 40)).toBe('Failed to send 2 SMS messages of 40')
  expect(bulkFailureTitle('email', 1, 3)).toBe('Failed to send 1 Email messages of 3')
})

test('blastProgress folds the outbox states into what the admin reads, of the members it goes to', () => {
  const counts = { queued: 3, sending: 1, sent: 4, kept: 0, delivered: 2, undelivered: 1, failed: 1, skipped: 2, unknown: 1 }
  expect(blastProgress(counts, 15)).toEqual({
    waiting: 4,
    sent: 6,
    kept: 0,
    failed: 2,
    skipped: 2,
    unknown: 1,
    finished: 9,
    total: 13,
    percent: 69,
  })
  const none = { queued: 0, sending: 0, sent: 0, kept: 0, delivered: 0, undelivered: 0, failed: 0, skipped: 0, unknown: 0 }
  expect(blastProgress(none, 0).percent).toBe(100)
  // Issue 21: a preview of 2 recipients of 15 starts at "0 of 2", not "0 of 15".
  expect(blastProgress({ ...none, queued: 2, skipped: 13 }, 15)).toMatchObject({ finished: 0, total: 2, skipped: 13 })
  // With no provider the messages are kept, not sent.
  expect(blastProgress({ ...none, kept: 2, skipped: 13 }, 15)).toMatchObject({ sent: 0, kept: 2, finished: 2, total: 2, percent: 100 })
})

test('dates may arrive as Date objects (the typed client parses ISO strings)', () => {
  const iso = '2026-03-05T14:05:00.000Z'
  expect(alreadySentText(2, new Date(iso), 'en-US')).toBe(alreadySentText(2, iso, 'en-US'))
})
