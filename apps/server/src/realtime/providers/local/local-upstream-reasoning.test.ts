import { describe, expect, test } from 'bun:test';
import { SAMPLE_RATE, type ReasoningEffort } from '@hearth/protocol';
import { composeInstructions } from '../../../features/sequences/lookup';
import type { UpstreamEvent } from '../../upstream';
import { createLocalUpstream } from './local-upstream';
import { PREAMBLES, REASONING_MS } from './reasoning';

// From reasoning effort 'medium' up the local provider answers as gpt-realtime-2 does: a spoken preamble
// (phase 'commentary') and the final answer (phase 'final_answer') as two output items of one response.
const prompt = {
  name: 'check_in',
  description: 'd',
  prompt: 'Ask how the person is doing today.',
  trigger_condition: 't',
  next_prompt: '',
};

type Timed = UpstreamEvent & { at: number };

async function localSession(opts: { effort?: ReasoningEffort; text?: boolean }) {
  const events: Timed[] = [];
  const opened = Promise.withResolvers<void>();
  const upstream = createLocalUpstream(
    {
      onOpen: () => opened.resolve(),
      onEvent: (event) => events.push({ ...event, at: performance.now() }),
      onAudio: () => {},
      onFailure: () => {},
    },
    { seed: 11 },
  );
  await opened.promise;
  upstream.send({
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions: composeInstructions({ globalPrompt: 'Be kind.', modulePrompt: 'A module.', prompt }),
      output_modalities: [opts.text ? 'text' : 'audio'],
      audio: { input: { turn_detection: null } },
      ...(opts.effort ? { reasoning: { effort: opts.effort } } : {}),
    },
  });
  const waitFor = async (type: string, match: (e: Timed) => boolean = () => true) => {
    for (let waited = 0; waited < 15_000; waited += 5) {
      const found = events.find((e) => e.type === type && match(e));
      if (found) return found;
      await Bun.sleep(5);
    }
    throw new Error(`no ${type}`);
  };
  const of = (type: string) => events.filter((e) => e.type === type);
  return { upstream, events, waitFor, of };
}

const audioMs = (deltas: UpstreamEvent[]) =>
  deltas.reduce((ms, e) => ms + (Buffer.from(String(e.delta), 'base64').byteLength / 2 / SAMPLE_RATE) * 1000, 0);

describe('the local provider with a reasoning effort', () => {
  test("effort 'high': a preamble then the final answer in one response, in order, back to back", async () => {
    const local = await localSession({ effort: 'high' });
    expect((await local.waitFor('session.updated')).session).toMatchObject({ reasoning: { effort: 'high' } });
    local.upstream.send({ type: 'response.create' });
    const done = await local.waitFor('response.done');
    const responseEvents = local.events.filter((e) => e.type.startsWith('response.'));
    const outline = responseEvents
      .filter((e) => !e.type.endsWith('.delta'))
      .map((e) => `${e.type}${e.output_index === undefined ? '' : `@${e.output_index}`}`);
    expect(outline).toEqual([
      'response.created',
      'response.output_item.added@0',
      'response.content_part.added@0',
      'response.output_audio.done@0',
      'response.output_audio_transcript.done@0',
      'response.content_part.done@0',
      'response.output_item.done@0',
      'response.output_item.added@1',
      'response.content_part.added@1',
      'response.output_audio.done@1',
      'response.output_audio_transcript.done@1',
      'response.content_part.done@1',
      'response.output_item.done@1',
      'response.done',
    ]);
    // Every delta names its own item and index; none of the final answer comes before the preamble is done.
    const [preamble, answer] = local.of('response.output_item.added').map((e) => e.item as { id: string; phase?: string });
    expect([preamble.phase, answer.phase]).toEqual(['commentary', 'final_answer']);
    const deltas = local.of('response.output_audio.delta');
    const firstOfAnswer = deltas.findIndex((e) => e.item_id === answer.id);
    expect(deltas.slice(0, firstOfAnswer).every((e) => e.item_id === preamble.id && e.output_index === 0)).toBe(true);
    expect(deltas.slice(firstOfAnswer).every((e) => e.item_id === answer.id && e.output_index === 1)).toBe(true);
    const transcripts = local.of('response.output_audio_transcript.done').map((e) => String(e.transcript));
    expect(PREAMBLES as readonly string[]).toContain(transcripts[0]);
    expect(transcripts[1]).toContain('How are you doing today?');
    expect(done.response).toMatchObject({
      status: 'completed',
      output: [
        { id: preamble.id, phase: 'commentary', status: 'completed' },
        { id: answer.id, phase: 'final_answer', status: 'completed' },
      ],
    });
    // The answer thought at least REASONING_MS.high after the first sample, and its audio starts before the preamble's
    // has played out (no gap in what is heard): the preamble is longer than the think time.
    const preambleDeltas = deltas.slice(0, firstOfAnswer);
    const preambleMs = audioMs(preambleDeltas);
    expect(preambleMs).toBeGreaterThan(REASONING_MS.high);
    const answerStartMs = deltas[firstOfAnswer].at - preambleDeltas[0].at;
    expect(answerStartMs).toBeGreaterThanOrEqual(REASONING_MS.high - 25);
    expect(answerStartMs).toBeLessThan(preambleMs);
    local.upstream.close();
  });

  test("effort 'low' answers with one final_answer item; a session without an effort with one item and no phase", async () => {
    for (const effort of ['low', undefined] as const) {
      const local = await localSession({ effort });
      local.upstream.send({ type: 'response.create' });
      const done = await local.waitFor('response.done');
      const output = (done.response as { output: Array<{ phase?: string }> }).output;
      expect(output).toHaveLength(1);
      expect(output[0].phase).toBe(effort ? 'final_answer' : undefined);
      expect(new Set(local.of('response.output_audio.delta').map((e) => e.output_index))).toEqual(new Set([0]));
      local.upstream.close();
    }
  });

  test('the second item interrupted: the response is cancelled with the preamble complete and the answer incomplete; truncate cuts the answer to what was heard, or to nothing', async () => {
    const local = await localSession({ effort: 'medium' });
    local.upstream.send({ type: 'response.create' });
    const answerAdded = await local.waitFor('response.output_item.added', (e) => e.output_index === 1);
    const answerId = (answerAdded.item as { id: string }).id;
    await local.waitFor('response.output_audio_transcript.delta', (e) => e.item_id === answerId);
    await Bun.sleep(600);
    local.upstream.send({ type: 'response.cancel' });
    const done = await local.waitFor('response.done');
    expect(done.response).toMatchObject({
      status: 'cancelled',
      output: [
        { phase: 'commentary', status: 'completed' },
        { id: answerId, phase: 'final_answer', status: 'incomplete' },
      ],
    });
    local.upstream.send({ type: 'conversation.item.truncate', item_id: answerId, content_index: 0, audio_end_ms: 200 });
    expect(await local.waitFor('conversation.item.truncated')).toMatchObject({ item_id: answerId, audio_end_ms: 200 });
    // Past what is left of it is an error; to nothing (an item never heard) is not.
    local.upstream.send({ type: 'conversation.item.truncate', item_id: answerId, content_index: 0, audio_end_ms: 5_000 });
    expect(((await local.waitFor('error')).error as { code: string }).code).toBe('invalid_value');
    local.upstream.send({ type: 'conversation.item.truncate', item_id: answerId, content_index: 0, audio_end_ms: 0 });
    await local.waitFor('conversation.item.truncated', (e) => e.audio_end_ms === 0);
    local.upstream.close();
  });

  test('a truncate of the answer while it is still being spoken ends the response there', async () => {
    const local = await localSession({ effort: 'medium' });
    local.upstream.send({ type: 'response.create' });
    const answerAdded = await local.waitFor('response.output_item.added', (e) => e.output_index === 1);
    const answerId = (answerAdded.item as { id: string }).id;
    local.upstream.send({ type: 'conversation.item.truncate', item_id: answerId, content_index: 0, audio_end_ms: 0 });
    const done = await local.waitFor('response.done');
    expect(done.response).toMatchObject({ status: 'cancelled', output: [{ status: 'completed' }, { id: answerId, status: 'incomplete' }] });
    expect(await local.waitFor('conversation.item.truncated')).toMatchObject({ item_id: answerId, audio_end_ms: 0 });
    local.upstream.close();
  });

  test('text mode writes the preamble and the final answer as two items at once', async () => {
    const local = await localSession({ effort: 'xhigh', text: true });
    local.upstream.send({ type: 'response.create' });
    const done = await local.waitFor('response.done');
    expect(local.of('response.output_audio.delta')).toHaveLength(0);
    const written = local.of('response.output_text.done');
    expect(written.map((e) => e.output_index)).toEqual([0, 1]);
    expect(PREAMBLES as readonly string[]).toContain(String(written[0].text));
    expect(done.response).toMatchObject({
      status: 'completed',
      output: [{ phase: 'commentary' }, { phase: 'final_answer', content: [{ type: 'output_text', text: written[1].text }] }],
    });
    local.upstream.close();
  });
});
