import { t } from 'elysia';

export const MESSAGE_STATUSES = ['queued', 'sending', 'sent', 'kept', 'delivered', 'undelivered', 'failed', 'skipped', 'unknown'] as const;
/** What each message is: invitations and assignment notices (SPEC §7, blasts), and the post-chat texts. */
export const MESSAGE_KINDS = [
  'invite-sms',
  'invite-email',
  'assignment-sms',
  'assignment-email',
  'recap',
  'tagline',
  'reminder',
  'met-sms',
  'met-email',
] as const;
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

// ---- Answers ----

// Written out (not literalUnion) so the typed web client sees the statuses, not never.
const outboxStatus = t.Union([
  t.Literal('queued'),
  t.Literal('sending'),
  t.Literal('sent'),
  t.Literal('kept'),
  t.Literal('delivered'),
  t.Literal('undelivered'),
  t.Literal('failed'),
  t.Literal('skipped'),
  t.Literal('unknown'),
]);

/** One outbox row as admins see it (never its body); dates are Date objects, sent as ISO 8601. */
export const messageView = t.Object({
  id: t.Number(),
  channel: t.Union([t.Literal('sms'), t.Literal('email')]),
  to: t.String(),
  kind: t.String(),
  status: outboxStatus,
  createdAt: t.Date(),
  sentAt: t.Nullable(t.Date()),
  statusAt: t.Nullable(t.Date()),
  attempts: t.Number(),
  lastError: t.Nullable(t.String()),
  provider: t.Nullable(t.String()),
  providerMessageId: t.Nullable(t.String()),
  campaignId: t.Nullable(t.String()),
  userId: t.Nullable(t.String()),
  name: t.Nullable(t.String()),
  groupId: t.Nullable(t.String()),
  groupName: t.Nullable(t.String()),
  retrying: t.Boolean(),
});
export type MessageView = typeof messageView.static;

export const messageParams = t.Object({ id: t.Integer({ minimum: 1 }) });

/**
 * One message with what it said, for an admin to read: `body` is its text (personal links shown as
 * "[personal link to <module>]", never a token), or null with `bodyNote` saying why it is not kept.
 */
export const messageDetail = t.Composite([
  messageView,
  t.Object({ subject: t.Nullable(t.String()), body: t.Nullable(t.String()), bodyNote: t.Nullable(t.String()) }),
]);
export type MessageDetail = typeof messageDetail.static;

/** Newest first; with `page`, one page with the total and the groups that have had messages (for a filter). */
export const messagesAnswer = t.Union([
  t.Array(messageView),
  t.Object({ messages: t.Array(messageView), total: t.Number(), groups: t.Array(t.Object({ id: t.String(), name: t.String() })) }),
]);

/**
 * PRODUCT §6: a message or blast that already went out is refused (409) with how many got it and when, unless
 * the request says `force: true`. Invitations and blasts answer it alike.
 */
export const alreadySentAnswer = t.Object({ error: t.String(), alreadySent: t.Number(), sentAt: t.Nullable(t.String()) });
export type AlreadySent = typeof alreadySentAnswer.static;
