// The conversation as the page keeps it (SPEC §3 "Conversation item") and as text for copy and feedback.
// Apart from the reducer (conversation.ts) so pages get these without the voice engine.
import type { ItemStatus, MessagePhase } from '@hearth/protocol'

export type ConversationRole = 'user' | 'assistant' | 'system'

export interface ConversationItem {
  id: string
  type: 'message' | 'function_call'
  role: ConversationRole
  status: ItemStatus
  /** Transcript of spoken audio, or the text of a typed message; for a function call, its arguments. */
  text: string
  /** Function calls only. */
  name?: string
  callId?: string
  output?: string
  /** The assistant was interrupted: the text may run past what was heard. */
  truncated?: boolean
  /** A reasoning model's spoken preamble ('commentary') or its answer ('final_answer'); older models send none. */
  phase?: MessagePhase
}

export interface ConversationState {
  items: ConversationItem[]
  /** The response being generated, tracked so it can be cancelled (SPEC §4). */
  responseId: string | null
}

export const emptyConversation: ConversationState = { items: [], responseId: null }

/** Messages with words in them, oldest first: what "copy conversation" and feedback carry. */
export function spokenMessages(items: readonly ConversationItem[]): ConversationItem[] {
  return items.filter((item) => item.type === 'message' && item.role !== 'system' && item.text.trim() !== '')
}

/** The conversation as plain text, one "user: …" / "assistant: …" line per message. */
export function formatTranscript(items: readonly ConversationItem[]): string {
  return spokenMessages(items)
    .map((item) => `${item.role}: ${item.text.trim()}`)
    .join('\n')
}
