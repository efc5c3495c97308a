import { t } from 'elysia';
import { adminUserView } from '../users/lookup';

const id = t.String({ minLength: 1, maxLength: 100 });

export const groupIdParams = t.Object({ groupId: id });

/** SPEC §9: table and group page size 100. */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 500;

// Any of these present → the paged answer; none → SPEC's unpaged answer, unchanged.
export const pageQuery = t.Object({
  page: t.Optional(t.Integer({ minimum: 1, maximum: 1_000_000 })),
  pageSize: t.Optional(t.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  q: t.Optional(t.String({ maxLength: 200 })),
});

export const createGroupBody = t.Object({
  name: t.String({ maxLength: 200 }),
});

export const membershipBody = t.Object({
  groupId: id,
  userFile: t.String({ minLength: 1, maxLength: 400 }),
});

export const setGroupModuleBody = t.Object({
  // A module name with or without ".json"; null (or empty) lifts the isolation.
  moduleName: t.Nullable(t.String({ maxLength: 300 })),
});

/** Mass Add Users: at most this many non-blank lines at a time. */
export const MASS_ADD_MAX_LINES = 5_000;

export const massAddBody = t.Object({
  groupId: id,
  // The textarea as typed: one "name,phone,email" per line (SPEC §5); the server parses it.
  text: t.String({ maxLength: 1_000_000 }),
  // true: validate and answer the preview, change nothing.
  dryRun: t.Optional(t.Boolean()),
});

export type PageQuery = typeof pageQuery.static;

// ---- Answers ----

const member = t.Object({ id: t.String(), name: t.String() });

/** SPEC's list of groups with their members (and `memberCount`), or one page `{ groups, total }` without members. */
export const groupsAnswer = t.Union([
  t.Array(t.Object({ id: t.String(), name: t.String(), memberCount: t.Number(), members: t.Array(member) })),
  t.Object({ groups: t.Array(t.Object({ id: t.String(), name: t.String(), memberCount: t.Number() })), total: t.Number() }),
]);

const memberSubgroup = t.Nullable(t.Object({ subgroupId: t.String(), subgroupName: t.String(), userDescription: t.String() }));
const groupMember = t.Composite([adminUserView, t.Object({ subgroup: memberSubgroup })]);
const groupHead = { id: t.String(), name: t.String(), isolatedModule: t.Nullable(t.String()) };

/** One question of the community loop (PRODUCT §11) about the member's current subgroup, as the detail table shows it. */
export const loopAsk = t.Object({
  askedAt: t.String(),
  lastAskedAt: t.String(),
  askCount: t.Number(),
  channel: t.Union([t.Literal('sms'), t.Literal('email'), t.Literal('card')]),
  answer: t.Nullable(t.Union([t.Literal('yes'), t.Literal('no'), t.Literal('later')])),
  answeredAt: t.Nullable(t.String()),
  answeredVia: t.Nullable(t.Union([t.Literal('sms'), t.Literal('card')])),
});
export type LoopAsk = typeof loopAsk.static;

const pagedMember = t.Composite([groupMember, t.Object({ loop: t.Object({ met: t.Nullable(loopAsk), metAgain: t.Nullable(loopAsk) }) })]);

/**
 * SPEC's whole group (subgroups list their member ids), or the detail screen's page of members with totals and each
 * member's `loop`: whether they were asked, and answered, if they met their current subgroup (and met it again).
 */
export const groupAnswer = t.Union([
  t.Object({
    ...groupHead,
    members: t.Array(groupMember),
    subgroups: t.Array(t.Object({ id: t.String(), name: t.String(), description: t.String(), members: t.Array(t.String()) })),
  }),
  t.Object({
    ...groupHead,
    members: t.Array(pagedMember),
    subgroups: t.Array(t.Object({ id: t.String(), name: t.String(), description: t.String(), memberCount: t.Number() })),
    total: t.Number(),
    totals: t.Object({ members: t.Number(), withSubgroup: t.Number(), withProfile: t.Number() }),
  }),
]);

export const createdGroupAnswer = t.Object({ id: t.String(), name: t.String() });
export const deletedGroupAnswer = t.Object({ deleted: t.String() });
export const okAnswer = t.Object({ ok: t.Literal(true) });
export const groupModuleAnswer = t.Object({ id: t.String(), isolatedModule: t.Nullable(t.String()) });

/** Mass Add Users: each non-blank line as read, with whether it is new, an existing user, or rejected and why. */
export const massAddAnswer = t.Object({
  dryRun: t.Boolean(),
  lines: t.Array(
    t.Object({
      line: t.Number(),
      name: t.String(),
      phone: t.String(),
      email: t.String(),
      status: t.Union([t.Literal('new'), t.Literal('existing'), t.Literal('rejected')]),
      error: t.Nullable(t.String()),
    }),
  ),
  accepted: t.Number(),
  rejected: t.Number(),
  added: t.Number(),
});
