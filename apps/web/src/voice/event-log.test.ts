import { describe, expect, test } from 'bun:test'

import { base64AudioMs, EventLog } from '@/voice/event-log'

// 20 ms of 24 kHz PCM16 is 960 bytes, 1280 base64 characters.
const AUDIO_20MS = 'A'.repeat(1280)
const audioDelta = (responseId: string, itemId: string) => ({
  type: 'response.output_audio.delta',
  event_id: 'e',
  response_id: responseId,
  item_id: itemId,
  output_index: 0,
  content_index: 0,
  delta: AUDIO_20MS,
})
const transcriptDelta = (responseId: string, delta: string) => ({
  type: 'response.output_audio_transcript.delta',
  event_id: 'e',
  response_id: responseId,
  item_id: 'item_a',
  output_index: 0,
  content_index: 0,
  delta,
})

describe('EventLog', () => {
  test("a response's audio deltas collapse into one row with a count, its first and last time and the audio length", () => {
    const log = new EventLog()
    log.add('server', { type: 'response.created', event_id: 'e', response: { id: 'resp_1', status: 'in_progress', output: [] } }, 1000)
    for (let i = 0; i < 50; i++) {
      log.add('server', audioDelta('resp_1', 'item_a'), 1010 + i * 20)
      if (i % 10 === 0) log.add('server', transcriptDelta('resp_1', `word${i} `), 1010 + i * 20)
    }
    log.add('server', { type: 'response.done', event_id: 'e', response: { id: 'resp_1', status: 'completed', output: [] } }, 2100)
    expect(log.rows.map((row) => [row.type, row.count])).toEqual([
      ['response.created', 1],
      ['response.output_audio.delta', 50],
      ['response.output_audio_transcript.delta', 5],
      ['response.done', 1],
    ])
    const audio = log.rows[1]
    expect(audio).toMatchObject({ direction: 'server', firstAtMs: 1010, lastAtMs: 1990, summary: '1000 ms of audio · item_a' })
    expect(audio.audioMs).toBeCloseTo(1000, 6)
    // The payload is not kept, only its size.
    expect(audio.event).toMatchObject({ delta: '<960 bytes of audio>' })
    expect(log.rows[2].summary.trim()).toBe('word0 word10 word20 word30 word40')
    expect(log.rows[3].summary).toBe('resp_1 · completed')
  })

  test('the next response gets rows of its own; client events are rows with their direction', () => {
    const log = new EventLog()
    log.add('server', audioDelta('resp_1', 'item_a'), 1)
    log.add('client', { type: 'conversation.item.delete', item_id: 'item_a' }, 2)
    log.add('server', audioDelta('resp_2', 'item_b'), 3)
    log.add('server', audioDelta('resp_2', 'item_b'), 4)
    expect(log.rows.map((row) => `${row.direction} ${row.type} ×${row.count} ${row.summary}`)).toEqual([
      'server response.output_audio.delta ×1 20 ms of audio · item_a',
      'client conversation.item.delete ×1 item_a',
      'server response.output_audio.delta ×2 40 ms of audio · item_b',
    ])
  })

  test('the items of one response (a preamble, then its answer) get rows of their own', () => {
    const log = new EventLog()
    log.add('server', audioDelta('resp_1', 'item_preamble'), 1)
    log.add('server', audioDelta('resp_1', 'item_preamble'), 2)
    log.add('server', audioDelta('resp_1', 'item_answer'), 3)
    expect(log.rows.map((row) => `${row.type} ×${row.count} ${row.summary}`)).toEqual([
      'response.output_audio.delta ×2 40 ms of audio · item_preamble',
      'response.output_audio.delta ×1 20 ms of audio · item_answer',
    ])
  })

  test('keeps at most its capacity (trimmed in batches) and tells subscribers of every change', () => {
    const log = new EventLog(100)
    let calls = 0
    const unsubscribe = log.subscribe(() => calls++)
    for (let i = 0; i < 400; i++)
      log.add('server', { type: 'input_audio_buffer.speech_started', event_id: 'e', audio_start_ms: i, item_id: `u${i}` }, i)
    expect(log.rows.length).toBeLessThanOrEqual(125)
    expect(log.rows.at(-1)?.summary).toBe('at 399 ms · u399')
    expect(calls).toBe(400)
    expect(log.version).toBe(400)
    unsubscribe()
    log.clear()
    expect(log.rows).toEqual([])
    expect(calls).toBe(400)
  })

  test('summaries name what matters: errors, tool calls, hearth state, session settings', () => {
    const log = new EventLog()
    log.add('server', { type: 'error', event_id: 'e', error: { type: 'invalid_request_error', message: 'The module does not exist' } })
    log.add('server', {
      type: 'response.function_call_arguments.done',
      event_id: 'e',
      response_id: 'r',
      item_id: 'i',
      output_index: 0,
      call_id: 'c',
      name: 'change_prompt',
      arguments: '{"prompt_name":"interests"}',
    })
    log.add('server', { type: 'hearth.memory', key: 'pets', value: 'a cat' })
    log.add('server', { type: 'hearth.wellbeing', score: 6, phase: 'intake', stored: true })
    log.add('server', { type: 'hearth.wellbeing', score: 4, phase: null, stored: false })
    log.add('client', { type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: null } } } })
    log.add('client', { type: 'session.update', session: { type: 'realtime', temperature: 1.1 } })
    expect(log.rows.map((row) => row.summary)).toEqual([
      'The module does not exist',
      'change_prompt({"prompt_name":"interests"})',
      'pets = a cat',
      'Loneliness scale recorded: 6 of 9 (intake)',
      'Loneliness scale recorded: 4 of 9 (staff session: nothing stored)',
      'manual turns',
      'temperature 1.1',
    ])
  })
})

test('base64AudioMs counts 24 kHz PCM16 without decoding', () => {
  expect(base64AudioMs(AUDIO_20MS)).toBeCloseTo(20, 6)
  expect(base64AudioMs('AAA=')).toBeCloseTo(1000 / 24000, 6)
  expect(base64AudioMs('')).toBe(0)
})
