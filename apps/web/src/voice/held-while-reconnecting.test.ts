import { describe, expect, test } from 'bun:test'

import { HeldWhileReconnecting } from '@/voice/held-while-reconnecting'

const turnDetection = (type: 'server_vad' | null) =>
  ({
    type: 'session.update',
    session: { type: 'realtime', audio: { input: { turn_detection: type === null ? null : { type } } } },
  }) as const

describe('HeldWhileReconnecting', () => {
  test('settings are merged, the latest turn detection wins, typed turns keep their order', () => {
    const held = new HeldWhileReconnecting()
    expect(held.hold({ type: 'hearth.settings', reminder: true })).toBe(true)
    expect(held.hold(turnDetection(null))).toBe(true)
    expect(held.hold({ type: 'hearth.settings', reminder: false })).toBe(true)
    expect(held.hold(turnDetection('server_vad'))).toBe(true)
    held.holdText('one')
    held.holdText('two')
    expect(held.take()).toEqual({
      events: [{ type: 'hearth.settings', reminder: false }, turnDetection('server_vad')],
      texts: ['one', 'two'],
    })
    // Taken once.
    expect(held.take()).toEqual({ events: [], texts: [] })
  })

  test('what belongs to the moment is not held', () => {
    const held = new HeldWhileReconnecting()
    expect(held.hold({ type: 'input_audio_buffer.commit' })).toBe(false)
    expect(held.hold({ type: 'input_audio_buffer.clear' })).toBe(false)
    expect(held.hold({ type: 'response.cancel' })).toBe(false)
    expect(held.hold({ type: 'response.create' })).toBe(false)
    expect(held.hold({ type: 'conversation.item.truncate', item_id: 'i', content_index: 0, audio_end_ms: 10 })).toBe(false)
    expect(held.take()).toEqual({ events: [], texts: [] })
  })

  test('clear drops everything', () => {
    const held = new HeldWhileReconnecting()
    held.hold({ type: 'hearth.settings', reminder: true })
    held.holdText('lost')
    held.clear()
    expect(held.take()).toEqual({ events: [], texts: [] })
  })
})
