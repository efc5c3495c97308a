import { t } from 'elysia';

export const confirmedFeedbackBody = t.Object({
  feedback: t.String({ minLength: 1, maxLength: 10_000 }),
  selectedSequence: t.Optional(t.Union([t.String({ maxLength: 300 }), t.Null()])),
  selectedVersion: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Number(), t.Null()])),
  // Sent only when the user ticked "Include conversation in feedback": that tick is the consent to store it.
  lastConversation: t.Optional(t.Union([t.String({ maxLength: 200_000 }), t.Array(t.Unknown(), { maxItems: 5000 }), t.Null()])),
});

export type ConfirmedFeedbackBody = typeof confirmedFeedbackBody.static;

/**
 * SPEC §7 `{ text }`; without a transcription provider, an empty text with the local result's `message`
 * (PRODUCT §5: never stored or thanked for as the person's words).
 */
export const transcriptionAnswer = t.Union([
  t.Object({ text: t.String() }),
  t.Object({ text: t.Literal(''), transcribed: t.Literal(false), local: t.Literal(true), message: t.String() }),
]);
export type TranscriptionAnswer = typeof transcriptionAnswer.static;

export const savedFeedbackAnswer = t.Object({ ok: t.Literal(true), id: t.Number() });
export type SavedFeedbackAnswer = typeof savedFeedbackAnswer.static;
