import type { TextAi } from '../../providers/text-ai';
import { judgeCriterion, judgeTransition } from './judges';
import { memberReply } from './simulated-member';

/**
 * What a test run asks of the text provider (PRODUCT §10): the simulated member's next line and the judges. The
 * functions are simulated-member.ts and judges.ts; a runner takes them as one value so a run names its judge.
 */

export type Line = { role: 'assistant' | 'member'; text: string };

export interface TestRunAi {
  memberReply(text: TextAi, req: { persona: string; transcript: Line[]; seed: number }): Promise<{ text: string; costUsd: number }>;
  judgeCriterion(
    text: TextAi,
    req: { criterion: string; pass: string; fail: string; transcript: Line[] },
  ): Promise<{ passed: boolean; reason: string; byKeywords: boolean; costUsd: number }>;
  judgeTransition(
    text: TextAi,
    req: { from: string; to: string; trigger: string; memberLines: string[]; movedAfter: number | null },
  ): Promise<{ verdict: 'premature' | 'on_time' | 'missed' | 'none'; reason: string; byKeywords: boolean; costUsd: number }>;
}

/** The product's: the text provider plays the member and judges (by keywords on the local provider). */
export const productAi: TestRunAi = { memberReply, judgeCriterion, judgeTransition };
