import { describe, expect, test } from 'bun:test';
import { composeInstructions } from '../../../features/sequences/lookup';
import { toolDefinitions } from '../../tools';
import type { UpstreamEvent } from '../../upstream';
import { createLocalUpstream } from './local-upstream';

// A session that goes on from an earlier one (a renewed upstream session, a restart after a dropped page) gets the
// conversation in its instructions; the local provider then answers as a model given them would: no greeting
// again, and the member's first typed turn calls the tools like any other.

const instructions = composeInstructions({
  globalPrompt: 'Be kind.',
  modulePrompt: 'A module.',
  prompt: { name: 'check_in', description: 'd', prompt: 'Ask how the person is doing today.', trigger_condition: 't', next_prompt: '' },
});
const carried = '# Continuing the same conversation\nThe conversation had 2 turns, which were:\n- You said: Hello.\n- They said: Hi.';

function firstTypedTurn(withCarryOver: boolean): Promise<UpstreamEvent[]> {
  const events: UpstreamEvent[] = [];
  return new Promise((resolve) => {
    const upstream = createLocalUpstream(
      {
        onOpen: () => {
          upstream.send({
            type: 'session.update',
            session: {
              type: 'realtime',
              instructions: withCarryOver ? `${instructions}\n\n${carried}` : instructions,
              tools: toolDefinitions('testing'),
              output_modalities: ['text'],
            },
          });
          upstream.send({
            type: 'conversation.item.create',
            item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'I love gardening' }] },
          });
          upstream.send({ type: 'response.create' });
        },
        onEvent: (event) => {
          events.push(event);
          if (event.type === 'response.done') {
            upstream.close();
            resolve(events);
          }
        },
        onAudio: () => {},
        onFailure: () => {},
      },
      { seed: 3 },
    );
  });
}

describe('the local provider going on from an earlier session', () => {
  test("the first typed turn calls the tools, as any turn after the assistant's first", async () => {
    const calls = (events: UpstreamEvent[]) => events.filter((e) => e.type === 'response.function_call_arguments.done').map((e) => e.name);
    expect(calls(await firstTypedTurn(false))).toEqual([]);
    expect(calls(await firstTypedTurn(true))).toContain('set_memory');
  });
});
