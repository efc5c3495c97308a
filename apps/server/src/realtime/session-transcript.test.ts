import { describe, expect, test } from 'bun:test';
import { SessionTranscript } from './session-transcript';

// What post-chat and a restart's summary read: of an answer in several items only the final answer is a line.
describe('SessionTranscript', () => {
  test('a preamble (commentary) is no line; the final answer and items without a phase are', () => {
    const transcript = new SessionTranscript();
    const events = [
      { type: 'conversation.item.input_audio_transcription.completed', item_id: 'u1', transcript: 'How do I prune roses?' },
      { type: 'response.output_item.added', item: { id: 'a1', type: 'message', role: 'assistant', phase: 'commentary' } },
      { type: 'response.output_audio_transcript.done', item_id: 'a1', transcript: 'Let me think about that.' },
      { type: 'response.output_item.added', item: { id: 'a2', type: 'message', role: 'assistant', phase: 'final_answer' } },
      { type: 'response.output_audio_transcript.done', item_id: 'a2', transcript: 'Cut just above an outward bud.' },
      { type: 'response.output_item.added', item: { id: 'a3', type: 'message', role: 'assistant' } },
      { type: 'response.output_text.done', item_id: 'a3', text: 'Older models send no phase.' },
    ];
    for (const event of events) transcript.observe(event);
    expect(transcript.take()).toEqual([
      { role: 'user', text: 'How do I prune roses?' },
      { role: 'assistant', text: 'Cut just above an outward bud.' },
      { role: 'assistant', text: 'Older models send no phase.' },
    ]);
    expect(transcript.counts).toMatchObject({ userTurns: 1, assistantTurns: 2 });
  });

  test('an item truncated to nothing was never heard and leaves; one truncated part-way stays', () => {
    const transcript = new SessionTranscript();
    transcript.observe({ type: 'response.output_audio_transcript.done', item_id: 'a1', transcript: 'Heard in part.' });
    transcript.observe({ type: 'response.output_audio_transcript.done', item_id: 'a2', transcript: 'Never heard.' });
    transcript.observe({ type: 'conversation.item.truncated', item_id: 'a1', content_index: 0, audio_end_ms: 350 });
    transcript.observe({ type: 'conversation.item.truncated', item_id: 'a2', content_index: 0, audio_end_ms: 0 });
    expect(transcript.take()).toEqual([{ role: 'assistant', text: 'Heard in part.' }]);
  });
});
