import type { DB } from '@hearth/db/client';
import { NotFound } from '../../errors';
import { FUNNEL_STEPS, MINIMUM_MEMBERS, type FunnelStep, type FunnelStepName, type InsightsAnswer } from './model';
import * as repo from './repository';

/** A count is shown when it is 0 or at least five (PRODUCT §11); 1 to 4 could point at a person. */
const shown = (n: number) => (n === 0 || n >= MINIMUM_MEMBERS ? n : null);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? null : a / b);

/** The k-rule applied on the server: a hidden number never leaves it. */
export function publicFunnel(raw: repo.RawFunnel): { members: number | null; hidden: boolean; funnel: FunnelStep[] } {
  const hidden = raw.members < MINIMUM_MEMBERS;
  const counts = raw.counts.map((c) => (hidden ? null : shown(c)));
  const funnel = FUNNEL_STEPS.map((step, k) => ({
    step,
    count: counts[k] ?? null,
    rate: ratio(counts[k] ?? null, counts[0] ?? null),
    stepRate: k === 0 ? null : ratio(counts[k] ?? null, counts[k - 1] ?? null),
    // A median needs five members who made both steps.
    medianHoursFromPrevious: hidden || (raw.counts[k] ?? 0) < MINIMUM_MEMBERS ? null : round(raw.medians[k] ?? null),
  }));
  return { members: hidden ? (raw.members === 0 ? 0 : null) : raw.members, hidden, funnel };
}

const round = (h: number | null) => (h === null ? null : Math.round(h * 10) / 10);

/** The step pair that loses the most members, from the shown counts only. */
export function biggestDropOff(funnel: FunnelStep[]): { from: FunnelStepName; to: FunnelStepName; lost: number } | null {
  let best: { from: FunnelStepName; to: FunnelStepName; lost: number } | null = null;
  for (let k = 1; k < funnel.length; k++) {
    const prev = funnel[k - 1]!;
    const cur = funnel[k]!;
    if (prev.count === null || cur.count === null) continue;
    const lost = prev.count - cur.count;
    if (lost > 0 && (best === null || lost > best.lost)) best = { from: prev.step, to: cur.step, lost };
  }
  return best;
}

export async function insights(db: DB, groupId: string | null): Promise<InsightsAnswer> {
  const groupName = groupId === null ? null : await repo.findGroupName(db, groupId);
  if (groupId !== null && groupName === null) throw new NotFound('Group not found');
  const [byModule, byGroup] = await Promise.all([repo.funnelByModule(db, groupId), repo.funnelByGroupAndSubgroup(db, groupId)]);
  const whole = publicFunnel(byModule.whole ?? { members: 0, counts: FUNNEL_STEPS.map(() => 0), medians: FUNNEL_STEPS.map(() => null) });
  return {
    groupId,
    groupName,
    minimum: MINIMUM_MEMBERS,
    ...whole,
    biggestDropOff: biggestDropOff(whole.funnel),
    modules: byModule.modules.map(({ module, ...raw }) => ({ module, ...publicFunnel(raw) })),
    subgroups: byGroup.subgroups.map(({ subgroupId, name, groupId: gid, groupName: gname, ...raw }) => ({
      subgroupId,
      name,
      groupId: gid,
      groupName: gname,
      ...publicFunnel(raw),
    })),
    groups: groupId === null ? byGroup.groups.map(({ groupId: gid, name, ...raw }) => ({ groupId: gid, name, ...publicFunnel(raw) })) : [],
    wellbeing: null,
  };
}
