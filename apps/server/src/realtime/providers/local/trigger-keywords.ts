import { STOP_WORDS, words } from '../../../providers/tfidf';

/**
 * Keywords of a prompt's trigger condition (SPEC §3), shared by the local provider (which moves on only when a
 * typed reply fits the condition) and the test runs' keyword judge (which calls a transition on time, premature or
 * missed). A model reads the condition; the local provider can only compare words, so a condition fits a reply
 * when the reply holds one of the condition's content words, after light stemming, or a word of the same small
 * family ("interests" is met by "hobby" or "enjoy", "called" by "name").
 */

// Words every condition uses about whoever speaks and what they did; they say nothing about what must be said.
const GENERIC = `
user users member members person persons people participant caller guest they them their theirs he she his her
has have had having shared share shares sharing said says say told tell tells talked talk talks mentioned mention
mentions answered answer answers responded responds respond replied reply replies asked asks ask described describe
describes explained explain explains expressed express stated state given gave give gives named provided provide
spoken speaks speak agreed agree confirmed confirm once when after before the a an about at least two three one
some any all more most several few first next last follow followup trigger condition conversation complete
completed done finished over ended end enough something anything everything thing things clearly clear way
`;

// Words the general stop list drops that can carry a condition's meaning ("who they would like to meet").
const MEANINGFUL = new Set(
  'enjoy enjoys enjoyed enjoying love loves loved loving hate meet meets meeting met call called find finds found feel feels felt feeling week weeks year years happy glad old young'.split(
    ' ',
  ),
);

const STOP: ReadonlySet<string> = new Set([...[...STOP_WORDS].filter((w) => !MEANINGFUL.has(w)), ...GENERIC.split(/\s+/).filter(Boolean)]);

/** A light stem: plurals, -ing and -ed, and a final e, so "shares", "shared", "sharing" and "share" meet. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (w.length > 4 && /(ies|ied)$/.test(w)) w = `${w.slice(0, -3)}y`;
  else if (w.length > 4 && w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  let base = '';
  if (w.length > 5 && w.endsWith('ing')) base = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) base = w.slice(0, -2);
  if (base) w = /([^aeioulsz])\1$/.test(base) ? base.slice(0, -1) : base;
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

// Small families of words that meet the same condition (each family's words, stemmed).
const FAMILIES: string[][] = [
  'call name nickname',
  'interest hobby hobbies enjoy love passion fun',
  'hope wish want looking find dream',
  'meet friend friends company companion',
  'feel feeling mood happy sad tired calm',
  'family parent mother father mum mom dad sister brother child children kid kids daughter son partner',
  'work job career office colleague',
  'live home town city neighbourhood neighborhood street',
].map((family) => family.split(' ').map(stem));

/** The condition's content words, lower-cased and stemmed, in order of appearance, without repeats. */
export function triggerKeywords(trigger: string): string[] {
  return [...new Set(contentTerms(trigger).map(stem))];
}

/**
 * Content words of any text as written (lower-cased, not stemmed), under the same stop list: what the local
 * simulated member takes from a question to answer on topic.
 */
export function contentTerms(text: string): string[] {
  return words(text.replace(/[_-]/g, ' ')).filter((w) => w.length >= 3 && /^\p{L}+$/u.test(w) && !STOP.has(w));
}

/** The keywords of the condition that `reply` holds (a family word counts for its keyword), for a judge's reason. */
export function matchedKeywords(trigger: string, reply: string): string[] {
  const said = new Set(words(reply.replace(/[_-]/g, ' ')).map(stem));
  return triggerKeywords(trigger).filter(
    (k) => said.has(k) || FAMILIES.some((family) => family.includes(k) && family.some((w) => said.has(w))),
  );
}

/**
 * Whether `reply` fits the condition: it holds at least one of its keywords or a word of the same family. A
 * condition with no content words ("The person has answered.") fits any non-empty reply.
 */
export function fitsTrigger(trigger: string, reply: string): boolean {
  if (!words(reply).length) return false;
  return triggerKeywords(trigger).length === 0 || matchedKeywords(trigger, reply).length > 0;
}
