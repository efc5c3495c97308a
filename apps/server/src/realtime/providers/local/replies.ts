import type { Rng } from './speech-synth';
import { spokenLine } from './spoken-line';

/**
 * What the local provider says. It cannot understand speech, so it reads the active prompt out of the composed
 * instructions (SPEC §3 renders the prompt's fields as 'field: value' paragraphs) and says what a companion
 * following it would say (spoken-line.ts), never the instruction itself. Temperature widens the choice of
 * wording, as it would for a model.
 */

export interface PromptInfo {
  name: string;
  prompt: string;
  nextPrompt: string;
  /** The prompt's trigger condition: when a typed reply meets it, the local provider moves on (turn-tools.ts). */
  trigger: string;
}

export function promptFromInstructions(instructions: string): PromptInfo | null {
  const field = (name: string) => {
    const match = instructions.match(new RegExp(`^${name}: ?(.*)$`, 'm'));
    return match ? match[1].trim() : undefined;
  };
  const name = field('name');
  const prompt = field('prompt');
  if (name === undefined || prompt === undefined) return null;
  return { name, prompt, nextPrompt: field('next_prompt') ?? '', trigger: field('trigger_condition') ?? '' };
}

/**
 * A prompt that tells the model to switch module names it the way an operator would write it for a real
 * model: `… call change_module with "Get to Know You".` The local provider then calls change_module with that
 * name after the person's next turn, so module switching can be exercised without a key.
 */
export function moduleRequest(promptText: string): string | null {
  const match = promptText.match(/\bchange_module\b[^"“]*["“]([^"”]+)["”]/);
  return match ? match[1].trim() || null : null;
}

const OPENERS = ['', 'Thank you.', 'I hear you.', 'Thanks for sharing that.', 'That is good to know.', 'Alright.', 'Lovely.'];
const CLOSERS = ['', 'Take your time.', 'I am listening.', 'No rush.'];

// When a prompt holds nothing that can be said out loud (only "listen", "reflect", a tool call…).
const FIRST_FALLBACK = 'Hello! How are you today?';
const LATER_FALLBACK = 'Could you tell me a little more about that?';

/** A line for the active prompt, spoken to the person, with an opener after the first turn. */
export function replyLine(prompt: PromptInfo | null, opts: { turn: number; temperature: number; rng: Rng }): string {
  const body = spokenLine(prompt?.prompt ?? '', opts.turn === 0 ? FIRST_FALLBACK : LATER_FALLBACK);
  // At the lowest temperature the wording is fixed; each 0.1 above it adds a choice.
  const spread = Math.max(1, Math.round((opts.temperature - 0.5) * 10));
  const pick = (list: string[], fallback: number) =>
    list[spread <= 1 ? fallback % list.length : Math.floor(opts.rng() * Math.min(spread, list.length))];
  const opener = opts.turn === 0 || /^(thank|welcome|hello)\b/i.test(body) ? '' : pick(OPENERS.slice(1), opts.turn - 1);
  const closer = spread > 3 ? pick(CLOSERS, 0) : '';
  return [opener, body, closer].filter(Boolean).join(' ');
}

/** The transcript placeholder for a user turn: the local provider hears that someone spoke, not what. */
export function speechPlaceholder(durationMs: number): string {
  return `[speech ${(Math.max(0, durationMs) / 1000).toFixed(1)} s]`;
}
