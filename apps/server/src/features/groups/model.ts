import { t } from 'elysia';

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
