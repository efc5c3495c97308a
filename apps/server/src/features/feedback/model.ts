import { t } from 'elysia';

export const confirmedFeedbackBody = t.Object({
  feedback: t.String({ minLength: 1, maxLength: 10_000 }),
  selectedSequence: t.Optional(t.Union([t.String({ maxLength: 300 }), t.Null()])),
  selectedVersion: t.Optional(t.Union([t.String({ maxLength: 40 }), t.Number(), t.Null()])),
  // Sent only when the user ticked "Include conversation in feedback": that tick is the consent to store it.
  lastConversation: t.Optional(t.Union([t.String({ maxLength: 200_000 }), t.Array(t.Unknown(), { maxItems: 5000 }), t.Null()])),
});

export type ConfirmedFeedbackBody = typeof confirmedFeedbackBody.static;
