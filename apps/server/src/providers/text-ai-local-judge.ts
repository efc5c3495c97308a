import { contentTerms, matchedKeywords, stem, triggerKeywords } from '../realtime/providers/local/trigger-keywords';
import { INPUT } from './text-input';

/**
 * The local provider's judges for test runs (PRODUCT §10: "the local provider decides by keywords and says so").
 * They answer in the same JSON a model is asked for, so the test-runs feature reads both providers alike.
 */

export const KEYWORD_NOTE = 'Judged by keywords (local provider, no model)';

const ROLE_PREFIX = /^\s*(assistant|member|user)\s*:\s*/gim;
const keywordSet = (text: string) => new Set(contentTerms(text.replace(ROLE_PREFIX, '')).map(stem));
const listed = (words: string[]) => (words.length ? `: ${words.slice(0, 8).join(', ')}` : '');

/**
 * A criterion passes when the transcript shares more keywords with the criterion and the passing example than
 * with the failing example; words both sides use count for neither.
 */
export function localJudgeCriterion(sections: Map<string, string>): string {
  const passSide = new Set([...keywordSet(sections.get(INPUT.criterion) ?? ''), ...keywordSet(sections.get(INPUT.passExample) ?? '')]);
  const failSide = keywordSet(sections.get(INPUT.failExample) ?? '');
  const said = keywordSet(sections.get(INPUT.transcript) ?? '');
  const forPass = [...passSide].filter((w) => !failSide.has(w) && said.has(w));
  const forFail = [...failSide].filter((w) => !passSide.has(w) && said.has(w));
  const passed = forPass.length > forFail.length;
  const reason =
    `${KEYWORD_NOTE}: the transcript shares ${forPass.length} keyword(s) with the criterion and the passing ` +
    `example${listed(forPass)}, and ${forFail.length} with the failing example${listed(forFail)}.`;
  return JSON.stringify({ passed, reason });
}

/** Which numbered member replies hold a keyword of the trigger condition (trigger-keywords.ts). */
export function localJudgeTransition(sections: Map<string, string>): string {
  const trigger = sections.get(INPUT.trigger) ?? '';
  const keywords = triggerKeywords(trigger);
  const replies = (sections.get(INPUT.memberReplies) ?? '')
    .split('\n')
    .map((line) => /^\s*(\d+)\.\s*(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null);
  const fits: number[] = [];
  const found = new Set<string>();
  for (const [, number, text] of replies) {
    const matched = matchedKeywords(trigger, text);
    if (!text.trim() || (keywords.length > 0 && matched.length === 0)) continue;
    fits.push(Number(number));
    for (const w of matched) found.add(w);
  }
  const reason =
    keywords.length === 0
      ? `${KEYWORD_NOTE}: the trigger condition has no content words, so any reply fits it.`
      : `${KEYWORD_NOTE}: the trigger's keywords are ${keywords.join(', ')}; ` +
        (fits.length ? `replies ${fits.join(', ')} match ${[...found].join(', ')}.` : 'no reply matches one.');
  return JSON.stringify({ fits, reason });
}
