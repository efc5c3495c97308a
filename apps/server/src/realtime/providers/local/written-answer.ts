import { newAssistantItem, type ActiveResponse, type AnswerPart } from './response';

/**
 * A text-only answer (output_modalities ['text'], PRODUCT §10's test runs): the assistant items and the GA events
 * that carry them, in order — per part (a preamble and the final answer, or one reply) the whole line as one
 * response.output_text.delta, then the .done events. No audio, no pacing. The response keeps the items so
 * response.done lists them.
 */
export function writtenAnswer(response: ActiveResponse, parts: AnswerPart[], previousItemId: string | null) {
  const items: ReturnType<typeof newAssistantItem>[] = [];
  const events: Array<{ type: string; [field: string]: unknown }> = [];
  let previous = previousItemId;
  response.items = items;
  parts.forEach(({ phase, text }, outputIndex) => {
    const item = { ...newAssistantItem(), ...(phase ? { phase } : {}) };
    items.push(item);
    const ids = { response_id: response.id, item_id: item.id, output_index: outputIndex, content_index: 0 };
    events.push(
      { type: 'response.output_item.added', response_id: response.id, output_index: outputIndex, item: structuredClone(item) },
      { type: 'conversation.item.added', previous_item_id: previous, item: structuredClone(item) },
      { type: 'response.content_part.added', ...ids, part: { type: 'text', text: '' } },
      { type: 'response.output_text.delta', ...ids, delta: text },
      { type: 'response.output_text.done', ...ids, text },
      { type: 'response.content_part.done', ...ids, part: { type: 'text', text } },
    );
    item.status = 'completed';
    item.content = [{ type: 'output_text', text }];
    events.push(
      { type: 'response.output_item.done', response_id: response.id, output_index: outputIndex, item: structuredClone(item) },
      { type: 'conversation.item.done', item: structuredClone(item) },
    );
    previous = item.id;
  });
  return { items, events };
}
