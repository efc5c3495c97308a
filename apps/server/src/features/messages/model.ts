import { t } from 'elysia';

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export const DEFAULT_MESSAGES_LIMIT = 100;

export const messagesQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 500 })),
  // Not t.UnionEnum: optional in a query, Elysia 1.4 fills it with the first member when absent.
  status: t.Optional(t.Union(MESSAGE_STATUSES.map((s) => t.Literal(s)))),
  /** Older page: messages with an id below this one. */
  before: t.Optional(t.Integer({ minimum: 1 })),
});
