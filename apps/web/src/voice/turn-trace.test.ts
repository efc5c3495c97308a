import { describe, expect, test } from 'bun:test'
import type { HearthTurnTiming, HearthTurnTrace } from '@hearth/protocol'

import { pageShares, type TurnTraceBar, TurnTraceJoin } from '@/voice/turn-trace'

const trace = (turnId: string, report = false): HearthTurnTrace => ({
  type: 'hearth.turn_trace',
  turnId,
  relayMs: 2,
  providerMs: 610,
  promptName: 'welcome',
  version: 3,
  report,
})

describe('pageShares', () => {
  test('a spoken turn: capture from the frames’ median, socket from the ping round trip, playback measured', () => {
    expect(pageShares({ cause: 'speech', playoutMs: 25.04 }, { captureToSendMs: 3.26, roundTripMs: 37 })).toEqual({
      captureMs: 3.3,
      socketMs: 37,
      playbackMs: 25,
    })
  })

  test('a typed turn has no capture share; unknown figures count as nothing rather than guesses', () => {
    expect(pageShares({ cause: 'text', playoutMs: 12 }, { captureToSendMs: 4, roundTripMs: null })).toEqual({
      captureMs: 0,
      socketMs: 0,
      playbackMs: 12,
    })
    expect(pageShares({ cause: 'push-to-talk', playoutMs: null }, { captureToSendMs: null, roundTripMs: 20 })).toEqual({
      captureMs: 0,
      socketMs: 20,
      playbackMs: 0,
    })
  })
})

describe('TurnTraceJoin', () => {
  function join() {
    const joined: [TurnTraceBar, HearthTurnTiming | null][] = []
    return { joined, traces: new TurnTraceJoin((bar, timing) => joined.push([bar, timing])) }
  }
  const shares = { captureMs: 3, socketMs: 37, playbackMs: 25 }

  test('the relay’s trace and the page’s shares of the same item join, in either order, into numbered bars', () => {
    const { joined, traces } = join()
    traces.relayed(trace('item_a'))
    expect(joined).toEqual([])
    traces.played('item_a', shares)
    traces.played('item_b', { captureMs: 0, socketMs: 30, playbackMs: 10 })
    traces.relayed(trace('item_b'))
    expect(joined.map(([bar]) => bar)).toEqual([
      { turnId: 'item_a', turn: 1, browserMs: 40, relayMs: 2, providerMs: 610, playbackMs: 25 },
      { turnId: 'item_b', turn: 2, browserMs: 30, relayMs: 2, providerMs: 610, playbackMs: 10 },
    ])
    // The relay does not export: nothing goes back to it.
    expect(joined.map(([, timing]) => timing)).toEqual([null, null])
  })

  test('when the relay exports, the page’s shares go back with the turn’s id', () => {
    const { joined, traces } = join()
    traces.relayed(trace('item_a', true))
    traces.played('item_a', shares)
    expect(joined[0][1]).toEqual({ type: 'hearth.turn_timing', turnId: 'item_a', ...shares })
  })

  test('an item played with no relay trace (the greeting) joins nothing; reset forgets half-joined turns', () => {
    const { joined, traces } = join()
    traces.played('greeting', shares)
    traces.relayed(trace('item_a'))
    traces.reset()
    traces.played('item_a', shares)
    expect(joined).toEqual([])
  })
})
