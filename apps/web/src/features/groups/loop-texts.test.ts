import { describe, expect, test } from 'bun:test'

import { askedText, countText, delayDays, loopAskText, rateText } from '@/features/groups/loop-texts'

const ask = {
  lastAskedAt: '2026-12-03T12:00:00.000Z',
  askCount: 1,
  channel: 'sms' as const,
  answer: null,
  answeredAt: null,
}

describe("a member's met question in the members table", () => {
  test('not asked, asked (with channel and repeats), answered', () => {
    expect(loopAskText(null)).toBe('—')
    expect(loopAskText(ask, 'en-GB')).toBe('Asked 3 Dec · SMS')
    expect(loopAskText({ ...ask, channel: 'email', askCount: 2 }, 'en-GB')).toBe('Asked 3 Dec · e-mail (×2)')
    expect(loopAskText({ ...ask, answer: 'yes', answeredAt: new Date('2026-12-05T12:00:00Z') }, 'en-GB')).toBe('Yes · 5 Dec')
    expect(loopAskText({ ...ask, answer: 'no', answeredAt: '2026-12-06T12:00:00Z' }, 'en-US')).toBe('No · Dec 6')
    expect(loopAskText({ ...ask, answer: 'later', answeredAt: '2026-12-06T12:00:00Z' }, 'en-GB')).toBe('Later · 6 Dec')
  })
})

describe('the group numbers and the asking', () => {
  test('hidden counts read "fewer than 5"; rates are whole percents', () => {
    expect([null, 0, 7, 1234].map(countText)).toEqual(['fewer than 5', '0', '7', '1,234'])
    expect([null, 0, 0.5, 2 / 3].map(rateText)).toEqual(['', '0%', '50%', '67%'])
  })

  test('the toast says how many were asked, or that nobody was left to ask', () => {
    expect(askedText(1, 'met')).toBe('Asked 1 member')
    expect(askedText(12, 'met_again')).toBe('Asked 12 members')
    expect(askedText(0, 'met')).toBe('Everyone told has been asked already')
  })

  test('a delay is a whole number of days from 0 to 365', () => {
    expect(['0', '7', ' 30 ', '365'].map(delayDays)).toEqual([0, 7, 30, 365])
    expect(['', '-1', '366', '2.5', 'abc'].map(delayDays)).toEqual([null, null, null, null, null])
  })
})
