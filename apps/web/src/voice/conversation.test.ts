import { describe, expect, test } from 'bun:test'
import type { ServerMessage } from '@hearth/protocol'

import { emptyConversation, formatTranscript, reduceConversation, type ConversationState } from '@/voice/conversation'

let eventCounter = 0
const event = (body: Record<string, unknown>) => ({ event_id: `e${++eventCounter}`, ...body }) as ServerMessage
const run = (events: ServerMessage[], from: ConversationState = emptyConversation) => events.reduce(reduceConversation, from)

const part = { response_id: 'resp_1', item_id: 'item_a', output_index: 0, content_index: 0 }

describe('reduceConversation', () => {
  test('a spoken user turn appears in progress, gets its transcript and completes', () => {
    const added = run([
      event({
        type: 'conversation.item.added',
        item: { id: 'item_u', type: 'message', role: 'user', status: 'in_progress', content: [{ type: 'input_audio', transcript: null }] },
      }),
    ])
    expect(added.items).toEqual([{ id: 'item_u', type: 'message', role: 'user', status: 'in_progress', text: '' }])

    const done = run(
      [
        event({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: 'item_u',
          content_index: 0,
          transcript: 'I like gardens',
        }),
        event({
          type: 'conversation.item.done',
          item: { id: 'item_u', type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_audio', transcript: null }] },
        }),
      ],
      added,
    )
    expect(done.items).toEqual([{ id: 'item_u', type: 'message', role: 'user', status: 'completed', text: 'I like gardens' }])
  })

  test('assistant audio transcript deltas build the text; the response id is tracked until done', () => {
    const state = run([
      event({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } }),
      event({
        type: 'conversation.item.added',
        item: { id: 'item_a', type: 'message', role: 'assistant', status: 'in_progress', content: [] },
      }),
      event({ type: 'response.output_audio_transcript.delta', ...part, delta: 'Hello ' }),
      event({ type: 'response.output_audio_transcript.delta', ...part, delta: 'there.' }),
    ])
    expect(state.responseId).toBe('resp_1')
    expect(state.items[0]).toMatchObject({ role: 'assistant', status: 'in_progress', text: 'Hello there.' })

    const finished = run(
      [
        event({ type: 'response.output_audio_transcript.done', ...part, transcript: 'Hello there.' }),
        // An item event without content must not wipe the transcript the deltas built.
        event({
          type: 'conversation.item.done',
          item: { id: 'item_a', type: 'message', role: 'assistant', status: 'completed', content: [] },
        }),
        event({ type: 'response.done', response: { id: 'resp_1', status: 'completed', output: [] } }),
      ],
      state,
    )
    expect(finished.responseId).toBeNull()
    expect(finished.items[0]).toMatchObject({ status: 'completed', text: 'Hello there.' })
  })

  test('a cancelled response leaves its item incomplete; truncation is marked', () => {
    const state = run([
      event({ type: 'response.created', response: { id: 'resp_1', status: 'in_progress', output: [] } }),
      event({
        type: 'conversation.item.added',
        item: { id: 'item_a', type: 'message', role: 'assistant', status: 'in_progress', content: [] },
      }),
      event({ type: 'response.output_audio_transcript.delta', ...part, delta: 'Long answer' }),
      event({ type: 'conversation.item.truncated', item_id: 'item_a', content_index: 0, audio_end_ms: 420 }),
      event({
        type: 'response.done',
        response: {
          id: 'resp_1',
          status: 'cancelled',
          output: [{ id: 'item_a', type: 'message', role: 'assistant', status: 'incomplete', content: [] }],
        },
      }),
    ])
    expect(state.responseId).toBeNull()
    expect(state.items[0]).toMatchObject({ status: 'incomplete', truncated: true, text: 'Long answer' })
  })

  test('function calls keep name and arguments; their output lands on the call', () => {
    const state = run([
      event({
        type: 'conversation.item.added',
        item: { id: 'item_f', type: 'function_call', status: 'in_progress', name: 'set_memory', call_id: 'call_1', arguments: '' },
      }),
      event({
        type: 'response.function_call_arguments.delta',
        response_id: 'r',
        item_id: 'item_f',
        output_index: 0,
        call_id: 'call_1',
        delta: '{"key":',
      }),
      event({
        type: 'response.function_call_arguments.done',
        response_id: 'r',
        item_id: 'item_f',
        output_index: 0,
        call_id: 'call_1',
        name: 'set_memory',
        arguments: '{"key":"hobby","value":"gardening"}',
      }),
      event({
        type: 'conversation.item.added',
        item: { id: 'item_o', type: 'function_call_output', call_id: 'call_1', output: '{"ok":true}' },
      }),
    ])
    expect(state.items).toEqual([
      {
        id: 'item_f',
        type: 'function_call',
        role: 'assistant',
        status: 'in_progress',
        text: '{"key":"hobby","value":"gardening"}',
        name: 'set_memory',
        callId: 'call_1',
        output: '{"ok":true}',
      },
    ])
  })

  test('deleted items disappear; events for unknown items and unrelated events change nothing', () => {
    const start = run([
      event({
        type: 'conversation.item.added',
        item: { id: 'a', type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
      }),
    ])
    expect(reduceConversation(start, event({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'x' }))).toBe(start)
    expect(reduceConversation(start, event({ type: 'response.output_audio_transcript.delta', ...part, delta: 'x' }))).toBe(start)
    expect(run([event({ type: 'conversation.item.deleted', item_id: 'a' })], start).items).toEqual([])
  })

  test('the transcript lists messages with words, in order', () => {
    const state = run([
      event({
        type: 'conversation.item.added',
        item: { id: 'a', type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
      }),
      event({ type: 'conversation.item.added', item: { id: 'f', type: 'function_call', name: 'x', call_id: 'c', arguments: '{}' } }),
      event({
        type: 'conversation.item.added',
        item: { id: 'b', type: 'message', role: 'assistant', content: [{ type: 'output_audio', transcript: 'Welcome!' }] },
      }),
      event({
        type: 'conversation.item.added',
        item: { id: 'c', type: 'message', role: 'user', content: [{ type: 'input_audio', transcript: null }] },
      }),
    ])
    expect(formatTranscript(state.items)).toBe('user: Hi.\nassistant: Welcome!')
  })
})
