import { describe, expect, test } from 'bun:test'
import type { HearthSession, ServerMessage } from '@hearth/protocol'

import { emptyPromptPath, reducePromptPath } from '@/voice/prompt-path'
import { reduceToolCalls, toolErrorMessage } from '@/voice/tool-calls'

const session = (module: string, version: number, prompt: string): HearthSession => ({
  type: 'hearth.session',
  provider: 'local',
  module,
  version,
  versions: [1, 2],
  modules: ['default_Check In', 'Get to Know You'],
  prompt,
  instructions: '',
  voice: 'ash',
  turnDetection: null,
  reasoningEffort: null,
})
const call = (name: string, callId: string, args: object): ServerMessage => ({
  type: 'response.function_call_arguments.done',
  event_id: 'e',
  response_id: 'r',
  item_id: `item_${callId}`,
  output_index: 0,
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
})
const output = (callId: string, result: object): ServerMessage => ({
  type: 'conversation.item.added',
  event_id: 'e',
  item: { id: `out_${callId}`, type: 'function_call_output', call_id: callId, output: JSON.stringify(result) },
})

function run(events: ServerMessage[]) {
  let state = emptyPromptPath
  events.forEach((event, index) => (state = reducePromptPath(state, event, 1000 * (index + 1))))
  return state.steps.map((step) => `${step.module} v${step.version} ${step.prompt} (${step.cause} @${step.atMs})`)
}

describe('prompt path', () => {
  test('starts where the session starts and follows change_prompt', () => {
    expect(
      run([
        session('default_Check In', 1, 'check_in'),
        call('change_prompt', 'c1', { prompt_name: 'reflection' }),
        { type: 'hearth.prompt_changed', prompt: 'reflection' },
        output('c1', { success: true, prompt: 'reflection' }),
      ]),
    ).toEqual(['default_Check In v1 check_in (start @1000)', 'default_Check In v1 reflection (change_prompt @3000)'])
  })

  test('a module moved by the model is change_module; by the operator it is selected; a failed call moves nothing', () => {
    expect(
      run([
        session('default_Check In', 1, 'check_in'),
        call('change_module', 'c1', { module_name: 'Nope' }),
        output('c1', { success: false, error: 'Sequence name not found' }),
        call('change_module', 'c2', { module_name: 'Get to Know You' }),
        { type: 'hearth.module_changed', module: 'Get to Know You', version: 2 },
        session('Get to Know You', 2, 'welcome'),
        output('c2', { success: true }),
        { type: 'hearth.module_changed', module: 'default_Check In', version: 1 },
        session('default_Check In', 1, 'check_in'),
      ]),
    ).toEqual([
      'default_Check In v1 check_in (start @1000)',
      'Get to Know You v2 welcome (change_module @6000)',
      'default_Check In v1 check_in (selected @9000)',
    ])
  })

  test('a repeated hearth.session for the same place adds nothing; other events return the same state', () => {
    let state = reducePromptPath(emptyPromptPath, session('A', 1, 'p'), 1)
    const again = reducePromptPath(state, session('A', 1, 'p'), 2)
    expect(again.steps).toHaveLength(1)
    state = again
    const delta: ServerMessage = {
      type: 'response.output_audio.delta',
      event_id: 'e',
      response_id: 'r',
      item_id: 'i',
      output_index: 0,
      content_index: 0,
      delta: 'AAAA',
    }
    expect(reducePromptPath(state, delta, 3)).toBe(state)
  })
})

describe('tool calls', () => {
  test('each call gets its result; failed prompt and sequence changes carry SPEC’s toast', () => {
    let calls = reduceToolCalls([], call('change_prompt', 'c1', { prompt_name: 'x' }), 1)
    calls = reduceToolCalls(calls, call('change_module', 'c2', { module_name: 'y' }), 2)
    calls = reduceToolCalls(calls, call('set_memory', 'c3', { key: 'k', value: 'v' }), 3)
    calls = reduceToolCalls(calls, output('c1', { success: false, error: 'Prompt name not found' }), 4)
    calls = reduceToolCalls(calls, output('c2', { success: false, error: 'Sequence name not found' }), 5)
    calls = reduceToolCalls(calls, output('c3', { success: true, key: 'k' }), 6)
    expect(calls.map((c) => [c.name, c.ok, c.error ?? null])).toEqual([
      ['change_prompt', false, 'Prompt name not found'],
      ['change_module', false, 'Sequence name not found'],
      ['set_memory', true, null],
    ])
    expect(calls.map(toolErrorMessage)).toEqual(['Error changing prompt', 'Error changing sequence', null])
    // A second copy of a result (conversation.item.done) or of a call changes nothing.
    expect(reduceToolCalls(calls, output('c1', { success: true }), 7)).toBe(calls)
    expect(reduceToolCalls(calls, call('change_prompt', 'c1', {}), 8)).toBe(calls)
  })
})
