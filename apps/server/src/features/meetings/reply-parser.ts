/**
 * What a member's SMS reply to "did you meet your group?" says, read from free wording in any case (PRODUCT §11).
 * Decisions, so the answers stay predictable:
 * - "later" wins over a plain negative when the member still means to meet: "not yet", "haven't yet", "next week",
 *   "soon", "planning to", "this weekend", "haven't had the chance": "no, not yet" is LATER, not NO.
 * - a plain negative ("nope", "we haven't met", "didn't happen", "never") is NO.
 * - both YES and NO words ("yes and no"), or none ("who is this?", "maybe", "ok"), is unclear: one clarifying SMS.
 * - asking us to stop texting ("please stop texting me", "unsubscribe") is STOP, even with other words.
 * The reply's words are read here and never kept: only the one-word answer leaves this function.
 */
export type MetReply = 'yes' | 'no' | 'later' | 'stop' | 'unclear';

const STOP = [
  /^(stop|stopall|unsubscribe|cancel|end|quit)\b[.! ]*$/,
  /\bstop (texting|messaging|sending|contacting|writing|bothering)\b/,
  /\bunsubscribe\b/,
  /\bopt(-| )?out\b/,
  /\b(don'?t|do not) (text|message|contact|sms|write to) me\b/,
  /\bno more (texts|messages|sms)\b/,
  /\bremove me\b/,
  /\bleave me alone\b/,
  /\btake me off\b/,
];

/** Unsure or a question back: never read as an answer, whatever else the words say. */
const UNSURE = [
  /\bnot sure\b/,
  /\bdon'?t know\b/,
  /\bdunno\b/,
  /\bdon'?t remember\b/,
  /\bwho is this\b/,
  /\bwhat group\b/,
  /\byes and no\b/,
  /\bsort of\b/,
  /\bkind of\b/,
];

const LATER = [
  /\bnot yet\b/,
  /\bnot so far\b/,
  /\b(a|the) date (set|planned|fixed|in)\b/,
  /\b(haven'?t|have not|hasn'?t|didn'?t|not) (\w+ ){0,3}yet\b/,
  /\byet to\b/,
  /\blater\b/,
  /\bsoon\b/,
  /\bnext (week|month|time|weekend)\b/,
  /\bthis (week|weekend|month|saturday|sunday|evening)\b/,
  /\btomorrow\b/,
  /\b(this|next) (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/,
  /\bin a (few|couple)\b/,
  /\bplann?(ing|ed)? to\b/,
  /\b(going|gonna|hoping|hope|about) to meet\b/,
  /\b(will|we'll|i'll) (meet|see|catch up)\b/,
  /\b(we're|we are|i'm|i am) (meeting|seeing|getting together)\b/,
  /\b(scheduled|arranged|arranging|organising|organizing)\b/,
  /\bhaven'?t had (the |a )?(chance|time)\b/,
  /\bnot had (the |a )?(chance|time)\b/,
  /\b(still )?waiting\b/,
  /\bask (me )?again\b/,
  /\bremind me\b/,
  /\bbusy\b/,
  /⏳|🔜/u,
];

/** Negatives are found (and taken out) first, so "we did not" is not also read as "we did". */
const NO = [
  /\b(didn'?t|did not|haven'?t|have not|hasn'?t|has not|couldn'?t|could not|can'?t|cannot|won'?t|weren'?t|were not|wasn'?t|was not)\b( \w+){0,3}/g,
  /\bnot (really|interested|at all|this time)\b/g,
  /\bunfortunately not\b|\bsadly not\b/g,
  /\b(no|nope|nah|nay|nop|never|negative|non)\b/g,
  /\bno(-| )one (came|showed|turned|replied|answered)\b/g,
  /\b(nobody|cancelled|canceled)\b/g,
  /^n$/g,
  /👎|❌|🚫|🙁|😞|😢/gu,
];

const YES = [
  /\by+e+s+\b|\bye+a+h*\b|\byah\b|\byep+\b|\byup+\b|\bya\b|\bsure\b|\bof course\b|\babsolutely\b|\bdefinitely\b|\bindeed\b|\bcorrect\b|\baffirmative\b|\btotally\b/,
  /^y$|^si$|^sí$|^oui$|^ja$/,
  /\b(we|i|they) (did|have|met|had|went|got together|caught up|grabbed|managed)\b/,
  /\bmet (up|them|him|her|the group|everyone|last|on|yesterday|twice)\b/,
  /^met\b|\bmet (\d+|some|most|all|a few|two|three|four|half)\b/,
  /\bsure did\b|\bdid indeed\b/,
  /\bit was (great|lovely|nice|fun|wonderful|good|amazing|brilliant|fantastic)\b/,
  /\bhad a (great|lovely|nice|good|wonderful|fun|fantastic) (time|chat|walk|evening|afternoon|morning)\b/,
  /👍|✅|✔|🙌|🎉|😊|😀|🥰|❤/u,
];

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc`]/g, "'")
    .replace(/\b(have|did|has|could|can|won|were|was|do|is|are)nt\b/g, "$1n't")
    .replace(/\bdont\b/g, "don't")
    .replace(/\bcant\b/g, "can't")
    .replace(/[^\p{L}\p{N}\p{Extended_Pictographic}'\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function parseMetReply(text: string): MetReply {
  const s = normalize(text);
  if (!s) return 'unclear';
  if (STOP.some((re) => re.test(s))) return 'stop';
  if (UNSURE.some((re) => re.test(s))) return 'unclear';
  if (LATER.some((re) => re.test(s))) return 'later';
  let rest = s;
  let negative = false;
  for (const re of NO) {
    rest = rest.replace(re, () => {
      negative = true;
      return ' ';
    });
  }
  const positive = YES.some((re) => re.test(rest.trim()));
  if (positive && negative) return 'unclear';
  if (positive) return 'yes';
  if (negative) return 'no';
  return 'unclear';
}
