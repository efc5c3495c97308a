import { describe, expect, test } from 'bun:test'

import { captionText, chatEnding, chatSubtitle } from '@/features/user-page/chat-texts'
import type { ConversationItem } from '@/voice/transcript'

const message = (role: ConversationItem['role'], text: string, id = `${role}-${text.length}`): ConversationItem => ({
  id,
  type: 'message',
  role,
  status: 'completed',
  text,
})

describe('the line under the greeting', () => {
  test('says what to do in each state, never "Press chat" during a chat', () => {
    expect(chatSubtitle('disconnected', false)).toBe('Press chat and talk with Hearth — just like a phone call.')
    for (const status of ['connecting', 'connected', 'reconnecting', 'disconnecting'] as const) {
      expect(chatSubtitle(status, false)).not.toContain('Press chat')
    }
    expect(chatSubtitle('connected', false)).toContain('press disconnect when you’re done')
    expect(chatSubtitle('disconnected', true)).toBe('Press chat to talk again whenever you like.')
  })
})

describe('how a chat ended', () => {
  const done = { type: 'hearth.post_chat', status: 'done', did: { profile: true, memory: true, section: true } } as const
  const skipped = { type: 'hearth.post_chat', status: 'skipped', did: {} } as const

  test('saved only when post-chat ran; too short says so', () => {
    expect(chatEnding({ postChat: done, error: null, spoke: true }, false)).toMatchObject({
      tone: 'saved',
      title: 'Thanks — your chat is saved',
    })
    expect(chatEnding({ postChat: skipped, error: null, spoke: true }, false)).toMatchObject({
      tone: 'not-saved',
      title: 'That chat was too short to be saved',
    })
  })

  test('a failed step or no answer from the server is never called saved', () => {
    const failed = { type: 'hearth.post_chat', status: 'error', did: {}, error: 'your memory could not be updated' } as const
    expect(chatEnding({ postChat: failed, error: failed.error, spoke: true }, false)).toEqual({
      tone: 'problem',
      title: 'Your chat ended, but not everything could be saved',
      detail: 'Your memory could not be updated.',
    })
    expect(
      chatEnding({ postChat: null, error: 'The server did not confirm the end of the conversation within 30 s.', spoke: true }, false),
    ).toMatchObject({
      tone: 'problem',
      detail: expect.stringContaining('could not confirm that it was saved'),
    })
  })

  test('a staff preview saves nothing, and a chat stopped before it started says nothing', () => {
    expect(chatEnding({ postChat: skipped, error: null, spoke: true }, true)?.title).toBe('Chat ended — nothing was saved')
    expect(chatEnding({ postChat: null, error: null, spoke: false }, false)).toBeNull()
  })
})

describe('captions', () => {
  test('show Hearth’s latest words, not the person’s, not a tool call', () => {
    const items: ConversationItem[] = [
      message('assistant', 'Hello there, how are you today?', 'a1'),
      message('user', 'Fine, thanks.', 'u1'),
      message('assistant', 'Glad  to\nhear it.', 'a2'),
      { id: 'f1', type: 'function_call', role: 'assistant', status: 'completed', text: '{"key":"mood"}', name: 'set_mood_score' },
      message('assistant', '   ', 'a3'),
    ]
    expect(captionText(items)).toBe('Glad to hear it.')
    expect(captionText([message('user', 'Hi.')])).toBe('')
  })

  test('a preamble and its final answer are captioned together, as heard; the preamble alone until the answer has words', () => {
    const preamble: ConversationItem = { ...message('assistant', 'Let me think about that.', 'a1'), phase: 'commentary' }
    const answer: ConversationItem = { ...message('assistant', '', 'a2'), phase: 'final_answer' }
    expect(captionText([message('user', 'Why?', 'u1'), preamble, answer])).toBe('Let me think about that.')
    expect(captionText([message('user', 'Why?', 'u1'), preamble, { ...answer, text: 'Because roses like sun.' }])).toBe(
      'Let me think about that. Because roses like sun.',
    )
    expect(captionText([preamble, message('user', 'Hm', 'u2'), { ...answer, text: 'Yes.' }])).toBe('Yes.')
  })

  test('a long answer shows its newest words, starting at a word', () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ')
    const shown = captionText([message('assistant', words)], 60)
    expect(shown.startsWith('…word')).toBe(true)
    expect(shown.endsWith('word79')).toBe(true)
    expect(shown.length).toBeLessThanOrEqual(61)
  })
})
