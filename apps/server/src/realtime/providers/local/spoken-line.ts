/**
 * The local provider cannot follow instructions, so it must not read them out: a prompt such as "Ask how the
 * person is doing today and listen." becomes what a companion following it would say, "How are you doing
 * today?". Clauses it understands (ask, say, tell, welcome, greet, thank, introduce yourself) are turned into
 * speech addressed to the person; every other instruction (listen, reflect, summarise, call a tool, "You are…")
 * is left out. A prompt with nothing speakable gets a kind generic question.
 */

// Verbs an instruction clause starts with; a clause boundary is a comma or "and"/"then" before one of them.
const INSTRUCTION_VERBS =
  'ask|say|tell|welcome|greet|thank|introduce|listen|reflect|summarise|summarize|follow|invite|encourage|explore|' +
  'find|learn|discover|check|help|guide|keep|be|use|call|make|let|remember|offer|suggest|share|acknowledge|close|' +
  'end|wrap|move|continue|respond|answer|speak|talk|mention|explain|describe|confirm|note|avoid|try|gently|warmly|' +
  'briefly|then|do|don|never|always|stay|give|show|wait|pause|record|store|set|switch|change|go|once|when|if|after|before';
const CLAUSE_BREAK = new RegExp(
  `\\s*(?:,|;|:)\\s*(?:and\\s+|then\\s+)?(?=(?:${INSTRUCTION_VERBS})\\b)|\\s+(?:and|then)\\s+(?=(?:${INSTRUCTION_VERBS})\\b)`,
  'i',
);

// Sentences that describe the assistant or the rules rather than say anything: never spoken.
const ROLE_SENTENCE =
  /^(you are|you're|your (role|job|task|goal|aim)|as (an?|the) |act as|role\s*:|the (user|person|member)\b|always|never|do not|don't)/i;
const TOOL_NAME = /\b(change_prompt|change_module|set_memory|set_mood_score|function|tool|instructions?)\b/i;

const LISTENER = "(?:the (?:person|user|member|participant|caller|guest)|them|they|their|theirs|themselves|they're|they've|they'd|they'll)";
const LISTENER_OBJECT = /^(?:the (?:person|user|member|participant|caller|guest)|them)\b\s*/i;
const WH = /^(what|how|where|when|why|who|whom|whose|which)\b/i;
const AUX: Record<string, string> = {
  is: 'are',
  are: 'are',
  was: 'were',
  were: 'were',
  would: 'would',
  will: 'will',
  can: 'can',
  could: 'could',
  should: 'should',
  might: 'might',
  may: 'may',
  must: 'must',
  has: 'have',
  have: 'have',
  had: 'had',
  does: 'do',
  do: 'do',
  did: 'did',
};

/** "the person"/"they"/"their" → "you"/"your"; with `speaker`, the assistant's "you"/"your" first become "I"/"my". */
function toListener(text: string, speaker = false): string {
  const swaps: Record<string, string> = {
    'the person': 'you',
    'the user': 'you',
    'the member': 'you',
    'the participant': 'you',
    'the caller': 'you',
    'the guest': 'you',
    them: 'you',
    they: 'you',
    their: 'your',
    theirs: 'yours',
    themselves: 'yourself',
    "they're": "you're",
    "they've": "you've",
    "they'd": "you'd",
    "they'll": "you'll",
    ...(speaker ? { you: 'I', your: 'my', yours: 'mine', yourself: 'myself', "you're": "I'm", "you've": "I've", "you'll": "I'll" } : {}),
  };
  const keys = Object.keys(swaps).sort((a, b) => b.length - a.length);
  const re = new RegExp(`\\b(${keys.map((k) => k.replace(/'/g, "'")).join('|')})\\b`, 'gi');
  return text
    .replace(re, (m) => swaps[m.toLowerCase()] ?? m)
    .replace(/\byou is\b/g, 'you are')
    .replace(/\byou was\b/g, 'you were')
    .replace(/\byou has\b/g, 'you have')
    .replace(/\byou does\b/g, 'you do')
    .replace(/\bI is\b/g, 'I am')
    .replace(/\bI are\b/g, 'I am');
}

/** Third person singular to base form: "enjoys" → "enjoy", "tries" → "try", "watches" → "watch". */
function baseForm(verb: string): string {
  if (/^(is|was|has|does|goes)$/i.test(verb)) return { is: 'be', was: 'be', has: 'have', does: 'do', goes: 'go' }[verb.toLowerCase()]!;
  if (/[^aeiou]ies$/i.test(verb)) return verb.slice(0, -3) + 'y';
  if (/(ches|shes|sses|xes)$/i.test(verb)) return verb.slice(0, -2);
  if (/[^s]s$/i.test(verb) && verb.length > 3) return verb.slice(0, -1);
  return verb;
}

// "what brings you joy": the wh-word is the subject, the clause already reads as a question.
const SUBJECT_VERB =
  /^(makes|made|brings|brought|gives|gave|helps|helped|keeps|kept|matters|mattered|means|meant|excites|excited|inspires|inspired|worries|worried|interests|interested|motivates|drives|happens|happened|is|was|has|had|does|did)$/i;
// Past forms after "you": "what you heard" asks "what did you hear".
const PAST: Record<string, string> = {
  heard: 'hear',
  went: 'go',
  saw: 'see',
  made: 'make',
  found: 'find',
  felt: 'feel',
  met: 'meet',
  said: 'say',
  got: 'get',
  came: 'come',
  took: 'take',
  thought: 'think',
  knew: 'know',
  learned: 'learn',
  learnt: 'learn',
  liked: 'like',
  loved: 'love',
  enjoyed: 'enjoy',
  noticed: 'notice',
  tried: 'try',
  spent: 'spend',
  read: 'read',
  did: 'do',
};

/** "what you would like to be called" → "what would you like to be called". */
function directWhQuestion(clause: string): string {
  const words = clause.split(/\s+/);
  if (SUBJECT_VERB.test(words[1] ?? '')) return clause;
  const at = words.findIndex((w, i) => i > 0 && /^you$/i.test(w));
  if (at < 0 || at + 1 >= words.length) return clause;
  const head = words.slice(0, at).join(' ');
  const verb = words[at + 1];
  const rest = words.slice(at + 2).join(' ');
  const aux = AUX[verb.toLowerCase()];
  if (aux) return [head, aux, 'you', rest].filter(Boolean).join(' ');
  const past = PAST[verb.toLowerCase()];
  if (past) return [head, 'did you', past, rest].filter(Boolean).join(' ');
  return [head, 'do you', baseForm(verb), rest].filter(Boolean).join(' ');
}

/** "whether they enjoy cooking" → "do you enjoy cooking". */
function directYesNoQuestion(clause: string): string {
  const words = clause.split(/\s+/);
  if (!/^you$/i.test(words[0] ?? '') || words.length < 2) return `is ${clause}`;
  const aux = AUX[words[1].toLowerCase()];
  if (aux) return [aux, 'you', ...words.slice(2)].join(' ');
  return ['do you', baseForm(words[1]), ...words.slice(2)].join(' ');
}

const FOLLOW_UP = 'Could you tell me a little more about that?';

/** What someone following "ask …" says, as a direct question. */
function askClause(rest: string): string | null {
  let content = rest.replace(LISTENER_OBJECT, '').trim();
  if (!content) return FOLLOW_UP;
  if (/^(one|a|another|some|two|a few)?\s*(short\s+|open\s+|gentle\s+)?(follow[- ]up|question|questions)\b/i.test(content))
    return FOLLOW_UP;
  content = toListener(content);
  const about = /^about\s+/i.test(content);
  if (about) content = content.replace(/^about\s+/i, '');
  if (/^to\s+/i.test(content)) return `Could you ${content.replace(/^to\s+/i, '')}?`;
  const whether = /^(whether|if)\s+/i.exec(content);
  if (whether) return `${directYesNoQuestion(content.slice(whether[0].length))}?`;
  if (WH.test(content)) {
    // "what kind of people they would like to meet and what they hope to find" asks two things.
    const parts = content.split(/\s*,?\s+and\s+(?=(?:what|how|where|when|why|who|which)\b)/i);
    return `${parts.map(directWhQuestion).join(', and ')}?`;
  }
  return `Could you tell me about ${content}?`;
}

/** One clause of an instruction as speech, or null when it is not something to say out loud. */
function speakClause(clause: string): string | null {
  const text = clause.replace(/^(please|now|first|finally|gently|warmly|briefly|kindly)\s+/i, '').trim();
  const quoted = /^(?:say|ask|tell (?:them|the \w+))\s*:?\s*["“]([^"”]+)["”]/i.exec(text);
  if (quoted) return quoted[1].trim();
  const m = /^(\w+)\b\s*(.*)$/.exec(text);
  if (!m) return null;
  const [, verb, rest] = m;
  switch (verb.toLowerCase()) {
    case 'ask':
      return askClause(rest);
    case 'welcome': {
      const to = /\bto\s+(.+)$/i.exec(rest.replace(LISTENER_OBJECT, ''));
      return to ? `Welcome to ${toListener(to[1])}!` : 'Welcome!';
    }
    case 'greet':
      return 'Hello!';
    case 'thank': {
      const reason = /\bfor\s+(.+)$/i.exec(rest);
      return reason ? `Thank you for ${toListener(reason[1])}.` : 'Thank you.';
    }
    case 'introduce': {
      const name = /^yourself\s+as\s+(.+)$/i.exec(rest);
      return name ? `I'm ${name[1].replace(/^(a|an|the)\s+/i, (a) => a.toLowerCase())}.` : null;
    }
    case 'say':
    case 'tell': {
      const said = rest
        .replace(LISTENER_OBJECT, '')
        .replace(/^that\s+/i, '')
        .trim();
      if (!said || /^(goodbye|bye)\b/i.test(said)) return said ? 'Goodbye!' : null;
      if (/^(hello|hi)\b/i.test(said)) return 'Hello!';
      if (/^(something|a few words|what|how|why|about)\b/i.test(said)) return null;
      return `${toListener(said, true)}.`;
    }
    default:
      return null;
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const finish = (s: string) => {
  const t = capitalise(
    s
      .replace(/\s+/g, ' ')
      .replace(/\s+([?.!,])/g, '$1')
      .trim(),
  );
  return /[.!?]$/.test(t) ? t : `${t}.`;
};

/** Is this sentence already something said to the person (not an instruction)? */
function alreadySpoken(sentence: string): boolean {
  if (/^(tell me|let me|let's|let us)\b/i.test(sentence)) return true;
  if (ROLE_SENTENCE.test(sentence) || TOOL_NAME.test(sentence)) return false;
  if (new RegExp(`^(?:(?:please|now|first|finally|gently|warmly|briefly|kindly)\\s+)?(?:${INSTRUCTION_VERBS})\\b`, 'i').test(sentence))
    return false;
  return !new RegExp(`\\b${LISTENER}\\b`, 'i').test(sentence) || /\?$/.test(sentence);
}

/** What the companion says for a prompt text; `fallback` when nothing in it can be said out loud. */
export function spokenLine(promptText: string, fallback: string): string {
  // A quotation is one piece, whatever punctuation it holds.
  const sentences =
    promptText
      .replace(/\s+/g, ' ')
      .trim()
      .match(/(?:"[^"]*"|“[^”]*”|[^.!?"“])+[.!?]*/g) ?? [];
  const out: string[] = [];
  for (const raw of sentences) {
    const sentence = raw.trim();
    if (!sentence) continue;
    if (alreadySpoken(sentence)) {
      out.push(finish(sentence));
      continue;
    }
    if (ROLE_SENTENCE.test(sentence)) continue;
    for (const clause of sentence.replace(/[.!?]+$/, '').split(CLAUSE_BREAK)) {
      if (TOOL_NAME.test(clause)) continue;
      const said = speakClause(clause.trim());
      if (said) out.push(finish(said));
    }
  }
  const unique = out.filter((line, i) => out.indexOf(line) === i);
  return unique.length ? unique.join(' ') : fallback;
}
