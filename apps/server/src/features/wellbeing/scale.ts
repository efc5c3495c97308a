/**
 * The three-item UCLA loneliness scale (Hughes et al. 2004) as Hearth asks it by voice, with consent (issue 24,
 * PRODUCT §11): each item answered hardly ever (1), some of the time (2) or often (3); the score is their sum, 3–9.
 * A member answers once at intake and once later, no sooner than LATER_AFTER_DAYS after the intake.
 */

export const SCALE_ITEMS = [
  { field: 'lack_companionship', question: 'How often do you feel that you lack companionship?' },
  { field: 'left_out', question: 'How often do you feel left out?' },
  { field: 'isolated', question: 'How often do you feel isolated from others?' },
] as const;

export type ScaleField = (typeof SCALE_ITEMS)[number]['field'];

/** The answer choices in the words the assistant reads out, scored 1..3. */
export const SCALE_CHOICES = ['hardly ever', 'some of the time', 'often'] as const;
export type ScaleChoice = (typeof SCALE_CHOICES)[number];

export const LATER_AFTER_DAYS = 28;
export const SCORE_MIN = 3;
export const SCORE_MAX = 9;

export type ScaleAnswers = Record<ScaleField, 1 | 2 | 3>;
export type WellbeingPhase = 'intake' | 'later';

/** "Some of the time" (any case, spaces trimmed) -> 2; anything else null. */
export function choiceValue(raw: unknown): 1 | 2 | 3 | null {
  if (typeof raw !== 'string') return null;
  const index = SCALE_CHOICES.indexOf(raw.trim().toLowerCase().replace(/\s+/g, ' ') as ScaleChoice);
  return index === -1 ? null : ((index + 1) as 1 | 2 | 3);
}

export const scaleScore = (answers: ScaleAnswers) => answers.lack_companionship + answers.left_out + answers.isolated;

const DAY_MS = 86_400_000;

/**
 * Which answers are due for a member given what they answered before: their first answers are the intake; the
 * later ones once the intake is LATER_AFTER_DAYS old and there is no later yet. Otherwise not due, with the date of
 * the answers that stand in the way (the later ones, or the intake that is still too recent).
 */
export function duePhase(
  previous: Array<{ phase: WellbeingPhase; recordedAt: Date }>,
  now: Date,
): { due: WellbeingPhase } | { due: null; recordedAt: Date; laterFrom: Date | null } {
  const latest = (phase: WellbeingPhase) =>
    previous.filter((p) => p.phase === phase).reduce<Date | null>((a, p) => (a && a > p.recordedAt ? a : p.recordedAt), null);
  const intake = latest('intake');
  if (!intake) return { due: 'intake' };
  const later = latest('later');
  if (later) return { due: null, recordedAt: later, laterFrom: null };
  const laterFrom = new Date(intake.getTime() + LATER_AFTER_DAYS * DAY_MS);
  return now >= laterFrom ? { due: 'later' } : { due: null, recordedAt: intake, laterFrom };
}

/** 2026-11-28: the date a refusal names (the model reads it out; no time of day, no time zone to explain). */
export const isoDate = (date: Date) => date.toISOString().slice(0, 10);
