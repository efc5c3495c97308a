// The conversation as the page shows it (SPEC §3 "Conversation item"), rebuilt from the server's GA events.
// Pure functions: the same events always give the same items, so the reducer is tested without a socket.
import type { ConversationItem as ProtocolItem, ItemStatus, ServerMessage } from '@hearth/protocol'

import type { ConversationItem, ConversationState } from '@/voice/transcript'

export {
  type ConversationItem,
  type ConversationRole,
  type ConversationState,
  emptyConversation,
  formatTranscript,
  spokenMessages,
} from '@/voice/transcript'

/** Applies one server event; returns the same object when the event changes nothing. */
export function reduceConversation(state: ConversationState, event: ServerMessage): ConversationState {
  switch (event.type) {
    case 'conversation.item.added':
    case 'conversation.item.done':
    case 'response.output_item.added':
    case 'response.output_item.done':
      return upsertItem(state, event.item, event.type.endsWith('.done'))
    case 'conversation.item.deleted':
      return withItems(
        state,
        state.items.filter((item) => item.id !== event.item_id),
      )
    case 'conversation.item.truncated':
      return updateItem(state, event.item_id, () => ({ truncated: true }))
    case 'conversation.item.input_audio_transcription.delta':
      return updateItem(state, event.item_id, (item) => ({ text: item.text + event.delta }))
    case 'conversation.item.input_audio_transcription.completed':
      return updateItem(state, event.item_id, () => ({ text: event.transcript }))
    case 'conversation.item.input_audio_transcription.failed':
      return updateItem(state, event.item_id, (item) => ({ text: item.text || '(not transcribed)' }))
    case 'response.output_audio_transcript.delta':
    case 'response.output_text.delta':
      return updateItem(state, event.item_id, (item) => ({ text: item.text + event.delta }))
    case 'response.output_audio_transcript.done':
      return updateItem(state, event.item_id, () => ({ text: event.transcript }))
    case 'response.output_text.done':
      return updateItem(state, event.item_id, () => ({ text: event.text }))
    case 'response.function_call_arguments.delta':
      return updateItem(state, event.item_id, (item) => ({ text: item.text + event.delta }))
    case 'response.function_call_arguments.done':
      return updateItem(state, event.item_id, () => ({ text: event.arguments, name: event.name }))
    case 'response.created':
      return { ...state, responseId: event.response.id }
    case 'response.done': {
      const finished = state.responseId === event.response.id ? { ...state, responseId: null } : state
      // Items of a cancelled response stop where they are; their final status comes with the response.
      let next = finished
      for (const output of event.response.output) {
        if (output.id && output.status && output.status !== 'in_progress') {
          next = updateItem(next, output.id, () => ({ status: output.status as ItemStatus }))
        }
      }
      return next
    }
    default:
      return state
  }
}

function upsertItem(state: ConversationState, item: ProtocolItem, done: boolean): ConversationState {
  if (!item.id) return state
  if (item.type === 'function_call_output') {
    // Shown on the call it answers rather than as an item of its own.
    const call = state.items.find((existing) => existing.callId === item.call_id)
    return call ? updateItem(state, call.id, () => ({ output: item.output })) : state
  }
  const incoming = fromProtocol(item.id, item, done)
  const index = state.items.findIndex((existing) => existing.id === item.id)
  if (index === -1) return withItems(state, [...state.items, incoming])
  const current = state.items[index]
  const merged: ConversationItem = {
    ...current,
    status: incoming.status === 'in_progress' && current.status !== 'in_progress' ? current.status : incoming.status,
    // Deltas may already have filled the text; an event without text must not wipe it.
    text: incoming.text || current.text,
    name: incoming.name ?? current.name,
    callId: incoming.callId ?? current.callId,
    ...(incoming.phase || current.phase ? { phase: incoming.phase ?? current.phase } : {}),
  }
  const items = state.items.slice()
  items[index] = merged
  return withItems(state, items)
}

function fromProtocol(id: string, item: ProtocolItem, done: boolean): ConversationItem {
  const status: ItemStatus = item.status ?? (done ? 'completed' : 'in_progress')
  if (item.type === 'function_call') {
    return {
      id,
      type: 'function_call',
      role: 'assistant',
      status,
      text: item.arguments ?? '',
      name: item.name,
      callId: item.call_id,
    }
  }
  if (item.type === 'function_call_output') return { id, type: 'function_call', role: 'assistant', status, text: '' }
  const message: ConversationItem = { id, type: 'message', role: item.role, status, text: contentText(item.content) }
  return item.phase ? { ...message, phase: item.phase } : message
}

function contentText(content: Extract<ProtocolItem, { type: 'message' }>['content']): string {
  return content
    .map((part) => {
      if (part.type === 'input_text' || part.type === 'output_text') return part.text
      return part.transcript ?? ''
    })
    .filter(Boolean)
    .join(' ')
}

function updateItem(
  state: ConversationState,
  id: string,
  change: (item: ConversationItem) => Partial<ConversationItem>,
): ConversationState {
  const index = state.items.findIndex((item) => item.id === id)
  if (index === -1) return state
  const items = state.items.slice()
  items[index] = { ...items[index], ...change(items[index]) }
  return withItems(state, items)
}

function withItems(state: ConversationState, items: ConversationItem[]): ConversationState {
  return { ...state, items }
}
