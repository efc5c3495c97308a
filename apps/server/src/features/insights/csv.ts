import type { FunnelStep, InsightsAnswer } from './model';

const HEADER = [
  'breakdown',
  'group',
  'subgroup',
  'module',
  'members',
  'step',
  'count',
  'rate',
  'step_rate',
  'median_hours_from_previous',
  'mean_score',
];

// Spreadsheet programs run a cell that starts with = + - @ as a formula: a group name must stay text.
const cell = (v: string | number | null) => {
  if (v === null) return '';
  const s = String(v);
  const safe = typeof v === 'string' && /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/**
 * The same numbers as the answer, one line per breakdown and step; a hidden breakdown is one line whose step reads
 * `hidden`, and a withheld count an empty cell. The well-being lines follow: members who answered and their mean
 * score on the loneliness scale (`members` and `mean_score` empty when fewer than five answered).
 */
export function insightsCsv(a: InsightsAnswer): string {
  const lines = [HEADER.join(',')];
  const line = (...cells: Array<string | number | null>) => lines.push(cells.map(cell).join(','));
  const add = (
    breakdown: string,
    group: string | null,
    subgroup: string | null,
    module: string | null,
    part: { members: number | null; hidden: boolean; funnel: FunnelStep[] },
  ) => {
    if (part.hidden) return line(breakdown, group, subgroup, module, part.members, 'hidden', null, null, null, null, null);
    for (const s of part.funnel) {
      line(
        breakdown,
        group,
        subgroup,
        module,
        part.members,
        s.step,
        s.count,
        fixed(s.rate),
        fixed(s.stepRate),
        s.medianHoursFromPrevious,
        null,
      );
    }
  };
  add(a.groupId === null ? 'all' : 'group', a.groupName, null, null, a);
  for (const g of a.groups) add('group', g.name, null, null, g);
  for (const m of a.modules) add('module', a.groupName, null, m.module, m);
  for (const s of a.subgroups) add('subgroup', s.groupName, s.name, null, s);
  const w = a.wellbeing;
  if (w) {
    const wellbeing = (step: string, members: number | null, mean: number | null) =>
      line('wellbeing', a.groupName, null, null, members, step, null, null, null, null, mean);
    wellbeing('intake', w.intake?.members ?? null, w.intake?.meanScore ?? null);
    wellbeing('later', w.later?.members ?? null, w.later?.meanScore ?? null);
    wellbeing('paired_intake', w.paired?.members ?? null, w.paired?.meanIntake ?? null);
    wellbeing('paired_later', w.paired?.members ?? null, w.paired?.meanLater ?? null);
    wellbeing('paired_change', w.paired?.members ?? null, w.paired?.meanChange ?? null);
  }
  return `${lines.join('\r\n')}\r\n`;
}

const fixed = (r: number | null) => (r === null ? null : Number(r.toFixed(4)));
