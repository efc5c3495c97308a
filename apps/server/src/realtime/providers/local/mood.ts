// The local provider's stand-in for the model's set_mood_score: a tiny word list scores the tone of what was typed
// (SPEC §3: -3 to 3). Only single words are matched and only the score leaves here, never the text.

const POSITIVE = new Set(
  'love loved loving like liked enjoy enjoyed enjoying great good glad happy excited exciting fun wonderful amazing nice grateful thankful hopeful calm proud kind warm welcome'.split(' '),
)
const NEGATIVE = new Set(
  'hate hated sad tired lonely angry upset worried anxious stressed bored bad awful terrible afraid scared hurt frustrated difficult hard miss'.split(' '),
)

export const TYPED_MOOD_KEY = 'tone of typed replies'

/** The tone of `text` from -3 to 3, or null when it has no word that says anything about mood. */
export function typedMood(text: string): number | null {
  let score = 0
  let matched = 0
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (POSITIVE.has(word)) {
      score++
      matched++
    } else if (NEGATIVE.has(word)) {
      score--
      matched++
    }
  }
  return matched === 0 ? null : Math.max(-3, Math.min(3, score))
}
