import { t } from 'elysia';

/** The loop's two questions (PRODUCT §11): did you meet your subgroup, and later did you meet again. */
export const MET_ROUNDS = ['met', 'met_again'] as const;
export type MetRoundName = (typeof MET_ROUNDS)[number];

const round = t.Union([t.Literal('met'), t.Literal('met_again')]);
const answer = t.Union([t.Literal('yes'), t.Literal('no'), t.Literal('later')]);

export const groupParams = t.Object({ groupId: t.String({ minLength: 1, maxLength: 200 }) });

export const askMetBody = t.Optional(t.Object({ force: t.Optional(t.Boolean()), round: t.Optional(round) }));
export type AskMetBody = NonNullable<typeof askMetBody.static>;
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
