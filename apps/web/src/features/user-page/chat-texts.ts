// What the user page says around a chat (issue 21 item 14): the line under the greeting in each state, how a
// finished chat ended (truthfully: saved, too short to be saved, or not all saved), and the captions' text.
import type { HearthPostChat } from '@hearth/protocol'

import type { ConversationItem } from '@/voice/transcript'
import type { ConnectionStatus } from '@/voice/voice-session-types'

/** The line under "Hi, name": what to do now. `ended`: a chat has finished on this visit. */
export function chatSubtitle(status: ConnectionStatus, ended: boolean): string {
  switch (status) {
    case 'connecting':
      return 'Getting Hearth on the line…'
    case 'connected':
    case 'reconnecting':
      return 'You’re talking with Hearth — press disconnect when you’re done.'
    case 'disconnecting':
      return 'Ending your chat…'
    default:
      return ended ? 'Press chat to talk again whenever you like.' : 'Press chat and talk with Hearth — just like a phone call.'
  }
}

export type ChatEnding = { tone: 'saved' | 'not-saved' | 'problem'; title: string; detail: string }

/**
 * How the chat that just ended went, from the server's post-chat answer (SPEC §4's thresholds decide whether
 * anything is saved). Null when no chat took place (stopped before it started).
 */
export function chatEnding(
  result: { postChat: HearthPostChat | null; error: string | null; spoke: boolean },
  preview: boolean,
): ChatEnding | null {
  const { postChat, error } = result
  if (!postChat && !error && !result.spoke) return null
  if (preview) {
    return {
      tone: 'not-saved',
      title: 'Chat ended — nothing was saved',
      detail: 'This was a staff preview, so nothing is kept for the person.',
    }
  }
  if (postChat?.status === 'done') {
    return { tone: 'saved', title: 'Thanks — your chat is saved', detail: 'Hearth will remember what you shared next time you talk.' }
  }
  if (postChat?.status === 'skipped') {
    return {
      tone: 'not-saved',
      title: 'That chat was too short to be saved',
      detail: 'Chats are saved once you have talked for at least 20 seconds and exchanged a few messages.',
    }
  }
  if (postChat?.status === 'error') {
    return {
      tone: 'problem',
      title: 'Your chat ended, but not everything could be saved',
      detail: `${capitalised(error ?? 'Unknown error')}.`,
    }
  }
  return {
    tone: 'problem',
    title: 'Your chat ended',
    detail: 'We could not confirm that it was saved. If something is missing next time, tell the organizer who invited you.',
  }
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** About three lines at phone width: long answers show their newest words. */
export const CAPTION_MAX_CHARS = 220

/** What Hearth is saying now: its latest spoken message, the newest words of a long one. */
export function captionText(items: readonly ConversationItem[], maxChars = CAPTION_MAX_CHARS): string {
  let index = items.length - 1
  while (index >= 0 && !(items[index]?.type === 'message' && items[index]?.role === 'assistant' && items[index]?.text.trim() !== '')) {
    index--
  }
  const latest = items[index]
  // A reasoning model's answer follows its spoken preamble: the caption keeps both, as they were heard.
  const before = items[index - 1]
  const preamble = latest?.phase === 'final_answer' && before?.phase === 'commentary' ? `${before.text.trim()} ` : ''
  const text = latest ? `${preamble}${latest.text.trim()}`.replace(/\s+/g, ' ') : ''
  if (text.length <= maxChars) return text
  const tail = text.slice(text.length - maxChars)
  const wordStart = tail.indexOf(' ')
  return `…${wordStart >= 0 && wordStart < 30 ? tail.slice(wordStart + 1) : tail}`
}
