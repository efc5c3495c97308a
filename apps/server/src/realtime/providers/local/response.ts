import { randomUUID } from 'node:crypto';
import type { ConversationItem, FunctionCallItem, MessageItem, MessagePhase, RealtimeResponse } from '@hearth/protocol';

/** An id in OpenAI's style (`item_…`, `resp_…`, `call_…`). */
export const newId = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/** A new assistant message, in progress, as the provider adds it to a response (spoken or written). */
export const newAssistantItem = (): MessageItem & { id: string } => ({
  id: newId('item'),
  object: 'realtime.item',
  type: 'message',
  role: 'assistant',
  status: 'in_progress',
  content: [],
});

/** One assistant message of an answer: a reasoning model's spoken preamble, its final answer, or a plain reply. */
export interface AnswerPart {
  phase?: MessagePhase;
  text: string;
}

/** A spoken answer being played out (spoken-answer.ts), as the provider steers it. */
export interface SpokenPlayout {
  /** Audio of the item in progress, for a truncate that arrives while it is being spoken. */
  renderedMsOf(itemId: string): number | undefined;
  stop(status: 'completed' | 'cancelled'): void;
}

/** The local provider's response in progress: its assistant messages (spoken or written), or the tool calls it made. */
export interface ActiveResponse {
  id: string;
  timer?: ReturnType<typeof setTimeout> | ReturnType<typeof setInterval>;
  /** A spoken answer being played out (spoken-answer.ts). */
  spoken?: SpokenPlayout;
  /** Its assistant messages so far, in output_index order (a preamble and a final answer, or one reply). */
  items?: Array<MessageItem & { id: string }>;
  calls?: FunctionCallItem[];
}

/** The `response` object of response.created / response.done, as OpenAI shows it. */
export function responseView(
  response: ActiveResponse,
  status: RealtimeResponse['status'],
  reason?: 'turn_detected' | 'client_cancelled',
): RealtimeResponse {
  const output: ConversationItem[] = response.items?.length
    ? response.items.map((item) => structuredClone(item))
    : (response.calls ?? []).map((c) => ({ ...c }));
  return {
    object: 'realtime.response',
    id: response.id,
    status,
    status_details: status === 'cancelled' ? { type: 'cancelled', reason } : null,
    output,
  };
}
