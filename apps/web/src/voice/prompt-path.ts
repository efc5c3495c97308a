// The prompt path (issue 7 §3): the sequential prompts a conversation visited, with what moved it there —
// the model's change_prompt or change_module tool, or the operator choosing a sequence — and when. Pure: the
// same events always give the same path.
import type { ServerMessage } from '@hearth/protocol'

export type PromptPathCause = 'start' | 'change_prompt' | 'change_module' | 'selected'

export interface PromptPathStep {
  module: string
  version: number
  /** '' when the module has no prompts. */
  prompt: string
  cause: PromptPathCause
  /** Date.now() when the server reported the step. */
  atMs: number
}

export interface PromptPathState {
  steps: PromptPathStep[]
  /** change_module calls of the model still waiting for their result, by call id. */
  moduleCalls: string[]
  /** What moved the module, between hearth.module_changed and the hearth.session that follows it. */
  movedBy: PromptPathCause | null
}

export const emptyPromptPath: PromptPathState = { steps: [], moduleCalls: [], movedBy: null }

/** Only these events can change the path; everything else returns the same state (cheap for audio deltas). */
const PATH_EVENTS = new Set([
  'hearth.session',
  'hearth.prompt_changed',
  'hearth.module_changed',
  'response.function_call_arguments.done',
  'conversation.item.added',
])

export function reducePromptPath(state: PromptPathState, event: ServerMessage, atMs: number): PromptPathState {
  if (!PATH_EVENTS.has(event.type)) return state
  const last = state.steps.at(-1)
  switch (event.type) {
    case 'response.function_call_arguments.done':
      return event.name === 'change_module' ? { ...state, moduleCalls: [...state.moduleCalls, event.call_id] } : state
    case 'conversation.item.added': {
      // The call's result is in: a failed change_module leaves the path where it was.
      const { item } = event
      if (item.type !== 'function_call_output' || !state.moduleCalls.includes(item.call_id)) return state
      return { ...state, moduleCalls: state.moduleCalls.filter((id) => id !== item.call_id) }
    }
    case 'hearth.module_changed':
      // The relay reports the tool's module change before the tool's output reaches the model.
      return { ...state, movedBy: state.moduleCalls.length > 0 ? 'change_module' : 'selected', moduleCalls: state.moduleCalls.slice(1) }
    case 'hearth.session': {
      const step = { module: event.module, version: event.version, prompt: event.prompt, atMs }
      if (!last) return { ...state, steps: [{ ...step, cause: 'start' }], movedBy: null }
      if (!state.movedBy && last.module === event.module && last.version === event.version) return state
      return { ...state, steps: [...state.steps, { ...step, cause: state.movedBy ?? 'selected' }], movedBy: null }
    }
    case 'hearth.prompt_changed':
      if (!last) return state
      return {
        ...state,
        steps: [...state.steps, { module: last.module, version: last.version, prompt: event.prompt, cause: 'change_prompt', atMs }],
      }
    default:
      return state
  }
}
