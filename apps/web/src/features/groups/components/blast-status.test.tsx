// A blast's progress as the admin reads it, rendered to static HTML: counted from the preview's numbers, 'Kept in
// outbox' apart from 'Sent', and after a crash the offer to reach only the members whose outcome is unknown.
import { expect, test } from 'bun:test'
import { renderToStaticMarkup } from 'react-dom/server'

import type { Blast } from '@/features/groups/blast-api'
import { BlastStatus } from '@/features/groups/components/blast-status'

const none = { queued: 0, sending: 0, sent: 0, kept: 0, delivered: 0, undelivered: 0, failed: 0, skipped: 0, unknown: 0 }
const blast = (over: Partial<Blast>): Blast => ({
  campaignId: 'c1',
  groupId: 'g1',
  kind: 'invite-sms',
  total: 15,
  counts: none,
  done: false,
  failures: [],
  skipped: [],
  retrying: 0,
  startedAt: '2026-11-28T01:00:00.000Z',
  finishedAt: null,
  ...over,
})
const text = (b: Blast) => renderToStaticMarkup(<BlastStatus blast={b} onStarted={() => {}} />).replace(/<[^>]+>/g, ' ')

test('a blast to 2 of 15 members starts at "Sending… 0 of 2", the skipped counted apart', () => {
  const html = text(blast({ counts: { ...none, queued: 2, skipped: 13 } }))
  expect(html).toContain('Sending… 0 of 2')
  expect(html).toMatch(/Skipped\s+13/)
  expect(html).not.toContain('whose outcome is unknown')
})

test('with no provider the messages are kept in the outbox, never counted as sent', () => {
  const html = text(blast({ counts: { ...none, kept: 2, skipped: 13 }, done: true, finishedAt: '2026-11-28T01:01:00.000Z' }))
  expect(html).toMatch(/Sent\s+0/)
  expect(html).toMatch(/Kept in outbox\s+2/)
  expect(html).toContain('no SMS provider configured')
})

test('after a crash a finished blast offers to reach only the members whose outcome is unknown', () => {
  const done = { done: true, finishedAt: '2026-11-28T01:01:00.000Z' }
  expect(text(blast({ ...done, counts: { ...none, sent: 1, unknown: 2 } }))).toContain('Send to the 2 members whose outcome is unknown')
  // Still running, or nothing unknown: no such offer.
  expect(text(blast({ counts: { ...none, sending: 1, unknown: 2 } }))).not.toContain('whose outcome is unknown')
  expect(text(blast({ ...done, counts: { ...none, sent: 3 } }))).not.toContain('whose outcome is unknown')
})
