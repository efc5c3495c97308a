import type { FunnelStep, InsightsAnswer } from './model';

const HEADER = ['breakdown', 'group', 'subgroup', 'module', 'members', 'step', 'count', 'rate', 'step_rate', 'median_hours_from_previous'];

// Spreadsheet programs run a cell that starts with = + - @ as a formula: a group name must stay text.
const cell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** The same numbers as the answer, one line per breakdown and step; hidden numbers are empty cells. */
export function insightsCsv(a: InsightsAnswer): string {
  const lines = [HEADER.join(',')];
  const add = (
    breakdown: string,
    group: string | null,
    subgroup: string | null,
    module: string | null,
    members: number | null,
    funnel: FunnelStep[],
  ) => {
    for (const s of funnel) {
      lines.push(
        [breakdown, group, subgroup, module, members, s.step, s.count, fixed(s.rate), fixed(s.stepRate), s.medianHoursFromPrevious]
          .map(cell)
          .join(','),
      );
    }
  };
  add(a.groupId === null ? 'all' : 'group', a.groupName, null, null, a.members, a.funnel);
  for (const g of a.groups) add('group', g.name, null, null, g.members, g.funnel);
  for (const m of a.modules) add('module', a.groupName, null, m.module, m.members, m.funnel);
  for (const s of a.subgroups) add('subgroup', s.groupName, s.name, null, s.members, s.funnel);
  return `${lines.join('\r\n')}\r\n`;
}

const fixed = (r: number | null) => (r === null ? null : Number(r.toFixed(4)));
