import { t } from 'elysia';

/** The loop's two questions (PRODUCT §11): did you meet your subgroup, and later did you meet again. */
export const MET_ROUNDS = ['met', 'met_again'] as const;
export type MetRoundName = (typeof MET_ROUNDS)[number];

const round = t.Union([t.Literal('met'), t.Literal('met_again')]);
const answer = t.Union([t.Literal('yes'), t.Literal('no'), t.Literal('later')]);

export const groupParams = t.Object({ groupId: t.String({ minLength: 1, maxLength: 200 }) });

/** The body may also be left out (read as `{}`: round 'met', no force). */
export const ASK_MET_BODY_RULE = 'the body is { force?: boolean, round?: "met" | "met_again" } or empty';
export const askMetBody = t.Object(
  { force: t.Optional(t.Boolean()), round: t.Optional(round) },
  { additionalProperties: false, error: ASK_MET_BODY_RULE },
);
export type AskMetBody = typeof askMetBody.static;
export const askMetAnswer = t.Object({ asked: t.Number() });

const days = (name: string) => t.Integer({ minimum: 0, maximum: 365, error: `${name} must be a whole number of days from 0 to 365` });
export const metSettingsBody = t.Object({ metAskDays: days('metAskDays'), metAgainDays: days('metAgainDays') });
export type MetSettings = typeof metSettingsBody.static;
export const metSettingsAnswer = t.Object({ metAskDays: t.Number(), metAgainDays: t.Number() });

export const metQuestionAnswer = t.Object({
  question: t.Nullable(t.Object({ askId: t.String(), round, groupName: t.String(), subgroupName: t.String(), askedAt: t.Date() })),
});

export const metAnswerBody = t.Object({ askId: t.String({ minLength: 1, maxLength: 200 }), answer });
export type MetAnswerBody = typeof metAnswerBody.static;
export const metAnswerAnswer = t.Object({ askId: t.String(), round, answer });
