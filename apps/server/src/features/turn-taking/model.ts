import { t } from 'elysia';

/** Issue 23 §4: turn-taking rates per sequence version (admins). */

export const turnTakingQuery = t.Object({ sequence: t.String({ minLength: 1, maxLength: 300 }) });

const rate = t.Number({ minimum: 0, maximum: 1 });

export const turnTakingAnswer = t.Object({
  /** The sequence's file name, as the Prompt Manager shows it ("Name.json"). */
  sequence: t.String(),
  versions: t.Array(
    t.Object({
      version: t.Integer(),
      turnDetection: t.UnionEnum(['server_vad', 'semantic_vad', 'manual']),
      /** Members' conversations (the user page), or staff ones (console, testing). */
      source: t.UnionEnum(['members', 'staff']),
      sessions: t.Integer({ minimum: 0 }),
      turns: t.Integer({ minimum: 0 }),
      cutOffRate: rate,
      prematureCommitRate: rate,
      deadAirRate: rate,
      selfInterruptionRate: rate,
    }),
  ),
});
export type TurnTakingAnswer = typeof turnTakingAnswer.static;
