import { newAssistantItem, type ActiveResponse } from './response';

/**
 * A text-only answer (output_modalities ['text'], PRODUCT §10's test runs): the assistant item and the GA events
 * that carry it, in order — the whole line as one response.output_text.delta, then the .done events. No audio,
 * no pacing. The response keeps the item so response.done lists it.
 */
export function writtenAnswer(response: ActiveResponse, text: string, previousItemId: string | null) {
  const item = newAssistantItem();
  response.text = { item, text };
  const ids = { response_id: response.id, item_id: item.id, output_index: 0, content_index: 0 };
  const events: Array<{ type: string; [field: string]: unknown }> = [
    { type: 'response.output_item.added', response_id: response.id, output_index: 0, item: structuredClone(item) },
    { type: 'conversation.item.added', previous_item_id: previousItemId, item: structuredClone(item) },
    { type: 'response.content_part.added', ...ids, part: { type: 'text', text: '' } },
    { type: 'response.output_text.delta', ...ids, delta: text },
    { type: 'response.output_text.done', ...ids, text },
    { type: 'response.content_part.done', ...ids, part: { type: 'text', text } },
  ];
  item.status = 'completed';
  item.content = [{ type: 'output_text', text }];
  events.push(
    { type: 'response.output_item.done', response_id: response.id, output_index: 0, item: structuredClone(item) },
    { type: 'conversation.item.done', item: structuredClone(item) },
  );
  return { item, events };
}
