import { t } from 'elysia';

const groupId = t.Union([t.String({ minLength: 1, maxLength: 200 }), t.Number()]);
// A number input may arrive as text; the service checks the range with a clear message.
const count = t.Union([t.Number(), t.String({ maxLength: 12 })]);

export const assignSubgroupsBody = t.Object({ groupId, usersPerGroup: count });

// Missing (or blank) means SPEC §9's default of 15; any number is clamped into 1–40 (PRODUCT §9).
export const generateTestUsersBody = t.Object({ groupId, usersToGenerate: t.Optional(t.Nullable(count)) });

// ---- Answers ----

/** SPEC §7 `{ usersAssigned, cost.total_cost }` (0 with the local provider), and the subgroups made. */
export const assignAnswer = t.Object({
  usersAssigned: t.Number(),
  cost: t.Object({ total_cost: t.Number() }),
  subgroups: t.Array(t.Object({ id: t.String(), name: t.String(), description: t.String(), memberCount: t.Number() })),
});

export const testUsersAnswer = t.Object({
  created: t.Number(),
  users: t.Array(t.Object({ id: t.String(), name: t.String(), fileName: t.String() })),
});
