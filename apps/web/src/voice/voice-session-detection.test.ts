// Issue 23: a staff page's pick of detector (server or semantic VAD) against a fake relay (voice/session-test-kit.ts).
import { describe, expect, test } from 'bun:test'
import type { BrowserEvent, TurnDetection } from '@hearth/protocol'

import { detectionFor, shownDetection } from '@/voice/turn-detection'
import { hearthSession, until, useFakeRelay } from '@/voice/session-test-kit'

const { fake, start } = useFakeRelay()
const update = (turn_detection: TurnDetection): BrowserEvent => ({
  type: 'session.update',
  session: { type: 'realtime', audio: { input: { turn_detection } } },
})
const semanticHigh = { type: 'semantic_vad', eagerness: 'high' } as const

describe('VoiceSession detection', () => {
  test('a pick goes to the live session at once; push-to-talk and back restores the pick, not the start value', async () => {
    const { session } = start()
    await session.connect()
    session.setDetection(semanticHigh)
    await until(() => fake.received.length === 1)
    expect(fake.received[0]).toEqual(update(semanticHigh))
    await session.setTurnMode('manual')
    await session.setTurnMode('server_vad')
    await until(() => fake.received.length === 3)
    expect(fake.received.slice(1)).toEqual([update(null), update(semanticHigh)])
  })

  test('picked before connecting: sent once the session starts; in manual turns it waits for voice activity', async () => {
    const picked = start({ detection: semanticHigh })
    await picked.session.connect()
    await until(() => fake.received.length === 1)
    expect(fake.received[0]).toEqual(update(semanticHigh))
    await picked.session.disconnect()

    fake.received.length = 0
    const manual = start({ turnMode: 'manual' })
    await manual.session.connect()
    manual.session.setDetection(semanticHigh)
    await until(() => fake.received.length >= 1)
    await Bun.sleep(20)
    expect(fake.received).toEqual([update(null)])
  })

  test('what a pick means on each page, and what the select shows', () => {
    expect(detectionFor('console', 'server_vad')).toMatchObject({ type: 'server_vad', silence_duration_ms: 200 })
    expect(detectionFor('testing', 'server_vad')).toMatchObject({ type: 'server_vad', silence_duration_ms: 500 })
    expect(detectionFor('console', 'semantic_vad', 'low')).toEqual({ type: 'semantic_vad', eagerness: 'low' })
    expect(shownDetection(null, undefined)).toBeNull()
    expect(shownDetection(null, hearthSession.turnDetection)).toEqual(hearthSession.turnDetection)
    expect(shownDetection(semanticHigh, hearthSession.turnDetection)).toEqual(semanticHigh)
  })
})
