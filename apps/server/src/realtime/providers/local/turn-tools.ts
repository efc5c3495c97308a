import { topKeywords } from '../../../providers/tfidf';
import { moduleRequest, promptFromInstructions } from './replies';
import { fitsTrigger } from './trigger-keywords';

/**
 * The local provider's stand-in for a model's tool calls after the person's turn: memory from keywords of what
 * was typed (PRODUCT §5, §7: never the sentence itself), a mood score from its tone, then change_module when the
 * active prompt asks for one by name, else change_prompt to its next_prompt. A typed reply moves on only when it
 * fits the prompt's trigger condition (trigger-keywords.ts), as a model would wait for it, so a test run can stay
 * at a prompt; a spoken turn, of which the local provider hears only that someone spoke, always moves on.
 */
export type ToolCall = { name: string; args: Record<string, string | number> };

const TYPED_NOTE_KEY = 'typed_note';
export const TYPED_MOOD_KEY = 'tone of typed replies';

const POSITIVE = new Set(
  'love loved loving like liked enjoy enjoyed enjoying great good glad happy excited exciting fun wonderful amazing nice grateful thankful hopeful calm proud kind warm welcome'.split(
    ' ',
  ),
);
const NEGATIVE = new Set(
  'hate hated sad tired lonely angry upset worried anxious stressed bored bad awful terrible afraid scared hurt frustrated difficult hard miss'.split(
    ' ',
  ),
);

/** `typed` is what the person typed this turn; '' for a spoken turn. */
export function turnToolCalls(typed: string, instructions: string, toolNames: ReadonlySet<string>): ToolCall[] {
  const calls: ToolCall[] = [];
  const keywords = typed ? topKeywords([{ text: typed, weight: 1 }], 5) : [];
  if (keywords.length > 0 && toolNames.has('set_memory'))
    calls.push({ name: 'set_memory', args: { key: TYPED_NOTE_KEY, value: keywords.join(', ') } });
  const mood = typed ? typedMood(typed) : null;
  if (mood !== null && toolNames.has('set_mood_score')) calls.push({ name: 'set_mood_score', args: { key: TYPED_MOOD_KEY, value: mood } });
  const prompt = promptFromInstructions(instructions);
  const module = prompt ? moduleRequest(prompt.prompt) : null;
  if (module && toolNames.has('change_module')) calls.push({ name: 'change_module', args: { module_name: module } });
  else if (prompt?.nextPrompt && toolNames.has('change_prompt') && (!typed.trim() || fitsTrigger(prompt.trigger, typed)))
    calls.push({ name: 'change_prompt', args: { prompt_name: prompt.nextPrompt } });
  return calls;
}

/** The tone of `text` from -3 to 3 by single words, or null when no word says anything about mood. */
export function typedMood(text: string): number | null {
  let score = 0;
  let matched = 0;
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (POSITIVE.has(word)) score++;
    else if (NEGATIVE.has(word)) score--;
    else continue;
    matched++;
  }
  return matched === 0 ? null : Math.max(-3, Math.min(3, score));
}
