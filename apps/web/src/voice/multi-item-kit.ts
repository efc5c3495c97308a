// A response of a reasoning model as the relay passes it on (issue 23): a spoken preamble (phase 'commentary',
// output_index 0) and the final answer (phase 'final_answer', output_index 1), each with its own output item
// events, recorded in the order the local provider and gpt-realtime-2 send them. For the voice kit's unit tests.
import type { ServerMessage } from '@hearth/protocol'

let eventCounter = 0
const event = (body: Record<string, unknown>) => ({ event_id: `rec${++eventCounter}`, ...body }) as ServerMessage

export const RESPONSE_ID = 'resp_two'
export const PREAMBLE_ID = 'item_preamble'
export const ANSWER_ID = 'item_answer'

const message = (id: string, phase: 'commentary' | 'final_answer', status: string, transcript?: string) => ({
  id,
  object: 'realtime.item',
  type: 'message',
  role: 'assistant',
  status,
  phase,
  content: transcript === undefined ? [] : [{ type: 'output_audio', transcript }],
})

/** One output item's events: added, `deltas` audio deltas with a word each, then the done events. */
function outputItem(id: string, outputIndex: number, phase: 'commentary' | 'final_answer', words: string[], previous: string | null) {
  const ids = { response_id: RESPONSE_ID, item_id: id, output_index: outputIndex, content_index: 0 }
  const transcript = words.join('')
  return {
    added: [
      event({
        type: 'response.output_item.added',
        response_id: RESPONSE_ID,
        output_index: outputIndex,
        item: message(id, phase, 'in_progress'),
      }),
      event({ type: 'conversation.item.added', previous_item_id: previous, item: message(id, phase, 'in_progress') }),
      event({ type: 'response.content_part.added', ...ids, part: { type: 'output_audio', transcript: '' } }),
    ],
    audio: words.flatMap((word) => [
      event({ type: 'response.output_audio.delta', ...ids, delta: 'AAAAAAAAAAA=' }),
      event({ type: 'response.output_audio_transcript.delta', ...ids, delta: word }),
    ]),
    done: [
      event({ type: 'response.output_audio.done', ...ids }),
      event({ type: 'response.output_audio_transcript.done', ...ids, transcript }),
      event({ type: 'response.content_part.done', ...ids, part: { type: 'output_audio', transcript } }),
      event({
        type: 'response.output_item.done',
        response_id: RESPONSE_ID,
        output_index: outputIndex,
        item: message(id, phase, 'completed', transcript),
      }),
      event({ type: 'conversation.item.done', item: message(id, phase, 'completed', transcript) }),
    ],
  }
}

export const preamble = outputItem(PREAMBLE_ID, 0, 'commentary', ['Let', ' me', ' think', ' about', ' that.'], 'item_user')
export const answer = outputItem(ANSWER_ID, 1, 'final_answer', ['How', ' are', ' you', ' doing', ' today?'], PREAMBLE_ID)

export const responseCreated = event({
  type: 'response.created',
  response: { object: 'realtime.response', id: RESPONSE_ID, status: 'in_progress', output: [] },
})

export const responseDone = (status: 'completed' | 'cancelled') =>
  event({
    type: 'response.done',
    response: {
      object: 'realtime.response',
      id: RESPONSE_ID,
      status,
      output: [
        message(PREAMBLE_ID, 'commentary', 'completed'),
        message(ANSWER_ID, 'final_answer', status === 'completed' ? 'completed' : 'incomplete'),
      ],
    },
  })

/** The whole response, in order. */
export const twoItemResponse = (): ServerMessage[] => [
  responseCreated,
  ...preamble.added,
  ...preamble.audio,
  ...preamble.done,
  ...answer.added,
  ...answer.audio,
  ...answer.done,
  responseDone('completed'),
]
