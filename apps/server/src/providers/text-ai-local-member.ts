import { contentTerms } from '../realtime/providers/local/trigger-keywords';
import { hashText, lastQuestion, REPLIES, seededRandom } from './text-ai-local-replies';

/**
 * The local provider's simulated member for test runs (PRODUCT §10): a short reply to the assistant's last
 * question, in character with the persona, decided by the seed. It mixes the persona's own interests with the
 * question's topic (so a reply often meets the prompt's trigger condition) and sometimes, more often for a shy or
 * reluctant persona, gives no real answer ("Hmm, not sure."), so repeats differ and a prompt can be stayed at.
 * It never repeats the whole question back.
 */

const RELUCTANT = /\b(shy|brief|reluctant|quiet|hesitant|guarded|terse|reserved|private|withdrawn|short answers?|few words)\b/i;
const NON_ANSWER_SHARE = { reluctant: 0.45, usual: 0.15 };
export const NON_ANSWERS = [
  'Hmm, not sure.',
  "I'd rather not say just yet.",
  'Hard to say, really.',
  "Oh, I don't know.",
  'Maybe. Let me think.',
  'Pass, for now.',
];

// Words that describe how the persona talks or who they are in general, not what they care about.
const DESCRIPTORS = new Set(
  `shy brief reluctant quiet hesitant guarded terse reserved private withdrawn chatty talkative friendly warm open
  curious nervous anxious polite new member persona retired aged age gives give answers answer short long words
  likes loves enjoys enjoy love like works work lives living live moved recently who years old young rarely often
  tends speaks talks sentences replies types writes mother father woman man girl boy lady guy`.split(/\s+/),
);
const FALLBACK_INTERESTS = ['gardening', 'cooking', 'long walks', 'reading', 'music', 'board games'];
const FALLBACK_NAMES = ['Sam', 'Alex', 'Jo', 'Riley'];

// The part of a question worth echoing as a lead-in ("…in your free time?" → "In my free time?").
const ECHO_START = /\b(in|on|at|about|for|with|during|this|these|lately)\b/gi;
const MAX_ECHO_WORDS = 4;

// REPLIES' kinds of question that get their own answer here (its order: name, how are you, interests, meeting, …).
const NAME_QUESTION = 0;
const INTEREST_QUESTION = 2;
const MEETING_QUESTION = 3;

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length) % items.length];
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The persona's name when it gives one ("Maya, 34, …", "named Maya", "I'm Maya"). */
export function personaName(persona: string): string | null {
  const named = /\b(?:named|called|name is|I am|I'm)\s+([A-Z][a-z]+)/.exec(persona)?.[1];
  const leading = /^\s*([A-Z][a-z]+)\b(?=\s*(?:,|\(|[-–—]|is\b|who\b|\d))/.exec(persona)?.[1];
  const name = named ?? leading;
  return name && !DESCRIPTORS.has(name.toLowerCase()) && contentTerms(name).length > 0 ? name : null;
}

// What follows these words in a persona is what the person cares about ("…who loves birdwatching and baking.").
const INTEREST_CLAUSE =
  /\b(?:loves?|likes?|enjoys?|into|interested in|passionate about|fan of|hobb(?:y|ies)(?: is| are)?:?)\s+([^.;!?]+)/gi;

/** The persona's interests, in order: the words after "loves", "enjoys", … or else all its own content words. */
export function personaInterests(persona: string): string[] {
  const name = personaName(persona)?.toLowerCase();
  const own = (text: string) => contentTerms(text).filter((w) => !DESCRIPTORS.has(w) && w !== name);
  const stated = [...persona.matchAll(INTEREST_CLAUSE)].flatMap((m) => own(m[1]));
  return [...new Set(stated.length > 0 ? stated : own(persona))];
}

function echoOf(question: string): string | null {
  if (!question.endsWith('?')) return null;
  const body = question.slice(0, -1).trim();
  const total = body.split(/\s+/).length;
  const starts = [...body.matchAll(ECHO_START)].map((m) => m.index!);
  for (const start of starts) {
    const tail = body.slice(start).trim();
    const count = tail.split(/\s+/).length;
    if (count <= MAX_ECHO_WORDS && count < total) {
      return tail
        .replace(/\byour\b/gi, 'my')
        .replace(/\byours\b/gi, 'mine')
        .replace(/\byou\b/gi, 'me');
    }
  }
  return null;
}

/** One reply of the member with this persona to the transcript's last assistant line (lines "Assistant: …"). */
export function localMemberReply(persona: string, transcript: string, seed: number): string {
  const lines = transcript.split('\n').map((line) => /^(assistant|member)\s*:\s*(.*)$/i.exec(line.trim()));
  const lastAssistant = lines.filter((m) => m?.[1].toLowerCase() === 'assistant').at(-1)?.[2] ?? '';
  const memberTurns = lines.filter((m) => m?.[1].toLowerCase() === 'member').length;
  const rng = seededRandom(hashText(`${seed}|${memberTurns}|${lastAssistant}`));
  const share = RELUCTANT.test(persona) ? NON_ANSWER_SHARE.reluctant : NON_ANSWER_SHARE.usual;
  if (rng() < share) return pick(rng, NON_ANSWERS);

  const question = lastQuestion(lastAssistant);
  const kind = REPLIES.findIndex(([re]) => re.test(question.toLowerCase()));
  const own = personaInterests(persona);
  const pool = own.length > 0 ? own : FALLBACK_INTERESTS;
  const a = pick(rng, pool);
  const b = pick(rng, pool.length > 1 ? pool.filter((w) => w !== a) : FALLBACK_INTERESTS.filter((w) => w !== a));
  const echo = echoOf(question);
  const lead = echo && rng() < 0.5 ? `${capitalise(echo)}? ` : '';
  const base = kind >= 0 ? pick(rng, REPLIES[kind][1]) : '';

  switch (kind) {
    case NAME_QUESTION: {
      const name = personaName(persona) ?? pick(rng, FALLBACK_NAMES);
      return pick(rng, [
        `You can call me ${name}.`,
        `My name is ${name}.`,
        `Call me ${name}, please.`,
        `${name}, that's what my friends call me.`,
      ]);
    }
    case MEETING_QUESTION:
      return (
        lead +
        pick(rng, [
          `I hope to find people who love ${a}.`,
          `Mostly I'm looking for friends to share ${a} with.`,
          `I'd like to meet others who enjoy ${a} and ${b}.`,
          `Honestly I want to find a few people nearby, maybe through ${a}.`,
        ])
      );
    default: {
      const interest = pick(rng, [
        `I love ${a} and ${b}.`,
        `Mostly ${a}, and ${b} when I can.`,
        `I really enjoy ${a} these days.`,
        `${capitalise(a)}, honestly. It's my favourite hobby.`,
      ]);
      if (kind === INTEREST_QUESTION || kind < 0) return lead + interest;
      return rng() < 0.5 ? `${lead}${base} ${interest}` : lead + base;
    }
  }
}
