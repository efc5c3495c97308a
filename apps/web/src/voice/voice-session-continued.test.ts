// The relay renews its upstream session on the same connection (issue 23, hearth.continued in
// packages/protocol/src/hearth.ts): the page stops the cut answer without truncating it (its items went with that
// session), stays connected, keeps sending, and says what happened in plain words.
import { describe, expect, test } from 'bun:test'
import type { HearthContinued } from '@hearth/protocol'

import { continuedMessage } from '@/voice/errors'
import { until, useFakeRelay } from '@/voice/session-test-kit'

const { fake, start } = useFakeRelay()

const continued = (phase: HearthContinued['phase'], cause: HearthContinued['cause']): HearthContinued => ({
  type: 'hearth.continued',
  phase,
  cause,
  summarised: true,
})

const delta = (itemId: string) => ({
  type: 'response.output_audio.delta',
  response_id: 'resp_1',
  item_id: itemId,
  output_index: 0,
  content_index: 0,
  delta: 'AAAA',
})

describe('VoiceSession when the relay renews its upstream session', () => {
  test('a cut: playback stops, nothing is cancelled or truncated, the conversation goes on over the same socket', async () => {
    const heard: HearthContinued[] = []
    const { session, audio, statuses } = start({ listener: { onContinued: (event) => heard.push(event) } })
    await session.connect()
    fake.emit({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } })
    fake.emit(delta('item_a'))
    await until(() => audio.log.includes('append item_a'))
    audio.playing('item_a', 24 * 350)
    fake.received = []

    fake.emit(continued('restarting', 'session_expired'))
    await until(() => audio.log.includes('interrupt'))
    // A late delta of the cut item is not played.
    fake.emit(delta('item_a'))
    fake.emit(continued('continued', 'session_expired'))
    await until(() => heard.length === 2)
    expect(audio.log.filter((line) => line === 'append item_a')).toHaveLength(1)
    expect(session.status).toBe('connected')
    expect(statuses).not.toContain('reconnecting')

    session.sendUserText('Are you there?')
    await until(() => fake.sentTypes().includes('response.create'))
    await Bun.sleep(30)
    expect(fake.sentTypes()).toEqual(['conversation.item.create', 'response.create'])
    expect(session.stats()).toMatchObject({ cancelsSent: 0, truncatesSent: 0 })
    expect(fake.sockets).toHaveLength(1)
  })

  test('a rotation changes nothing the person hears', async () => {
    const heard: HearthContinued[] = []
    const { session, audio } = start({ listener: { onContinued: (event) => heard.push(event) } })
    await session.connect()
    fake.emit(continued('continued', 'rotation'))
    await until(() => heard.length === 1)
    expect(audio.log).not.toContain('interrupt')
  })

  test('the words: once at the cut, plain for members, with the cause for staff, nothing for a rotation', () => {
    expect(continuedMessage(continued('restarting', 'connection_lost'), true)).toBe(
      'The line cut out for a moment. We are reconnecting, and you can carry on where you left off.',
    )
    expect(continuedMessage(continued('restarting', 'session_expired'), false)).toBe(
      'The voice service session reached its time limit. A new one continues the conversation from a summary.',
    )
    expect(continuedMessage(continued('continued', 'session_expired'), true)).toBeNull()
    expect(continuedMessage(continued('continued', 'rotation'), false)).toBeNull()
  })
})
