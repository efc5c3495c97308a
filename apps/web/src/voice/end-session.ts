// The end-of-session handshake (SPEC §4): hearth.end_session, then a bounded wait for the server's post-chat result.
import { EVENT_TIMEOUT_MS, type HearthPostChat, type ServerMessage } from '@hearth/protocol'

import type { EventWaiters } from '@/voice/event-waiters'
import type { DisconnectResult } from '@/voice/voice-session-types'

/** Post-chat work calls language models on the server (profile, memory), so it gets longer than other waits. */
export const POST_CHAT_TIMEOUT_MS = 6 * EVENT_TIMEOUT_MS

/** Asks the server to end the session and waits for what post-chat did; never rejects. */
export async function endSession(waiters: EventWaiters<ServerMessage>, sendEnd: () => void, timeoutMs: number): Promise<DisconnectResult> {
  const waiting = waiters.wait(
    'hearth.post_chat',
    timeoutMs,
    `The server did not confirm the end of the conversation within ${Math.ceil(timeoutMs / 1000)} s.`,
  )
  sendEnd()
  try {
    const postChat: HearthPostChat = await waiting
    return { postChat, error: postChat.status === 'error' ? postChat.error || 'Unknown error' : null }
  } catch (cause) {
    return { postChat: null, error: cause instanceof Error ? cause.message : 'Unknown error' }
  }
}
