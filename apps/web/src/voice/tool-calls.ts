// The model's tool calls as the browser sees them (SPEC §4, §8): the call, then its function_call_output with
// `{ success, error }` from the relay. A failed prompt or sequence change is what the staff pages toast.
import type { ServerMessage, ToolName } from '@hearth/protocol'

export interface ToolCallRecord {
  callId: string
  name: string
  arguments: string
  /** null until the relay's result arrives. */
  ok: boolean | null
  /** The relay's error text (SPEC's, e.g. 'Prompt name not found'). */
  error?: string
  atMs: number
}

/** SPEC §8's toasts for failed tools that change where the conversation is. */
export const TOOL_ERROR_MESSAGES: Partial<Record<ToolName, string>> = {
  change_prompt: 'Error changing prompt',
  change_module: 'Error changing sequence',
}

const TOOL_EVENTS = new Set(['response.function_call_arguments.done', 'conversation.item.added'])

/** Returns the same array when the event changes nothing. */
export function reduceToolCalls(calls: ToolCallRecord[], event: ServerMessage, atMs: number): ToolCallRecord[] {
  if (!TOOL_EVENTS.has(event.type)) return calls
  if (event.type === 'response.function_call_arguments.done') {
    if (calls.some((call) => call.callId === event.call_id)) return calls
    return [...calls, { callId: event.call_id, name: event.name, arguments: event.arguments, ok: null, atMs }]
  }
  if (event.type !== 'conversation.item.added' || event.item.type !== 'function_call_output') return calls
  const { call_id: callId, output } = event.item
  const index = calls.findIndex((call) => call.callId === callId && call.ok === null)
  if (index === -1) return calls
  const next = calls.slice()
  next[index] = { ...calls[index], ...readOutput(output) }
  return next
}

/** The relay answers `{"success":true,…}` or `{"success":false,"error":"…"}`; anything else counts as done. */
function readOutput(output: string): Pick<ToolCallRecord, 'ok' | 'error'> {
  try {
    const parsed = JSON.parse(output) as { success?: unknown; error?: unknown }
    if (parsed && parsed.success === false) return { ok: false, error: typeof parsed.error === 'string' ? parsed.error : undefined }
  } catch {
    // Not JSON: the model got text; the call did not fail as far as the page can tell.
  }
  return { ok: true }
}

/** The toast for a call that just failed, if it is one SPEC names. */
export function toolErrorMessage(call: ToolCallRecord): string | null {
  if (call.ok !== false) return null
  return TOOL_ERROR_MESSAGES[call.name as ToolName] ?? null
}
