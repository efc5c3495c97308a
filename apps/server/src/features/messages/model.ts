import { t } from 'elysia';

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'] as const;
/** What each message is: invitations and assignment notices (SPEC §7, blasts), and the post-chat texts. */
export const MESSAGE_KINDS = ['invite-sms', 'invite-email', 'assignment-sms', 'assignment-email', 'recap', 'tagline', 'reminder'] as const;
export const DEFAULT_MESSAGES_LIMIT = 100;
export const MAX_MESSAGES_PAGE_SIZE = 500;

// Not t.UnionEnum: optional in a query, Elysia 1.4 fills it with the first member when absent.
const literalUnion = <T extends string>(values: readonly T[]) => t.Union(values.map((v) => t.Literal(v)));

export const messagesQuery = t.Object({
  limit: t.Optional(t.Integer({ minimum: 1, maximum: MAX_MESSAGES_PAGE_SIZE })),
  status: t.Optional(literalUnion(MESSAGE_STATUSES)),
  kind: t.Optional(literalUnion(MESSAGE_KINDS)),
  groupId: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  campaignId: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
  /** Older page: messages with an id below this one. */
  before: t.Optional(t.Integer({ minimum: 1 })),
  /** The paged form: `{ messages, total }` for page `page` (1-based) of `pageSize` (default 100). */
  page: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: t.Optional(t.Integer({ minimum: 1, maximum: MAX_MESSAGES_PAGE_SIZE })),
});

export type MessagesQuery = typeof messagesQuery.static;
