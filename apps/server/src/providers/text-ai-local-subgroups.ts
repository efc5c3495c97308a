import { topKeywords, words } from './tfidf';
import { PROFILE_SEPARATOR } from './text-input';

// The local provider's subgroup names and member descriptions (PRODUCT §5). Members read them (the assignment
// SMS and e-mail), so they are built only from interest keywords: never a person's name or a place, which
// profiles are full of ("Mary is a nurse from East Shelley who loves hiking…").

/** First names common enough to turn up in what people say about friends and family; words that are also plain nouns (rose, grace, mark…) are left out. */
const COMMON_FIRST_NAMES = new Set(
  `
aaron abigail adam adrian aiden alan albert alex alexander alexandra alice alicia allison amanda amelia amy ana andrea
andrew angela anna anne annie anthony antonio arthur ashley audrey austin barbara ben benjamin beth betty brandon brenda
brian bruce bryan caleb carl carlos carol caroline catherine charles charlie charlotte chloe chris christian christina
christine christopher claire cynthia daniel david deborah debra denise dennis diana diane donald donna dorothy douglas dylan
edward elena elijah elizabeth ella ellen emily emma eric ethan eugene evelyn frances frank gabriel gary george gerald
gloria gregory hannah harold harry heather helen henry isaac isabella jack jacob jacqueline james jane janet janice jason
jean jeffrey jennifer jeremy jerry jessica joan joe john johnny jonathan jordan jose joseph joshua joyce juan judith judy
julia julie justin karen katherine kathleen kathryn kayla keith kelly kenneth kevin kimberly kyle larry laura lauren
lawrence linda lisa logan louis lucas lucy luis madison margaret maria marie marilyn martha martin mary matthew megan
melissa michael michelle nancy natalie nathan nicholas nicole noah olivia oliver pamela patricia patrick paul peter
philip rachel ralph randy raymond rebecca richard robert roger ronald russell ruth ryan samantha samuel sandra sara sarah
scott sean sharon shelley shirley sophia sophie stephanie stephen steven susan teresa terry thomas timothy tyler victoria
vincent virginia walter wayne william zachary
`
    .split(/\s+/)
    .filter(Boolean),
);

// Test users get one main cluster of interests, so subgroup assignment has structure to find.
export const INTEREST_CLUSTERS = [
  ['hiking', 'cycling', 'gardening', 'birdwatching', 'camping', 'kayaking'],
  ['painting', 'pottery', 'photography', 'poetry', 'theatre', 'sketching'],
  ['cooking', 'baking', 'fermentation', 'coffee', 'foraging', 'sourdough'],
  ['coding', 'robotics', 'astronomy', 'electronics', 'chess', 'board games'],
  ['volunteering', 'mentoring', 'parenting', 'meditation', 'yoga', 'journaling'],
  ['guitar', 'choir singing', 'jazz', 'drumming', 'dancing', 'songwriting'],
];
export const HOPES = [
  'a few close friends nearby',
  'people to share a weekly meal with',
  'a group to start projects with',
  'neighbours who look out for each other',
  'mentors and people to learn from',
  'a reason to get out of the house more',
];
export const CONNECTS = [
  'in small groups',
  'one to one over coffee',
  'through shared projects',
  'on long walks',
  'at regular meetups',
  'online first, then in person',
];

// Words of the test users' hopes and ways to connect, and of the job titles faker gives them: they say what a
// member wants or does for a living, not an interest to share.
const NOT_INTERESTS = new Set([
  ...[...HOPES, ...CONNECTS].flatMap((t) => words(t)),
  ...(
    'lead senior direct corporate dynamic future product national regional district central global customer investor ' +
    'international legacy forward internal human chief principal solutions program brand security research marketing ' +
    'directives implementation integration functionality response paradigm tactics identity markets group division ' +
    'applications optimization operations infrastructure intranet communications web branding quality assurance mobility ' +
    'accounts data creative configuration accountability interactions factors usability metrics supervisor associate ' +
    'executive liaison officer manager engineer specialist director coordinator administrator architect analyst designer ' +
    'planner orchestrator technician developer producer consultant assistant facilitator agent representative strategist'
  ).split(' '),
]);
const KNOWN_INTERESTS = new Set(INTEREST_CLUSTERS.flat().flatMap((t) => words(t)));

/**
 * Words that name people or places: the members' own names, common first names, and words written with a
 * capital inside a sentence (names and places; a sentence's first word is not counted).
 */
export function personalWords(texts: string[], memberNames: string[]): Set<string> {
  const out = new Set<string>(COMMON_FIRST_NAMES);
  for (const name of memberNames) for (const w of words(name)) out.add(w.replace(/'s$/, ''));
  // A name is the whole run of letters, apostrophes and hyphens from its capital: "Zieme-Sipesberg", "McKenzieview",
  // "O'Reillyside" give every word that words() makes of them. "St. Lucie" does not start a sentence.
  for (const text of texts)
    for (const m of text.matchAll(/(?<!(?<!\b(?:St|Mt|Ft|Dr|Mr|Mrs|Ms))[.!?:\n]\s*|^\s*)(?<=\s|["“(/])(\p{Lu}[\p{L}'’-]*\p{L})/gu))
      for (const w of words(m[1])) for (const part of [w, w.replace(/'s$/, ''), ...w.split("'")]) if (part.length > 1) out.add(part);
  return out;
}

const capitalise = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** The keywords most members share, named as a circle; a name already used in the group is avoided. */
export function localSubgroupName(profilesText: string, namesUsed: string, memberNames: string[], templateWords: ReadonlySet<string>) {
  const profiles = profilesText
    .split(PROFILE_SEPARATOR)
    .map((p) => p.trim())
    .filter(Boolean);
  const ignored = new Set([...templateWords, ...NOT_INTERESTS, ...personalWords(profiles, memberNames)]);
  const members = new Map<string, number>();
  const score = new Map<string, number>();
  for (const p of profiles) {
    topKeywords([{ text: p, weight: 1 }], 20, ignored).forEach((k, rank) => {
      members.set(k, (members.get(k) ?? 0) + 1);
      score.set(k, (score.get(k) ?? 0) + 20 - rank);
    });
  }
  const minShared = profiles.length > 1 ? 2 : 1;
  const shared = [...members]
    .filter(([, n]) => n >= minShared)
    .sort(
      (a, b) =>
        Number(KNOWN_INTERESTS.has(b[0])) - Number(KNOWN_INTERESTS.has(a[0])) ||
        b[1] - a[1] ||
        score.get(b[0])! - score.get(a[0])! ||
        (a[0] < b[0] ? -1 : 1),
    )
    .map(([k]) => k);
  const used = new Set(namesUsed.split('\n').map((n) => n.trim().toLowerCase()));
  const candidates: string[] = [];
  for (let i = 0; i < shared.length; i++)
    for (let j = i + 1; j < shared.length; j++) candidates.push(`${capitalise(shared[i])} & ${capitalise(shared[j])} Circle`);
  candidates.push(...shared.map((k) => `${capitalise(k)} Circle`), 'Open Circle');
  const name = candidates.find((c) => !used.has(c.toLowerCase())) ?? candidates[0];
  const description = shared.length
    ? `Members who share an interest in ${shared.slice(0, 3).join(', ')}.`
    : 'Members with a wide mix of interests, glad to meet new people.';
  return { name, description };
}

export function localMemberDescription(profile: string, subgroup: string, memberName: string, templateWords: ReadonlySet<string>): string {
  const subgroupName = subgroup.split('\n')[0]?.trim() || 'this subgroup';
  const inSubgroup = new Set(words(subgroup));
  const ignored = new Set([...templateWords, ...NOT_INTERESTS, ...personalWords([profile], memberName ? [memberName] : [])]);
  const mine = topKeywords([{ text: profile, weight: 1 }], 12, ignored);
  const common = mine.filter((k) => inSubgroup.has(k)).slice(0, 3);
  if (common.length) return `Brings a shared interest in ${common.join(', ')} to ${subgroupName}.`;
  if (mine.length) return `Brings an interest in ${mine.slice(0, 2).join(', ')} to ${subgroupName}.`;
  return `A welcome addition to ${subgroupName}.`;
}
