import { randomUUID } from 'node:crypto';
import type { ConversationItem, FunctionCallItem, MessageItem, RealtimeResponse } from '@hearth/protocol';
import type { SpeechSynth } from './speech-synth';

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

/** The local provider's response in progress: spoken audio, or the tool calls it made. */
export interface ActiveResponse {
  id: string;
  timer?: ReturnType<typeof setTimeout> | ReturnType<typeof setInterval>;
  audio?: { item: MessageItem & { id: string }; synth: SpeechSynth; wordsSent: number; transcript: string; chunk: Int16Array };
  calls?: FunctionCallItem[];
  /** A text-only answer (output_modalities ['text']). */
  text?: { item: MessageItem & { id: string }; text: string };
}

/** The `response` object of response.created / response.done, as OpenAI shows it. */
export function responseView(
  response: ActiveResponse,
  status: RealtimeResponse['status'],
  reason?: 'turn_detected' | 'client_cancelled',
): RealtimeResponse {
  const message = response.audio?.item ?? response.text?.item;
  const output: ConversationItem[] = message ? [structuredClone(message)] : (response.calls ?? []).map((c) => ({ ...c }));
  return {
    object: 'realtime.response',
    id: response.id,
    status,
    status_details: status === 'cancelled' ? { type: 'cancelled', reason } : null,
    output,
  };
}
