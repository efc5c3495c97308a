import { expect, test } from 'bun:test'

import { alreadySentOf } from '@/features/groups/blast-api'

test('alreadySentOf reads the 409 of a repeat, whether sentAt arrives as text or as a Date', () => {
  const iso = '2026-03-05T14:05:00.000Z'
  for (const sentAt of [iso, new Date(iso)]) {
    const refused = alreadySentOf(409, { error: 'Already went out', alreadySent: 3, sentAt })
    expect(refused).toMatchObject({ message: 'Already went out', alreadySent: 3, sentAt: iso })
  }
  expect(alreadySentOf(409, { error: 'Ada has opted out' })).toBeNull()
  expect(alreadySentOf(409, { error: 'x', alreadySent: 0, sentAt: null })).toBeNull()
  expect(alreadySentOf(400, { error: 'x', alreadySent: 2, sentAt: iso })).toBeNull()
  expect(alreadySentOf(409, { alreadySent: 1, sentAt: null })).toMatchObject({ message: 'Already sent', sentAt: null })
})
