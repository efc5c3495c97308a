import { describe, expect, test } from 'bun:test'

import { formatMinutes, moduleBars, revokedText, visibleGroups } from '@/features/admin-users/format'

describe('minutes for a person', () => {
  test('minutes keep at most one decimal', () => {
    expect(formatMinutes(12.46, 'en-US')).toBe('12.5')
    expect(formatMinutes(1204, 'en-US')).toBe('1,204')
    expect(formatMinutes(0, 'en-US')).toBe('0')
    expect(formatMinutes(Number.NaN, 'en-US')).toBe('0')
  })
})

describe('moduleBars', () => {
  test('most minutes first, as a share of the longest; empty modules left out', () => {
    expect(
      moduleBars([
        { moduleName: 'Hobbies', duration: 10 },
        { moduleName: 'Get to Know You', duration: 20 },
        { moduleName: 'Check In', duration: 0 },
        { moduleName: 'Aside', duration: 10 },
      ]),
    ).toEqual([
      { moduleName: 'Get to Know You', minutes: 20, percent: 100 },
      { moduleName: 'Aside', minutes: 10, percent: 50 },
      { moduleName: 'Hobbies', minutes: 10, percent: 50 },
    ])
  })

  test('a tiny module still shows a sliver; no sessions, no bars', () => {
    expect(
      moduleBars([
        { moduleName: 'Long', duration: 600 },
        { moduleName: 'Short', duration: 0.1 },
      ])[1].percent,
    ).toBe(2)
    expect(moduleBars([])).toEqual([])
  })
})

test('visibleGroups: the first 2 memberships and how many more', () => {
  expect(visibleGroups(['a', 'b', 'c', 'd'])).toEqual({ visible: ['a', 'b'], more: 2 })
  expect(visibleGroups(['a'])).toEqual({ visible: ['a'], more: 0 })
  expect(visibleGroups([])).toEqual({ visible: [], more: 0 })
})

describe('what revoking did', () => {
  test('links, sign-ins and live voice sessions, each counted in words', () => {
    expect(revokedText({ revoked: 1, signedOut: 2, liveSessionsEnded: 0 })).toBe(
      '1 personal link revoked · 2 sign-ins ended · 0 live voice sessions ended',
    )
    expect(revokedText({ revoked: 0, signedOut: 1, liveSessionsEnded: 1 })).toBe(
      '0 personal links revoked · 1 sign-in ended · 1 live voice session ended',
    )
  })
})
