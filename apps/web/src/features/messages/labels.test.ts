import { describe, expect, test } from 'bun:test'

import { formatWhen, kindLabel, statusHint, statusOf } from '@/features/messages/labels'
import { formatDateTime } from '@/lib/dates'

describe('statusOf', () => {
  test('names each state and its tone', () => {
    expect(statusOf({ status: 'sent', retrying: false })).toEqual({ label: 'Sent', tone: 'good' })
    expect(statusOf({ status: 'delivered', retrying: false })).toEqual({ label: 'Delivered', tone: 'good' })
    expect(statusOf({ status: 'undelivered', retrying: false })).toEqual({ label: 'Undelivered', tone: 'bad' })
    expect(statusOf({ status: 'failed', retrying: false })).toEqual({ label: 'Failed', tone: 'bad' })
    expect(statusOf({ status: 'unknown', retrying: false })).toEqual({ label: 'Unknown', tone: 'warning' })
    expect(statusOf({ status: 'skipped', retrying: false })).toEqual({ label: 'Skipped', tone: 'muted' })
    expect(statusOf({ status: 'queued', retrying: false })).toEqual({ label: 'Queued', tone: 'waiting' })
    // Issue 21: a message kept in the outbox (no provider) is never shown as sent.
    expect(statusOf({ status: 'kept', retrying: false })).toEqual({ label: 'Kept in outbox', tone: 'info' })
  })

  test("'kept' says which provider is missing", () => {
    expect(statusHint({ status: 'kept', channel: 'sms' })).toBe('Kept in the outbox — no SMS provider configured: it went to nobody')
    expect(statusHint({ status: 'kept', channel: 'email' })).toBe('Kept in the outbox — no e-mail provider configured: it went to nobody')
    expect(statusHint({ status: 'sent', channel: 'sms' })).toBe('Handed to the provider')
  })

  test('a queued message whose last attempt failed is retrying', () => {
    expect(statusOf({ status: 'queued', retrying: true })).toEqual({ label: 'Retrying', tone: 'warning' })
  })

  test('a state this view does not know yet is shown as it is', () => {
    expect(statusOf({ status: 'bounced', retrying: false }).label).toBe('bounced')
  })
})

test('kindLabel names known kinds and leaves others as they are', () => {
  expect(kindLabel('invite-sms')).toBe('Invitation SMS')
  expect(kindLabel('assignment-email')).toBe('Assignment e-mail')
  expect(kindLabel('carrier-pigeon')).toBe('carrier-pigeon')
})

test('formatWhen shows a date and time as the other screens do, and a dash for none', () => {
  expect(formatWhen(null)).toBe('—')
  expect(formatWhen('not a date')).toBe('—')
  const when = new Date(2026, 10, 24, 23, 50)
  expect(formatWhen(when)).toBe(formatDateTime(when))
  expect(formatWhen(when.toISOString())).toBe(formatDateTime(when))
  expect(formatWhen(when)).toContain('2026')
})
