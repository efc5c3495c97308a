import type { ReasoningEffort } from '@hearth/protocol';
import type { AnswerPart } from './response';
import type { Rng } from './speech-synth';

/**
 * How the local provider answers at each reasoning effort, as `gpt-realtime-2` does: from `medium` up it first
 * says a short preamble (`phase: 'commentary'`) while it "thinks", then the final answer (`phase: 'final_answer'`)
 * in the same response; below that one final answer. A session that never set an effort answers with one item
 * and no phase, as the older models do.
 */
export const PREAMBLES = [
  'Let me think about that.',
  'Hmm, give me a moment.',
  'Good question, let me think.',
  'One moment while I think about that.',
  'Let me consider that for a second.',
] as const;

/** Think time of the final answer, counted from the preamble's first sample: grows with the effort. */
export const REASONING_MS: Record<ReasoningEffort, number> = { minimal: 0, low: 0, medium: 400, high: 900, xhigh: 1800 };

export function speaksPreamble(effort: ReasoningEffort | null): boolean {
  return effort !== null && REASONING_MS[effort] > 0;
}

export function answerParts(reply: string, effort: ReasoningEffort | null, rng: Rng): AnswerPart[] {
  if (effort === null) return [{ text: reply }];
  const answer: AnswerPart = { phase: 'final_answer', text: reply };
  if (!speaksPreamble(effort)) return [answer];
  return [{ phase: 'commentary', text: PREAMBLES[Math.floor(rng() * PREAMBLES.length)] }, answer];
}
