// The local provider's short answers to a question (the testing page's second model, the simulated member).

/** FNV-1a: a stable seed from text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** mulberry32: a small seeded RNG so the same input always gives the same output. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Answers by the kind of the assistant's last question, most likely first. Each one says what a prompt asking
// that question waits for in words its trigger condition shares (trigger-keywords.ts), so the local walk moves on.
export const REPLIES: Array<[RegExp, string[]]> = [
  [
    /\b(call you|your name|called)\b/,
    ['You can call me Sam.', 'I go by Alex, that is my name.', 'Just call me Jo, that is what my friends say.', 'Call me Riley.'],
  ],
  [
    /\bhow (are|is|have|was)\b.*\b(you|day|week|going|been)\b/,
    [
      "I'm doing well, thanks for asking. It's been a calm day.",
      'Pretty good! A bit busy, but glad to be here.',
      'Honestly a little tired, but happy to chat.',
      'Great, actually. I just got back from a long walk.',
    ],
  ],
  [
    /\b(enjoy|free time|hobb|fun|interest|passion|love doing|spare time)/,
    [
      'I love gardening and cooking for friends.',
      'Mostly hiking on weekends, and I love to read.',
      "I've been enjoying pottery lately.",
      'Board games with my neighbours, and photography is a hobby of mine.',
    ],
  ],
  [
    /\b(meet|people|community|hope|looking for|find|connect)/,
    [
      'I hope to meet people who enjoy the outdoors.',
      'Mostly I want a few friends nearby to share meals with.',
      'I am looking for people who are curious and kind, really.',
      'Maybe I will find some folks to start a book club with.',
    ],
  ],
  [
    /\b(where|from|live)\b/,
    [
      'I live near the river, on the east side of town.',
      'I grew up by the coast but moved here a few years ago.',
      'Right in the centre, close to the market.',
      'A small street near the old park.',
    ],
  ],
  [
    /\b(why|what made|reason)\b/,
    [
      'I think because it helps me slow down.',
      'It reminds me of my family, I guess.',
      'Mostly curiosity, to be honest.',
      'It just makes me feel more like myself.',
    ],
  ],
  [
    /\b(feel|feeling|mood)\b/,
    ['Calm, mostly. A bit hopeful.', 'Good, lighter than this morning.', 'A little nervous, but in a good way.', 'Tired, but content.'],
  ],
  [
    /^(do|does|did|are|is|was|can|could|would|will|have|has|should)\b/,
    ['Yes, definitely.', 'I think so, yes.', 'Not really, to be honest.', 'Sometimes, it depends on the week.'],
  ],
];
export const DEFAULT_REPLIES = [
  'That makes sense. Tell me more.',
  "I hadn't thought of it that way.",
  'Sure, that sounds good to me.',
  'Hmm, let me think about that for a moment.',
];

/** The last question of a message (its last sentence when none ends with a question mark), trimmed. */
export function lastQuestion(message: string): string {
  const sentences = message.replace(/\s+/g, ' ').match(/[^.!?]+[.!?]*/g) ?? [''];
  const question = [...sentences].reverse().find((x) => x.trim().endsWith('?')) ?? sentences[sentences.length - 1];
  return question.trim();
}

/**
 * A short answer to the assistant's last question. Higher temperature widens the choice among the answers
 * (0.3 or less: always the most likely one); the seeded RNG keeps it deterministic for one input.
 */
export function localReply(message: string, temperature: number): string {
  const q = lastQuestion(message).toLowerCase();
  const variants = REPLIES.find(([re]) => re.test(q))?.[1] ?? DEFAULT_REPLIES;
  const spread = Math.min(1, Math.max(0, (temperature - 0.3) / 0.9));
  const pick = Math.floor(seededRandom(hashText(message))() * (1 + spread * (variants.length - 1)));
  return variants[Math.min(variants.length - 1, pick)];
}
