import { t } from 'elysia';

/** Issue 25 item 2 (PRODUCT §12): what voice conversations cost, for admins. */

export const COST_GROUPINGS = ['day', 'version', 'conversation', 'member'] as const;
export const COST_SOURCES = ['member', 'staff', 'test_run'] as const;

// Patterns, not UnionEnum: Elysia fills a missing optional UnionEnum query field with its first member.
const oneOf = (names: readonly string[]) => t.String({ pattern: `^(${names.join('|')})$` });

const day = t.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a UTC day, YYYY-MM-DD' });

export const costsQuery = t.Object({
  groupBy: t.Optional(oneOf(COST_GROUPINGS)),
  /** First and last UTC day, both included; a day grouping without `from` shows the last 30 days. */
  from: t.Optional(day),
  to: t.Optional(day),
  /** A sequence's name or file name ("Name.json"). */
  sequence: t.Optional(t.String({ minLength: 1, maxLength: 300 })),
  source: t.Optional(oneOf(COST_SOURCES)),
});
export type CostsQuery = typeof costsQuery.static;
export type CostGrouping = (typeof COST_GROUPINGS)[number];
export type CostSource = (typeof COST_SOURCES)[number];

const count = t.Integer({ minimum: 0 });

export const tokenCounts = t.Object({
  textIn: count,
  cachedTextIn: count,
  audioIn: count,
  cachedAudioIn: count,
  textOut: count,
  audioOut: count,
});

const figures = {
  conversations: count,
  costUsd: t.Number({ minimum: 0 }),
  /** costUsd / conversations (0 without any). */
  meanCostUsd: t.Number({ minimum: 0 }),
  tokens: tokenCounts,
};

export const costRow = t.Object({
  /** What the row stands for: the day, "sequence\u0000version\u0000source", the session id or the member id. */
  key: t.String(),
  day: t.Optional(t.String()),
  sequence: t.Optional(t.Nullable(t.String())),
  version: t.Optional(t.Nullable(t.Integer())),
  source: t.Optional(t.UnionEnum([...COST_SOURCES])),
  sessionId: t.Optional(t.String()),
  /** A member row's (or a member's conversation's) user; null once the member was deleted. */
  userId: t.Optional(t.Nullable(t.String())),
  memberName: t.Optional(t.Nullable(t.String())),
  model: t.Optional(t.String()),
  endedAt: t.Optional(t.String()),
  ...figures,
});

export const costsAnswer = t.Object({
  groupBy: t.UnionEnum([...COST_GROUPINGS]),
  from: t.Nullable(t.String()),
  to: t.Nullable(t.String()),
  sequence: t.Nullable(t.String()),
  /** The realtime provider now: "local" costs $0 (it reports no usage). */
  provider: t.UnionEnum(['openai', 'local']),
  total: t.Object(figures),
  rows: t.Array(costRow),
  /** Conversation and member rows stop at this many (the total counts them all). */
  truncated: t.Boolean(),
});
export type CostsAnswer = typeof costsAnswer.static;
export type CostRow = typeof costRow.static;
