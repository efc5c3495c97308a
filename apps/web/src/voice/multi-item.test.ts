// A reasoning model's answer in two items (a spoken preamble, then the final answer) through the voice kit's pure
// parts, on a recorded event sequence (multi-item-kit.ts): the conversation, barge-in truncation and turn latency.
import { describe, expect, test } from 'bun:test'
import type { BrowserEvent, ServerMessage } from '@hearth/protocol'

import { AssistantPlayback } from '@/voice/assistant-playback'
import type { VoiceAudio } from '@/voice/audio-engine'
import { emptyConversation, reduceConversation } from '@/voice/conversation'
import { ANSWER_ID, answer, PREAMBLE_ID, preamble, responseCreated, responseDone, twoItemResponse } from '@/voice/multi-item-kit'
import { TurnLatencyTracker } from '@/voice/turn-latency'
import { VoiceMetrics } from '@/voice/voice-metrics'

describe('the conversation of a two-item response', () => {
  test('both items in order, the preamble marked as such, each with its own words', () => {
    const state = twoItemResponse().reduce(reduceConversation, emptyConversation)
    expect(state.items).toEqual([
      { id: PREAMBLE_ID, type: 'message', role: 'assistant', status: 'completed', text: 'Let me think about that.', phase: 'commentary' },
      { id: ANSWER_ID, type: 'message', role: 'assistant', status: 'completed', text: 'How are you doing today?', phase: 'final_answer' },
    ])
    expect(state.responseId).toBeNull()
  })
})

/** AssistantPlayback over a stand-in playback worklet that plays what it is given, in order. */
function playbackFixture() {
  const sent: BrowserEvent[] = []
  const appended: string[] = []
  let playing: { itemId: string | null; sampleCount: number } = { itemId: null, sampleCount: 0 }
  const audio = {
    playback: {
      appendBase64: (itemId: string) => void appended.push(itemId),
      endItem: () => undefined,
      interrupt: async () => ({ ...playing, audioEndMs: Math.floor(playing.sampleCount / 24), silentFromS: 0 }),
    },
    renderedAtMs: () => performance.now(),
  } as unknown as VoiceAudio
  const assistant = new AssistantPlayback({
    audio: () => audio,
    send: (event) => void sent.push(event),
    connected: () => true,
    onError: (error) => {
      throw error
    },
    metrics: new VoiceMetrics(),
  })
  const feed = (events: ServerMessage[]) => {
    for (const event of events) assistant.handle(event)
  }
  const truncates = () =>
    sent
      .filter((e) => e.type === 'conversation.item.truncate')
      .map((e) => [(e as { item_id: string }).item_id, (e as { audio_end_ms: number }).audio_end_ms])
  return {
    assistant,
    sent,
    appended,
    feed,
    truncates,
    /** Nothing is playing (the worklet was interrupted). */
    silent: () => {
      playing = { itemId: null, sampleCount: 0 }
    },
    /** The worklet started `itemId` and has played `sampleCount` of it. */
    play: (itemId: string, sampleCount: number) => {
      assistant.itemStarted(itemId)
      playing = { itemId, sampleCount }
    },
  }
}

describe('barge-in during a two-item response', () => {
  test('both items are queued back to back, in order', () => {
    const fixture = playbackFixture()
    fixture.feed(twoItemResponse())
    expect([...new Set(fixture.appended)]).toEqual([PREAMBLE_ID, ANSWER_ID])
  })

  test('heard during the final answer: the answer is truncated at the played ms, the preamble (heard whole) is left alone', async () => {
    const fixture = playbackFixture()
    fixture.feed(twoItemResponse())
    fixture.play(PREAMBLE_ID, 24_000)
    fixture.play(ANSWER_ID, 12_000) // 500 ms of the answer
    await fixture.assistant.interrupt()
    expect(fixture.truncates()).toEqual([[ANSWER_ID, 500]])
    // The response was already done: nothing to cancel.
    expect(fixture.sent.map((e) => e.type)).toEqual(['conversation.item.truncate'])
  })

  test('heard during the preamble with the answer already queued: the preamble at the played ms, the unheard answer to 0', async () => {
    const fixture = playbackFixture()
    fixture.feed([responseCreated, ...preamble.added, ...preamble.audio, ...preamble.done, ...answer.added, ...answer.audio])
    fixture.play(PREAMBLE_ID, 7_200) // 300 ms
    await fixture.assistant.interrupt()
    expect(fixture.sent.map((e) => e.type)).toEqual(['response.cancel', 'conversation.item.truncate', 'conversation.item.truncate'])
    expect(fixture.truncates()).toEqual([
      [PREAMBLE_ID, 300],
      [ANSWER_ID, 0],
    ])
    // Deltas of the answer still on their way are not played.
    const before = fixture.appended.length
    fixture.feed([...answer.audio, ...answer.done, responseDone('cancelled')])
    expect(fixture.appended.length).toBe(before)
    // Pressed again with nothing playing: nothing of that answer is truncated twice.
    fixture.silent()
    await fixture.assistant.interrupt()
    expect(fixture.truncates()).toHaveLength(2)
  })

  test('the answer arriving after the barge-in (sent before the cancel reached the model) is never played and is truncated to 0 once', async () => {
    const fixture = playbackFixture()
    fixture.feed([responseCreated, ...preamble.added, ...preamble.audio, ...preamble.done])
    fixture.play(PREAMBLE_ID, 4_800)
    await fixture.assistant.interrupt()
    fixture.feed([...answer.added, ...answer.audio, ...answer.done, responseDone('cancelled')])
    expect(fixture.appended.filter((id) => id === ANSWER_ID)).toEqual([])
    expect(fixture.truncates()).toEqual([
      [PREAMBLE_ID, 200],
      [ANSWER_ID, 0],
    ])
  })
})

describe('turn latency of a two-item response', () => {
  test('measured to the first sample of the preamble; the final answer starting later answers nothing', () => {
    const turns = new TurnLatencyTracker()
    turns.turnEnded(1000, 'speech')
    turns.audioReceived(PREAMBLE_ID, 1300)
    turns.audioReceived(ANSWER_ID, 1900)
    expect(turns.audioPlayed(PREAMBLE_ID, 1350)).toEqual({
      itemId: PREAMBLE_ID,
      cause: 'speech',
      totalMs: 350,
      toFirstAudioMs: 300,
      playoutMs: 50,
    })
    expect(turns.audioPlayed(ANSWER_ID, 2900)).toBeNull()
  })
})
