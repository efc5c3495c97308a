import type { SequentialPrompt } from '@hearth/db/schema';
import type { TextAi } from '../../providers/text-ai';
import type { TestRunAi } from './ai';
import type { Segment } from './driver';

/**
 * Each transition an attempt took, and each prompt where it stayed though the prompt leads on, judged against the
 * trigger condition of the prompt it left (PRODUCT §10): premature, on time, or missed. Staying where staying was
 * right ('none') is no transition and is not listed.
 */

export interface JudgedTransition {
  from: string;
  to: string;
  turn: number | null;
  verdict: 'premature' | 'on_time' | 'missed';
  reason: string;
}

export async function judgeTransitions(
  text: TextAi,
  ai: Pick<TestRunAi, 'judgeTransition'>,
  prompts: SequentialPrompt[],
  segments: Segment[],
): Promise<{ list: JudgedTransition[]; costUsd: number }> {
  const byName = new Map(prompts.map((p) => [p.name, p]));
  const list: JudgedTransition[] = [];
  let costUsd = 0;
  for (const s of segments) {
    const prompt = byName.get(s.prompt);
    const to = s.movedTo ?? prompt?.next_prompt ?? '';
    if (!to) continue;
    const verdict = await ai.judgeTransition(text, {
      from: s.prompt,
      to,
      trigger: prompt?.trigger_condition ?? '',
      memberLines: s.memberLines,
      movedAfter: s.movedTo ? s.movedAfter : null,
    });
    costUsd += verdict.costUsd;
    if (verdict.verdict === 'none') continue;
    list.push({ from: s.prompt, to, turn: s.movedTo ? s.turn : null, verdict: verdict.verdict, reason: verdict.reason });
  }
  return { list, costUsd };
}
