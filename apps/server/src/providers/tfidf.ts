/**
 * Small text statistics shared by the local text provider and subgroup assignment: word tokens, stop words,
 * keyword extraction, TF-IDF vectors and cosine similarity. Pure functions, no I/O.
 */

/** Every word of a text, lower-cased, apostrophes unified; digits kept (used to detect copied runs). */
export function words(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[’‘`]/g, "'")
      .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu) ?? []
  );
}

/** Pairs of adjacent words, as "a b", ignoring punctuation between them. */
export function wordPairs(text: string): Set<string> {
  const w = words(text);
  const pairs = new Set<string>();
  for (let i = 1; i < w.length; i++) pairs.add(`${w[i - 1]} ${w[i]}`);
  return pairs;
}

// English function words plus the fillers of spoken conversation; none of them says anything about a person.
const STOP_WORD_LIST = `
a about above after again against ago all almost also although always am among an and another any anybody anyone
anything anyway anywhere are aren't around as ask asked asking at away back be became because become been before
being below between both but by came can can't cannot could couldn't did didn't do does doesn't doing don't done
down during each either else enough even ever every everyone everything few for from further get gets getting give
given go goes going gone gonna got gotta had hadn't has hasn't have haven't having he he'd he'll he's her here
here's hers herself hey hi him himself his hmm how how's however i i'd i'll i'm i've if in into is isn't it it's
its itself just kind kinda know knew least less let let's like liked likes lot lots made make makes making many
may maybe me mean means meant might mine more most mostly much must my myself need needs never new next nice no
nobody none nor not nothing now of off oh ok okay on once one ones only onto or other others our ours ourselves
out over own part people perhaps pretty probably put quite rather really right said same say saying says see seem
seems seen several shall she she'd she'll she's should shouldn't since so some somebody someone something
sometimes somewhat soon sort still stuff such sure take taken talk talked talking tell than thank thanks that
that's the their theirs them themselves then there there's these they they'd they'll they're they've thing things
think thinking this those though thought through thus time times to today together too took toward towards try
trying uh um umm under until up upon us use used very want wanted wants was wasn't way ways we we'd we'll we're
we've well went were weren't what what's whatever when where where's whether which while who who's whole whom
whose why will with within without won't would wouldn't yeah yep yes yet you you'd you'll you're you've your yours
yourself yourselves good great bad fine lovely awesome cool wow totally actually basically definitely honestly
literally absolutely sounds sound feel feels felt feeling guess suppose anyways alright hello bye goodbye please
day days week weeks year years bit little big able usually often
enjoy enjoys enjoyed enjoying love loves loved loving hate meet meets meeting met spend spends spent old young
keep keeps kept start started call called look looks looking looked find finds found come comes coming feel
secret phrase stuff bunch lately recently mostly also else tell told happy glad
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(STOP_WORD_LIST.split(/\s+/).filter(Boolean));

/** Words that can carry meaning: letters only, 3 to 24 long, not a stop word (possessive 's dropped). */
export function contentWords(text: string, extraStopWords?: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const raw of words(text)) {
    const w = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
    if (w.length < 3 || w.length > 24 || !/^\p{L}+$/u.test(w)) continue;
    if (STOP_WORDS.has(w) || extraStopWords?.has(w)) continue;
    out.push(w);
  }
  return out;
}

/**
 * The most telling single words of weighted texts, best first (score, then alphabetical, so the result is
 * deterministic). A plural is counted with its singular when both occur.
 */
export function topKeywords(
  texts: ReadonlyArray<{ text: string; weight: number }>,
  limit: number,
  extraStopWords?: ReadonlySet<string>,
): string[] {
  const scores = new Map<string, number>();
  for (const { text, weight } of texts) {
    for (const w of contentWords(text, extraStopWords)) scores.set(w, (scores.get(w) ?? 0) + weight);
  }
  for (const [w, s] of [...scores]) {
    if (w.length > 4 && w.endsWith('s') && scores.has(w.slice(0, -1))) {
      scores.set(w.slice(0, -1), (scores.get(w.slice(0, -1)) ?? 0) + s);
      scores.delete(w);
    }
  }
  return [...scores]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([w]) => w);
}

/**
 * TF-IDF vectors over one batch of texts (sublinear term frequency, smoothed IDF), each L2-normalised.
 * A text without content words gets the zero vector.
 */
export function tfidfVectors(texts: string[]): number[][] {
  const docs = texts.map((t) => {
    const counts = new Map<string, number>();
    for (const w of contentWords(t)) counts.set(w, (counts.get(w) ?? 0) + 1);
    return counts;
  });
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  const vocabulary = [...df.keys()].sort();
  const index = new Map(vocabulary.map((w, i) => [w, i]));
  const n = docs.length;
  return docs.map((d) => {
    const v = new Array<number>(vocabulary.length).fill(0);
    for (const [w, count] of d) {
      v[index.get(w)!] = (1 + Math.log(count)) * (Math.log((1 + n) / (1 + df.get(w)!)) + 1);
    }
    return l2Normalize(v);
  });
}

export function l2Normalize(v: number[]): number[] {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  return norm === 0 ? v.map(() => 0) : v.map((x) => x / norm);
}

/** Cosine similarity; 0 when either vector is zero. */
export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}
