import type { DB } from '@hearth/db/client';
import { NotFound } from '../../errors';
import { wellbeingSummary } from '../wellbeing/lookup';
import { FUNNEL_STEPS, MINIMUM_MEMBERS, type FunnelStep, type FunnelStepName, type InsightsAnswer } from './model';
import * as repo from './repository';

/** A count is shown when it is 0 or at least five (PRODUCT §11); 1 to 4 could point at a person. */
const shown = (n: number) => (n === 0 || n >= MINIMUM_MEMBERS ? n : null);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);
const round = (h: number | null) => (h === null ? null : Math.round(h * 10) / 10);

type Public = { members: number | null; hidden: boolean; funnel: FunnelStep[] };

/**
 * The k-rule applied on the server: a hidden number never leaves it, nor any rate computed from one. Each step
 * stands on its own evidence; its step rate and median come from the members who made both it and the step before.
 */
export function publicFunnel(raw: repo.RawFunnel): Public {
  const hidden = raw.members < MINIMUM_MEMBERS;
  const members = hidden ? (raw.members === 0 ? 0 : null) : raw.members;
  const funnel = FUNNEL_STEPS.map((step, k) => {
    if (hidden) return { step, count: null, rate: null, stepRate: null, medianHoursFromPrevious: null };
    const count = shown(raw.counts[k] ?? 0);
    const pair = k === 0 ? null : shown(raw.pairs[k] ?? 0);
    const previous = k === 0 ? null : shown(raw.counts[k - 1] ?? 0);
    return {
      step,
      count,
      rate: ratio(count, members),
      stepRate: ratio(pair, previous),
      // A median needs five members who made both steps.
      medianHoursFromPrevious: (raw.pairs[k] ?? 0) < MINIMUM_MEMBERS ? null : round(raw.medians[k] ?? null),
    };
  });
  return { members, hidden, funnel };
}

/** A breakdown (module, subgroup, group): a hidden one carries no steps at all, which keeps all groups' answer small. */
export function publicBreakdown(raw: repo.RawFunnel): Public {
  const p = publicFunnel(raw);
  return p.hidden ? { ...p, funnel: [] } : p;
}

/**
 * The step pair that loses the most members: those who made step k-1 but not step k. Worked out from the raw
 * numbers, and reported only when both the members at step k-1 and the lost pass the k-rule.
 */
export function biggestDropOff(raw: repo.RawFunnel): { from: FunnelStepName; to: FunnelStepName; lost: number } | null {
  if (raw.members < MINIMUM_MEMBERS) return null;
  let best: { from: FunnelStepName; to: FunnelStepName; lost: number } | null = null;
  for (let k = 1; k < FUNNEL_STEPS.length; k++) {
    const before = raw.counts[k - 1] ?? 0;
    const lost = before - (raw.pairs[k] ?? 0);
    if (shown(before) === null || shown(lost) === null || lost <= 0) continue;
    if (best === null || lost > best.lost) best = { from: FUNNEL_STEPS[k - 1]!, to: FUNNEL_STEPS[k]!, lost };
  }
  return best;
}

const NOBODY: repo.RawFunnel = {
  members: 0,
  counts: FUNNEL_STEPS.map(() => 0),
  pairs: FUNNEL_STEPS.map(() => 0),
  medians: FUNNEL_STEPS.map(() => null),
};

export async function insights(db: DB, groupId: string | null): Promise<InsightsAnswer> {
  const groupName = groupId === null ? null : await repo.findGroupName(db, groupId);
  if (groupId !== null && groupName === null) throw new NotFound('Group not found');
  const [byModule, byGroup, wellbeing] = await Promise.all([
    repo.funnelByModule(db, groupId),
    repo.funnelByGroupAndSubgroup(db, groupId),
    wellbeingSummary(db, groupId),
  ]);
  const whole = byModule.whole ?? NOBODY;
  return {
    groupId,
    groupName,
    minimum: MINIMUM_MEMBERS,
    ...publicFunnel(whole),
    biggestDropOff: biggestDropOff(whole),
    modules: byModule.modules.map(({ module, ...raw }) => ({ module, ...publicBreakdown(raw) })),
    subgroups: byGroup.subgroups.map(({ subgroupId, name, groupId: gid, groupName: gname, ...raw }) => ({
      subgroupId,
      name,
      groupId: gid,
      groupName: gname,
      ...publicBreakdown(raw),
    })),
    groups:
      groupId === null ? byGroup.groups.map(({ groupId: gid, name, ...raw }) => ({ groupId: gid, name, ...publicBreakdown(raw) })) : [],
    wellbeing,
  };
}
