import { describe, expect, test } from 'bun:test'
import type { ServerMessage } from '@hearth/protocol'

import { AutoConversation, type AutoConversationHost } from '@/features/testing/auto-conversation'

const done = (status: 'completed' | 'cancelled', output: Array<{ role: 'assistant' | 'user'; text: string } | 'call'>): ServerMessage => ({
  type: 'response.done',
  event_id: 'e',
  response: {
    id: 'r',
    status,
    output: output.map((entry) =>
      entry === 'call'
        ? { type: 'function_call' as const, name: 'change_prompt', call_id: 'c', arguments: '{}' }
        : { type: 'message' as const, role: entry.role, content: [{ type: 'output_audio' as const, transcript: entry.text }] },
    ),
  },
})

function setup(limit: number, overrides: Partial<AutoConversationHost> = {}) {
  const sent: string[] = []
  const asked: string[] = []
  const waits: number[] = []
  let stops = 0
  const errors: unknown[] = []
  const auto = new AutoConversation({
    limit,
    reply: async (message) => {
      asked.push(message)
      return `reply to ${message}`
    },
    sendText: (text) => sent.push(text),
    responseInProgress: () => false,
    connected: () => true,
    stop: () => stops++,
    onError: (error) => errors.push(error),
    wait: async (ms) => void waits.push(ms),
    ...overrides,
  })
  return { auto, sent, asked, waits, errors, stops: () => stops }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('AutoConversation', () => {
  test('each completed assistant message is answered by the second model, 100 ms later, until the limit', async () => {
    const run = setup(3)
    run.auto.handle(done('completed', [{ role: 'assistant', text: 'How are you?' }]))
    await settle()
    expect(run.asked).toEqual(['How are you?'])
    expect(run.waits).toEqual([100])
    expect(run.sent).toEqual(['reply to How are you?'])

    // A response of tool calls only is not a message.
    run.auto.handle(done('completed', ['call']))
    run.auto.handle(done('completed', [{ role: 'assistant', text: 'Tell me more.' }]))
    await settle()
    expect(run.sent).toHaveLength(2)
    expect(run.auto.count).toBe(2)

    run.auto.handle(done('completed', [{ role: 'assistant', text: 'Thanks!' }]))
    await settle()
    expect(run.stops()).toBe(1)
    expect(run.asked).toHaveLength(2)
    // After the stop nothing counts or answers.
    run.auto.handle(done('completed', [{ role: 'assistant', text: 'More' }]))
    await settle()
    expect(run.stops()).toBe(1)
    expect(run.auto.count).toBe(3)
  })

  test('an interrupted message counts but is not answered; a running response or a closed session gets no text', async () => {
    const interrupted = setup(5)
    interrupted.auto.handle(done('cancelled', [{ role: 'assistant', text: 'How are' }]))
    await settle()
    expect(interrupted.auto.count).toBe(1)
    expect(interrupted.asked).toEqual([])

    const busy = setup(5, { responseInProgress: () => true })
    busy.auto.handle(done('completed', [{ role: 'assistant', text: 'Hello' }]))
    await settle()
    expect(busy.asked).toEqual(['Hello'])
    expect(busy.sent).toEqual([])

    let connected = true
    const closing = setup(5, { connected: () => connected, reply: async () => ((connected = false), 'late') })
    closing.auto.handle(done('completed', [{ role: 'assistant', text: 'Hello' }]))
    await settle()
    expect(closing.sent).toEqual([])
  })

  test('a limit of 1 stops at the first message; a failed second model is reported, a cancelled run is quiet', async () => {
    const one = setup(1)
    one.auto.handle(done('completed', [{ role: 'assistant', text: 'Hi' }]))
    expect(one.stops()).toBe(1)

    const failing = setup(5, { reply: async () => Promise.reject(new Error('API Request Error')) })
    failing.auto.handle(done('completed', [{ role: 'assistant', text: 'Hi' }]))
    await settle()
    expect(failing.errors).toHaveLength(1)

    const cancelled = setup(5, { reply: async () => Promise.reject(new Error('aborted')) })
    cancelled.auto.handle(done('completed', [{ role: 'assistant', text: 'Hi' }]))
    cancelled.auto.cancel()
    await settle()
    expect(cancelled.errors).toEqual([])
  })

  test('a preamble and its final answer are one message: the answer is the one answered, the preamble is not counted', async () => {
    const run = setup(2)
    const twoItems: ServerMessage = {
      type: 'response.done',
      event_id: 'e',
      response: {
        id: 'r2',
        status: 'completed',
        output: [
          { type: 'message', role: 'assistant', phase: 'commentary', content: [{ type: 'output_audio', transcript: 'Let me think.' }] },
          {
            type: 'message',
            role: 'assistant',
            phase: 'final_answer',
            content: [{ type: 'output_audio', transcript: 'How is the garden?' }],
          },
        ],
      },
    }
    run.auto.handle(twoItems)
    await settle()
    expect(run.auto.count).toBe(1)
    expect(run.asked).toEqual(['How is the garden?'])
    expect(run.stops()).toBe(0)
  })
})
