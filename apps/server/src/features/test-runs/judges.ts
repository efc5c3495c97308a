import { composeInput, INPUT, readJsonAnswer, type TextAi } from '../../providers/text-ai';
import { formatRunTranscript, type RunTranscript } from './simulated-member';

/**
 * The judges of a test run (PRODUCT §10). A model judges through the text provider with fixed instructions and a
 * JSON answer; the local provider answers the same JSON by keywords (text-ai-local-judge.ts) and says so in its
 * reason. An answer that cannot be read, or a provider that cannot be asked, is a failed judgement with a reason,
 * never a throw: a run goes on and shows why.
 */

const CRITERION_INSTRUCTIONS =
  'You judge a test conversation between Hearth, a voice companion ("Assistant"), and a simulated community ' +
  'member ("Member"). Decide whether the conversation meets the criterion. The example that passes and the ' +
  'example that fails show where the line is. Judge only what the transcript shows.\n' +
  'Answer with a JSON object: {"passed": true or false, "reason": "<one sentence saying why>"}.';

const TRANSITION_INSTRUCTIONS =
  'You judge when a voice companion should move on from one prompt of a conversation to the next: as soon as the ' +
  'member has said something that meets the trigger condition. You get the condition and the member’s replies, ' +
  'numbered. Say which replies meet the condition.\n' +
  'Answer with a JSON object: {"fits": [<the numbers of the replies that meet it>], "reason": "<one sentence>"}.';

const MAX_REASON_CHARS = 400;

type Asked = { answer: Record<string, unknown> | null; costUsd: number; failure?: string };

async function ask(
  text: TextAi,
  task: 'judge_criterion' | 'judge_transition',
  instructions: string,
  parts: Array<[string, string]>,
): Promise<Asked> {
  try {
    const { text: answer, costUsd } = await text.complete({ task, instructions, input: composeInput(parts), temperature: 0 });
    return { answer: readJsonAnswer(answer), costUsd };
  } catch (err) {
    return { answer: null, costUsd: 0, failure: `the judge could not be asked (${(err as Error).message || 'provider error'})` };
  }
}

const reasonOf = (answer: Record<string, unknown>) =>
  typeof answer.reason === 'string' ? answer.reason.trim().slice(0, MAX_REASON_CHARS) : '';

function readBoolean(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|yes|pass|passed)$/i.test(value.trim())) return true;
  if (typeof value === 'string' && /^(false|no|fail|failed)$/i.test(value.trim())) return false;
  return null;
}

export async function judgeCriterion(
  text: TextAi,
  req: { criterion: string; pass: string; fail: string; transcript: RunTranscript },
): Promise<{ passed: boolean; reason: string; byKeywords: boolean; costUsd: number }> {
  const byKeywords = text.kind === 'local';
  const { answer, costUsd, failure } = await ask(text, 'judge_criterion', CRITERION_INSTRUCTIONS, [
    [INPUT.criterion, req.criterion],
    [INPUT.passExample, req.pass],
    [INPUT.failExample, req.fail],
    [INPUT.transcript, formatRunTranscript(req.transcript)],
  ]);
  const passed = answer ? readBoolean(answer.passed) : null;
  if (passed === null) {
    return {
      passed: false,
      reason: `Not judged, counted as failed: ${failure ?? 'the judge’s answer could not be read'}.`,
      byKeywords,
      costUsd,
    };
  }
  const reason = reasonOf(answer!) || (passed ? 'The judge found the criterion met.' : 'The judge found the criterion not met.');
  return { passed, reason, byKeywords, costUsd };
}

export type TransitionVerdict = 'premature' | 'on_time' | 'missed' | 'none';

/**
 * When the assistant moved from `from` to `to`, against the first member reply that fits the trigger:
 * - on_time: it moved right after the first fitting reply;
 * - premature: it moved before any reply fit;
 * - missed: a reply fit but it never moved, or moved only some replies later (the reason says how many; there
 *   is no separate "late");
 * - none: it stayed and no reply fit, which is right.
 * A judgement that could not be made is 'none' with a reason starting "Not judged", so it never counts as a verdict.
 */
export async function judgeTransition(
  text: TextAi,
  req: { from: string; to: string; trigger: string; memberLines: string[]; movedAfter: number | null },
): Promise<{ verdict: TransitionVerdict; reason: string; byKeywords: boolean; costUsd: number }> {
  const byKeywords = text.kind === 'local';
  const { from, to, memberLines, movedAfter } = req;
  if (memberLines.length === 0) {
    return movedAfter === null
      ? { verdict: 'none', reason: `Stayed at "${from}": the member did not reply there.`, byKeywords, costUsd: 0 }
      : { verdict: 'premature', reason: `Moved to "${to}" before the member replied at "${from}".`, byKeywords, costUsd: 0 };
  }
  const { answer, costUsd, failure } = await ask(text, 'judge_transition', TRANSITION_INSTRUCTIONS, [
    [INPUT.trigger, req.trigger],
    [INPUT.memberReplies, memberLines.map((line, i) => `${i + 1}. ${line.replace(/\s+/g, ' ').trim()}`).join('\n')],
  ]);
  const fits = answer && Array.isArray(answer.fits) ? answer.fits : null;
  if (!fits) {
    return { verdict: 'none', reason: `Not judged: ${failure ?? 'the judge’s answer could not be read'}.`, byKeywords, costUsd };
  }
  const fitting = fits.map(Number).filter((n) => Number.isInteger(n) && n >= 1 && n <= memberLines.length);
  const firstFit = fitting.length ? Math.min(...fitting) - 1 : null;
  const { verdict, reason } = transitionVerdict(from, to, firstFit, movedAfter);
  const basis = reasonOf(answer!);
  return { verdict, reason: basis ? `${reason} ${basis}` : reason, byKeywords, costUsd };
}

/** The verdict from the first fitting reply and the reply after which it moved (both indexes, or null). */
export function transitionVerdict(from: string, to: string, firstFit: number | null, movedAfter: number | null) {
  const nth = (index: number) => `reply ${index + 1}`;
  if (movedAfter === null) {
    return firstFit === null
      ? { verdict: 'none' as const, reason: `Stayed at "${from}": no reply fit the trigger.` }
      : { verdict: 'missed' as const, reason: `${capital(nth(firstFit))} fit the trigger, but it never moved to "${to}".` };
  }
  if (firstFit === null || firstFit > movedAfter) {
    return { verdict: 'premature' as const, reason: `Moved to "${to}" after ${nth(movedAfter)}, before any reply fit the trigger.` };
  }
  if (firstFit === movedAfter) {
    return { verdict: 'on_time' as const, reason: `Moved to "${to}" right after ${nth(movedAfter)}, the first that fit the trigger.` };
  }
  const late = movedAfter - firstFit;
  return {
    verdict: 'missed' as const,
    reason: `${capital(nth(firstFit))} fit the trigger, but it moved to "${to}" only after ${nth(movedAfter)} (${late} ${late === 1 ? 'reply' : 'replies'} late).`,
  };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
