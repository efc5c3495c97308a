import { topKeywords, tfidfVectors, wordPairs, words } from './tfidf';
import type { TextAi, TextTask } from './text-ai-types';
import { CONNECTS, HOPES, INTEREST_CLUSTERS, localMemberDescription, localSubgroupName } from './text-ai-local-subgroups';
import { localJudgeCriterion, localJudgeTransition } from './text-ai-local-judge';
import { localMemberReply } from './text-ai-local-member';
import { hashText, localReply } from './text-ai-local-replies';
import { INPUT, readInput } from './text-input';

// Local provider: deterministic, no network ----
//
// Local output is fixed template text around single keywords. Privacy: a keyword may come from a transcript,
// but two words that stood side by side in the transcript never stand side by side in the output, so
// nothing the person said is quoted (PRODUCT §7).

type ListPiece = { items: string[]; sep: string; none: string };
type Piece = string | ListPiece;

function renderPieces(pieces: Piece[]): string {
  return pieces.map((p) => (typeof p === 'string' ? p : p.items.length ? p.items.join(p.sep) : p.none)).join('');
}

/**
 * Renders the pieces so that no adjacent word pair of the output occurs in `source`: each list item goes to
 * the last position where its neighbours are safe; an item with no safe position is left out.
 */
export function renderWithoutCopiedRuns(pieces: Piece[], source: string): string {
  const forbidden = wordPairs(source);
  const copied = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && forbidden.has(`${a} ${b}`);
  const work: Piece[] = [];
  pieces.forEach((p, i) => {
    if (typeof p === 'string') return void work.push(p);
    const before = words(renderPieces(work)).at(-1);
    const next = pieces[i + 1];
    const after = typeof next === 'string' ? words(next)[0] : undefined;
    const sep = words(p.sep);
    const placed: string[] = [];
    for (const item of p.items) {
      const w = words(item);
      for (let pos = placed.length; pos >= 0; pos--) {
        const left = pos === 0 ? before : (sep.at(-1) ?? words(placed[pos - 1]).at(-1));
        const right = pos === placed.length ? after : (sep[0] ?? words(placed[pos])[0]);
        if (!copied(left, w[0]) && !copied(w.at(-1), right)) {
          placed.splice(pos, 0, item);
          break;
        }
      }
    }
    work.push({ ...p, items: placed });
  });
  // Safety net (an emptied list shows its fixed "none" text, which has new neighbours): drop until clean.
  for (;;) {
    const tokens: Array<{ word: string; at?: [number, number] }> = [];
    work.forEach((p, i) => {
      if (typeof p === 'string') for (const word of words(p)) tokens.push({ word });
      else if (!p.items.length) for (const word of words(p.none)) tokens.push({ word });
      else
        p.items.forEach((item, j) => {
          if (j > 0) for (const word of words(p.sep)) tokens.push({ word });
          for (const word of words(item)) tokens.push({ word, at: [i, j] });
        });
    });
    let offender: [number, number] | undefined;
    for (let k = 1; k < tokens.length && !offender; k++) {
      const [a, b] = [tokens[k - 1], tokens[k]];
      if ((a.at || b.at) && copied(a.word, b.word)) offender = b.at ?? a.at;
    }
    if (!offender) return renderPieces(work);
    (work[offender[0]] as ListPiece).items.splice(offender[1], 1);
  }
}

const T = {
  profileThemes: 'Interests and themes: ',
  profileRecent: '.\nMost recent conversation touched on: ',
  memoryThemes: '- Themes the person returns to: ',
  memoryRecent: '\n- Last conversation touched on: ',
  memoryCount: '\n- Conversations remembered: ',
  none: 'none yet',
  hello: 'Hi',
  taglineNone: 'Curious ✦ Kind ✦ Connected',
  reminderNone: 'the things that matter to you',
  recapThanks: 'Thank you for talking with Hearth. Themes from our conversation: ',
  recapEnd: '. Talk again soon!',
  reminder: 'A reminder of your Hearth conversation about ',
  reminderEnd: '. Pick it up again whenever you like:',
  quizIn: 'In ',
  quizTalked: ' talked about ',
  quizMore: '. Other themes that came up: ',
  quizEnd: '.',
  quizNothing: ' took part, but shared nothing specific enough to summarise.',
  quizMember: 'The member',
  quizModule: 'this module',
  quizNone: 'several things',
  resumeThemes: 'Earlier they talked about ',
  resumeEnd: '.',
  // The words of the member-description and subgroup-name sentences written below.
  member: 'Brings a shared interest in an to A welcome addition to',
  subgroup: 'Circle Open Members who share an interest in Members with a wide mix of interests, glad to meet new people',
  // Words every generated profile uses; they say nothing about what members share.
  profiles:
    'is a from who loves and has lately been exploring hopes to find in this community likes to connect ' +
    'enjoys interests interested person member members group profile organisers connecting',
};
/** Every word the local provider's fixed text uses; never taken as a keyword. */
export const TEMPLATE_WORDS: ReadonlySet<string> = new Set(Object.values(T).flatMap((t) => words(t)));

const ROLE_LINE = /^(user|assistant|system|you|ai|me)\s*:\s*(.*)$/i;
const ROLE_WEIGHT: Record<string, number> = { assistant: 0.25, ai: 0.25, system: 0 };

/** A transcript's lines, weighted: what the person said counts most. */
function transcriptTexts(transcript: string) {
  return transcript.split('\n').map((line) => {
    const m = ROLE_LINE.exec(line.trim());
    return { text: m ? m[2] : line, weight: m ? (ROLE_WEIGHT[m[1].toLowerCase()] ?? 1) : 1 };
  });
}

const list = (items: string[], sep = ', ', none: string = T.none): ListPiece => ({ items, sep, none });
const lines = (text: string | undefined) =>
  (text ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

export function localComplete(task: TextTask, input: string, temperature: number): string {
  const s = readInput(input);
  const transcript = s.get(INPUT.transcript) ?? (s.size ? '' : input);
  const name = s.get(INPUT.name) ?? '';
  const said = transcriptTexts(transcript);
  const existing = s.get(INPUT.existing) ?? '';
  const recent = (n: number) => topKeywords(said, n, TEMPLATE_WORDS);
  const merged = (n: number) => topKeywords([...said, { text: existing, weight: 1.5 }], n, TEMPLATE_WORDS);
  const safe = (pieces: Piece[]) => renderWithoutCopiedRuns(pieces, transcript);
  switch (task) {
    case 'profile_for_group':
      return safe([T.profileThemes, list(merged(12)), T.profileRecent, list(recent(6)), '.']);
    case 'memory_document': {
      const count = Number(/Conversations remembered: (\d+)/.exec(existing)?.[1] ?? 0) + (transcript.trim() ? 1 : 0);
      return safe([T.memoryThemes, list(merged(15)), T.memoryRecent, list(recent(8)), T.memoryCount, String(count)]);
    }
    case 'convo_recap_sms': {
      const themes = recent(4);
      const hello = name ? `${T.hello} ${name}! ` : '';
      return themes.length
        ? safe([hello, T.recapThanks, list(themes), T.recapEnd])
        : `${hello}Thank you for talking with Hearth. Talk again soon!`;
    }
    case 'tagline_sms':
      return safe([list(recent(3).map(capitalise), ' ✦ ', T.taglineNone)]);
    case 'reminder_sms': {
      const hello = name ? `${T.hello} ${name}! ` : '';
      return safe([hello, T.reminder, list(recent(3), ', ', T.reminderNone), T.reminderEnd]);
    }
    case 'quiz_summary':
      return quizSummary(said, name, s.get(INPUT.module) ?? '', safe);
    case 'resume_summary':
      return safe([T.resumeThemes, list(recent(8)), T.resumeEnd]);
    case 'subgroup_naming':
      return JSON.stringify(
        localSubgroupName(
          s.get(INPUT.memberProfiles) ?? input,
          s.get(INPUT.namesUsed) ?? '',
          lines(s.get(INPUT.memberNames)),
          TEMPLATE_WORDS,
        ),
      );
    case 'member_description':
      return localMemberDescription(s.get(INPUT.memberProfile) ?? '', s.get(INPUT.subgroup) ?? '', name, TEMPLATE_WORDS);
    case 'test_user_generation':
      return JSON.stringify(localTestUser(input, s.get(INPUT.namesUsed) ?? ''));
    case 'second_model_reply':
      return localReply(input, temperature);
    case 'simulated_member':
      return localMemberReply(s.get(INPUT.persona) ?? '', transcript, Number(s.get(INPUT.seed) ?? 0) || 0);
    case 'judge_criterion':
      return localJudgeCriterion(s);
    case 'judge_transition':
      return localJudgeTransition(s);
  }
}

// Words of when and how busy, which say little about a person on their own in a list of themes.
const QUIZ_FILLER: ReadonlySet<string> = new Set([
  ...TEMPLATE_WORDS,
  ...'monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays thursdays fridays saturdays sundays'.split(' '),
  ...'morning mornings afternoon afternoons evening evenings night nights weekend weekends tonight tomorrow yesterday'.split(' '),
  ...'moment moments busy whole summer winter spring autumn'.split(' '),
]);

// A local user turn heard but not transcribed ("[speech 1.4 s]", realtime/providers/local): nothing was shared.
const SPEECH_PLACEHOLDER = /\[speech [\d.]+ s\]/g;

/**
 * PRODUCT §9: one or two sentences on what the member shared in the module. Only the member's own lines
 * count (the assistant's questions are not what they shared), as single keywords between fixed text.
 */
function quizSummary(said: ReturnType<typeof transcriptTexts>, name: string, moduleName: string, safe: (pieces: Piece[]) => string) {
  const shared = said.filter((l) => l.weight === 1).map((l) => ({ text: l.text.replace(SPEECH_PLACEHOLDER, ' '), weight: 1 }));
  const keywords = topKeywords(shared, 6, QUIZ_FILLER);
  const who = name.trim() || T.quizMember;
  const where = moduleName.trim().replace(/\.json$/i, '') || T.quizModule;
  if (keywords.length === 0) return `${T.quizIn}${where}, ${who}${T.quizNothing}`;
  const more = keywords.slice(3);
  return safe([
    `${T.quizIn}${where}, ${who}${T.quizTalked}`,
    list(keywords.slice(0, 3), ', ', T.quizNone),
    ...(more.length ? [T.quizMore, list(more, ', ', T.quizNone)] : []),
    T.quizEnd,
  ]);
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/**
 * Faker and its English data are loaded on the first generated test user, not with the server: they are about
 * 15 MB and 250,000 objects of JavaScript heap, and every collection of a relay process walks what it holds.
 */
let fakerLibrary: typeof import('@faker-js/faker') | null = null;

export async function loadFaker(): Promise<void> {
  fakerLibrary ??= await import('@faker-js/faker');
}

function localTestUser(input: string, namesUsed: string) {
  if (!fakerLibrary) throw new Error('loadFaker() must finish before a local test user is generated');
  const { Faker, en } = fakerLibrary;
  const faker = new Faker({ locale: [en] });
  faker.seed(hashText(input));
  const used = new Set(namesUsed.split('\n').map((n) => n.trim().toLowerCase()));
  let name = faker.person.firstName();
  for (let i = 0; i < 20 && used.has(name.toLowerCase()); i++) name = faker.person.firstName();
  const cluster = faker.helpers.arrayElement(INTEREST_CLUSTERS);
  const [a, b, c] = faker.helpers.arrayElements(cluster, 3);
  const other = faker.helpers.arrayElement(faker.helpers.arrayElement(INTEREST_CLUSTERS.filter((x) => x !== cluster)));
  const job = faker.person.jobTitle().toLowerCase();
  const profile =
    `${name} is ${article(job)} ${job} from ${faker.location.city()} who loves ${a}, ${b} and ${c}, ` +
    `and has lately been exploring ${other}. ${name} hopes to find ${faker.helpers.arrayElement(HOPES)} in this ` +
    `community and likes to connect ${faker.helpers.arrayElement(CONNECTS)}.`;
  return { name, profile };
}

export function localText(): TextAi {
  return {
    kind: 'local',
    complete: async (req) => {
      if (req.task === 'test_user_generation') await loadFaker();
      return { text: localComplete(req.task, req.input, req.temperature ?? 0.8), costUsd: 0 };
    },
    embed: async (texts) => ({ vectors: tfidfVectors(texts), costUsd: 0 }),
  };
}
