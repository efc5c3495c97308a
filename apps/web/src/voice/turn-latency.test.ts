import { describe, expect, test } from 'bun:test'

import { summarizeTurnLatency, TurnLatencyTracker } from '@/voice/turn-latency'

describe('TurnLatencyTracker', () => {
  test('the first item played after a turn ends answers it, split at the first audio delta', () => {
    const turns = new TurnLatencyTracker()
    turns.turnEnded(1000, 'speech')
    turns.audioReceived('a', 1300)
    turns.audioReceived('a', 1340)
    expect(turns.audioPlayed('a', 1420)).toEqual({ itemId: 'a', cause: 'speech', totalMs: 420, toFirstAudioMs: 300, playoutMs: 120 })
    // Answered once: the same or another item starting later is not a new turn.
    expect(turns.audioPlayed('b', 1500)).toBeNull()
  })

  test('speaking again before an answer played cancels the pending turn; a later end replaces an earlier one', () => {
    const turns = new TurnLatencyTracker()
    turns.turnEnded(1000, 'speech')
    turns.turnResumed()
    expect(turns.audioPlayed('a', 1200)).toBeNull()
    turns.turnEnded(2000, 'speech')
    turns.turnEnded(2500, 'push-to-talk')
    expect(turns.audioPlayed('b', 2600)).toMatchObject({ cause: 'push-to-talk', totalMs: 100, toFirstAudioMs: null, playoutMs: null })
  })

  test('an item whose audio was already arriving before the turn ended does not answer it', () => {
    const turns = new TurnLatencyTracker()
    turns.audioReceived('old', 900)
    turns.turnEnded(1000, 'text')
    expect(turns.audioPlayed('old', 1100)).toBeNull()
    turns.audioReceived('new', 1150)
    expect(turns.audioPlayed('new', 1180)).toMatchObject({ itemId: 'new', cause: 'text', totalMs: 180 })
  })

  test('a played time before the turn end or the delta (clock error) is clamped, never negative', () => {
    const turns = new TurnLatencyTracker()
    turns.turnEnded(1000, 'greeting')
    turns.audioReceived('a', 1050)
    expect(turns.audioPlayed('a', 1040)).toMatchObject({ totalMs: 50, toFirstAudioMs: 50, playoutMs: 0 })
  })

  test('reset forgets the pending turn', () => {
    const turns = new TurnLatencyTracker()
    turns.turnEnded(1000, 'speech')
    turns.reset()
    expect(turns.audioPlayed('a', 1100)).toBeNull()
  })
})

describe('summarizeTurnLatency', () => {
  test('p50 and p95 of the turns; none gives nulls', () => {
    expect(summarizeTurnLatency([])).toEqual({ count: 0, p50Ms: null, p95Ms: null })
    const figures = [400, 100, 300, 200, 500].map((totalMs) => ({ totalMs }))
    expect(summarizeTurnLatency(figures)).toEqual({ count: 5, p50Ms: 300, p95Ms: 480 })
  })
})
