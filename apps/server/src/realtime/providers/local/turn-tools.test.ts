import { expect, test } from 'bun:test';

import { composeInstructions } from '../../../features/sequences/lookup';
import { promptFromInstructions } from './replies';
import { turnToolCalls, typedMood } from './turn-tools';

const TOOLS = new Set(['set_memory', 'set_mood_score', 'change_prompt', 'change_module']);
const at = (trigger: string, prompt = 'Ask what they hope to find here.') =>
  composeInstructions({
    globalPrompt: 'Be kind.',
    modulePrompt: 'M.',
    prompt: { name: 'community', description: 'd', prompt, trigger_condition: trigger, next_prompt: 'wrap_up' },
  });
const moves = (typed: string, instructions: string) => turnToolCalls(typed, instructions, TOOLS).some((c) => c.name === 'change_prompt');

test('the composed instructions carry the trigger condition to the local provider', () => {
  expect(promptFromInstructions(at('The person has described what they hope to find.'))).toEqual({
    name: 'community',
    prompt: 'Ask what they hope to find here.',
    nextPrompt: 'wrap_up',
    trigger: 'The person has described what they hope to find.',
  });
});

test('a typed reply moves on only when it fits the trigger; a spoken turn (no text) always does', () => {
  const community = at('The person has described what they hope to find.');
  expect(moves('Pass, for now.', community)).toBe(false);
  expect(moves('I love baking', community)).toBe(false);
  expect(moves('I hope to find a book club', community)).toBe(true);
  expect(moves('Honestly, I am hoping for friends nearby', community)).toBe(true);
  expect(moves('', community)).toBe(true);
  // A condition that names nothing to say ("has answered") is met by any reply.
  expect(moves('Pass, for now.', at('The person has answered.'))).toBe(true);
  // Staying keeps the memory and the mood of the turn.
  expect(turnToolCalls('I love baking', community, TOOLS).map((c) => c.name)).toEqual(['set_memory', 'set_mood_score']);
});

test('a prompt that asks for a module changes it after any reply, fitting or not', () => {
  const hop = at('The person has described what they hope to find.', 'Greet them, then call change_module with "Get to Know You".');
  expect(turnToolCalls('Pass, for now.', hop, TOOLS).at(-1)).toEqual({ name: 'change_module', args: { module_name: 'Get to Know You' } });
});

test('typed tone scores from -3 to 3 and says nothing when no word carries mood', () => {
  expect(typedMood('I love gardening and I am so happy here')).toBe(2);
  expect(typedMood('Tired, lonely, sad and worried, and I hate mornings')).toBe(-3);
  expect(typedMood('I like chess but I am tired')).toBe(0);
  expect(typedMood('Sounds good, great, wonderful, amazing!')).toBe(3);
  expect(typedMood('I live in Leeds')).toBeNull();
});

test('the loneliness scale: three answer choices in a typed turn, in order, only where the module offers the tool', () => {
  const plain = composeInstructions({ globalPrompt: '', modulePrompt: 'M.' });
  const withScale = new Set([...TOOLS, 'record_loneliness_scale']);
  expect(turnToolCalls('Yes: hardly ever, often, some of the time', plain, withScale)).toEqual([
    {
      name: 'record_loneliness_scale',
      args: { consent: true, lack_companionship: 'hardly ever', left_out: 'often', isolated: 'some of the time' },
    },
  ]);
  expect(turnToolCalls('No thanks: often, often, often', plain, withScale)[0]?.args.consent).toBe(false);
  expect(turnToolCalls('Often I feel fine, hardly ever sad', plain, withScale).some((c) => c.name === 'record_loneliness_scale')).toBe(
    false,
  );
  expect(turnToolCalls('hardly ever, often, some of the time', plain, TOOLS).some((c) => c.name === 'record_loneliness_scale')).toBe(false);
});
