import { t } from 'elysia';

/** One set of a member's loneliness scale answers as they see it (each item 1 hardly ever .. 3 often; score 3..9). */
export const wellbeingAnswer = t.Object({
  id: t.String(),
  moduleName: t.String(),
  phase: t.UnionEnum(['intake', 'later']),
  lackCompanionship: t.Number(),
  leftOut: t.Number(),
  isolated: t.Number(),
  score: t.Number(),
  recordedAt: t.String(),
});

/** GET /api/my-wellbeing: the member's own answers, oldest first. */
export const myWellbeingAnswer = t.Object({ answers: t.Array(wellbeingAnswer) });
/** DELETE /api/my-wellbeing: how many sets of answers were removed. */
export const clearedWellbeingAnswer = t.Object({ deleted: t.Number() });
