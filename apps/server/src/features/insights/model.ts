import { t } from 'elysia';

/**
 * The community loop's steps (PRODUCT §11), in order. Each counts the members for whom it happened, whatever happened
 * before: a member added by hand, never invited, still counts as told and met.
 */
export const FUNNEL_STEPS = ['invited', 'opened', 'talked', 'profiled', 'assigned', 'told', 'met', 'met_again'] as const;
export type FunnelStepName = (typeof FUNNEL_STEPS)[number];

/** PRODUCT §11: aggregates of fewer than five members are never shown. */
export const MINIMUM_MEMBERS = 5;

export const insightsQuery = t.Object({
  groupId: t.Optional(t.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', error: 'The group id is not valid' })),
});

const count = t.Nullable(t.Number());
const step = t.UnionEnum(FUNNEL_STEPS);

export const funnelStep = t.Object({
  step,
  count,
  rate: t.Nullable(t.Number()),
  stepRate: t.Nullable(t.Number()),
  medianHoursFromPrevious: t.Nullable(t.Number()),
});
/** The scope's own funnel: always the eight steps, their numbers null when the scope is hidden. */
const funnel = t.Array(funnelStep, { minItems: FUNNEL_STEPS.length, maxItems: FUNNEL_STEPS.length });
/** A breakdown's: a hidden one (fewer than five members) carries no steps, `[]`. */
const breakdownFunnel = t.Array(funnelStep, { maxItems: FUNNEL_STEPS.length });

const meanOf = t.Object({ members: t.Number(), meanScore: t.Number() });
export const wellbeingSummary = t.Object({
  minimum: t.Number(),
  intake: t.Nullable(meanOf),
  later: t.Nullable(meanOf),
  paired: t.Nullable(t.Object({ members: t.Number(), meanIntake: t.Number(), meanLater: t.Number(), meanChange: t.Number() })),
});

export const insightsAnswer = t.Object({
  groupId: t.Nullable(t.String()),
  groupName: t.Nullable(t.String()),
  minimum: t.Number(),
  members: count,
  hidden: t.Boolean(),
  funnel,
  biggestDropOff: t.Nullable(t.Object({ from: step, to: step, lost: t.Number() })),
  modules: t.Array(t.Object({ module: t.String(), members: count, hidden: t.Boolean(), funnel: breakdownFunnel })),
  subgroups: t.Array(
    t.Object({
      subgroupId: t.String(),
      name: t.String(),
      groupId: t.String(),
      groupName: t.String(),
      members: count,
      hidden: t.Boolean(),
      funnel: breakdownFunnel,
    }),
  ),
  groups: t.Array(t.Object({ groupId: t.String(), name: t.String(), members: count, hidden: t.Boolean(), funnel: breakdownFunnel })),
  // The well-being feature's summary (features/wellbeing/lookup.ts); its parts answered by fewer than five are null.
  wellbeing: t.Nullable(wellbeingSummary),
});

export type FunnelStep = typeof funnelStep.static;
export type InsightsAnswer = typeof insightsAnswer.static;
