import { describe, expect, test } from 'bun:test';
import { composeInstructions } from '../../../features/sequences/lookup';
import { toolDefinitions } from '../../tools';
import type { UpstreamEvent } from '../../upstream';
import { createLocalUpstream } from './local-upstream';

// Test runs (PRODUCT §10) talk to the local provider in text: output_modalities ['text'] answers as written GA
// events, with no audio at all; the typed turn's tools come first, as in audio mode.
const prompt = {
  name: 'check_in',
  description: 'd',
  prompt: 'Ask how the person is doing today.',
  trigger_condition: 't',
  next_prompt: '',
};

async function textSession() {
  const events: UpstreamEvent[] = [];
  const opened = Promise.withResolvers<void>();
  const upstream = createLocalUpstream(
    {
      onOpen: () => opened.resolve(),
      onEvent: (event) => events.push(event),
      onAudio: () => {
        throw new Error('no audio in text mode');
      },
      onFailure: () => {},
    },
    { seed: 3 },
  );
  await opened.promise;
  upstream.send({
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions: composeInstructions({ globalPrompt: 'Be kind.', modulePrompt: 'A module.', prompt }),
      tools: toolDefinitions('user'),
      output_modalities: ['text'],
      audio: { input: { turn_detection: null } },
    },
  });
  const doneCount = async (n: number) => {
    while (events.filter((e) => e.type === 'response.done').length < n) await Bun.sleep(1);
    return events.filter((e) => e.type === 'response.done')[n - 1];
  };
  return { upstream, events, doneCount };
}

describe('the local provider in text mode', () => {
  test('answers with response.output_text.* events and no audio; response.done lists the written message', async () => {
    const { upstream, events, doneCount } = await textSession();
    expect(events.find((e) => e.type === 'session.updated')?.session).toMatchObject({ output_modalities: ['text'] });
    upstream.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
    });
    upstream.send({ type: 'response.create' });
    const done = (await doneCount(1)).response as { output: Array<{ type: string; content: Array<{ type: string; text: string }> }> };
    const written = events.find((e) => e.type === 'response.output_text.done') as unknown as { text: string };
    expect(written.text).toContain('How are you');
    expect(events.find((e) => e.type === 'response.output_text.delta')).toMatchObject({ delta: written.text });
    expect(done.output[0].content[0]).toEqual({ type: 'output_text', text: written.text });
    expect(events.some((e) => e.type.includes('audio'))).toBe(false);

    // A typed turn: its tool calls in a response of their own, then (asked again) the written answer.
    upstream.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'I love my garden.' }] },
    });
    upstream.send({ type: 'response.create' });
    const calls = (await doneCount(2)).response as { output: Array<{ type: string; name: string }> };
    expect(calls.output.map((o) => o.name)).toEqual(['set_memory', 'set_mood_score']);
    upstream.send({ type: 'response.create' });
    await doneCount(3);
    expect(events.filter((e) => e.type === 'response.output_text.done')).toHaveLength(2);
    upstream.close();
  });
});
