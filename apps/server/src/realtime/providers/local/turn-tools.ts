import { SCALE_CHOICES, SCALE_ITEMS } from '../../../features/wellbeing/scale';
import { topKeywords } from '../../../providers/tfidf';
import { moduleRequest, promptFromInstructions } from './replies';
import { fitsTrigger } from './trigger-keywords';

/**
 * The local provider's stand-in for a model's tool calls after the person's turn: memory from keywords of what
 * was typed (PRODUCT §5, §7: never the sentence itself), a mood score from its tone, the loneliness scale when the
 * module offers it and the typed turn holds three answer choices (lonelinessCall), then change_module when the
 * active prompt asks for one by name, else change_prompt to its next_prompt. A typed reply moves on only when it
 * fits the prompt's trigger condition (trigger-keywords.ts), as a model would wait for it, so a test run can stay
 * at a prompt; a spoken turn, of which the local provider hears only that someone spoke, always moves on.
 */
export type ToolCall = { name: string; args: Record<string, string | number | boolean> };

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
  // Answers to the scale are kept as its numbers only: that turn leaves no memory keywords and no mood behind.
  const scale = typed && toolNames.has('record_loneliness_scale') ? lonelinessCall(typed) : null;
  const keywords = typed && !scale ? topKeywords([{ text: typed, weight: 1 }], 5) : [];
  if (keywords.length > 0 && toolNames.has('set_memory'))
    calls.push({ name: 'set_memory', args: { key: TYPED_NOTE_KEY, value: keywords.join(', ') } });
  const mood = typed && !scale ? typedMood(typed) : null;
  if (mood !== null && toolNames.has('set_mood_score')) calls.push({ name: 'set_mood_score', args: { key: TYPED_MOOD_KEY, value: mood } });
  if (scale) calls.push(scale);
  const prompt = promptFromInstructions(instructions);
  const module = prompt ? moduleRequest(prompt.prompt) : null;
  if (module && toolNames.has('change_module')) calls.push({ name: 'change_module', args: { module_name: module } });
  else if (prompt?.nextPrompt && toolNames.has('change_prompt') && (!typed.trim() || fitsTrigger(prompt.trigger, typed)))
    calls.push({ name: 'change_prompt', args: { prompt_name: prompt.nextPrompt } });
  return calls;
}

const CHOICE = new RegExp(SCALE_CHOICES.join('|'), 'g');

/**
 * "yes: hardly ever, often, some of the time" -> the three answers in the scale's order; a turn that starts with
 * "no" declines (consent false, which the tool refuses). Null unless the turn holds at least three answer choices.
 */
export function lonelinessCall(typed: string): ToolCall | null {
  const text = typed.toLowerCase().replace(/\s+/g, ' ');
  const answers = text.match(CHOICE) ?? [];
  if (answers.length < 3) return null;
  const args: ToolCall['args'] = { consent: !/^\W*no\b/.test(text) };
  SCALE_ITEMS.forEach((item, i) => {
    args[item.field] = answers[i];
  });
  return { name: 'record_loneliness_scale', args };
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
