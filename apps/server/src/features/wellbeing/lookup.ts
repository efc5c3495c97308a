import type { DB } from '@hearth/db/client';
import { sql } from 'kysely';

/**
 * Issue 24's well-being aggregates for the organiser's insights: the loneliness scale (3 least lonely .. 9) of a
 * group's members, or of all members when `groupId` is null. Test users and test runs' scratch members do not count.
 * Each member counts with their latest intake and their latest later answers; `paired` compares the members who
 * have both. A part answered by fewer than MINIMUM members is null: no small group's answers can be told apart.
 */
export const MINIMUM = 5;

export type WellbeingSummary = {
  minimum: 5;
  intake: { members: number; meanScore: number } | null;
  later: { members: number; meanScore: number } | null;
  paired: { members: number; meanIntake: number; meanLater: number; meanChange: number } | null;
};

type Row = {
  intake_n: number;
  intake_mean: number | null;
  later_n: number;
  later_mean: number | null;
  paired_n: number;
  paired_intake: number | null;
  paired_later: number | null;
};

export async function wellbeingSummary(db: DB, groupId: string | null): Promise<WellbeingSummary> {
  const inGroup =
    groupId === null ? sql`true` : sql`exists (select 1 from group_members gm where gm.user_id = u.id and gm.group_id = ${groupId})`;
  const { rows } = await sql<Row>`
    with latest as (
      select distinct on (w.user_id, w.phase) w.user_id, w.phase, w.score
      from wellbeing_answers w join users u on u.id = w.user_id
      where not u.is_test_user and not u.scratch and ${inGroup}
      order by w.user_id, w.phase, w.recorded_at desc, w.id desc
    ),
    intake as (select user_id, score from latest where phase = 'intake'),
    later as (select user_id, score from latest where phase = 'later'),
    joined as (select i.score as intake, l.score as later from intake i full join later l using (user_id))
    select count(intake)::int as intake_n, avg(intake)::float8 as intake_mean,
      count(later)::int as later_n, avg(later)::float8 as later_mean,
      (count(*) filter (where intake is not null and later is not null))::int as paired_n,
      (avg(intake) filter (where later is not null))::float8 as paired_intake,
      (avg(later) filter (where intake is not null))::float8 as paired_later
    from joined`.execute(db);
  const r = rows[0];
  const enough = (n: number) => Number(n) >= MINIMUM;
  return {
    minimum: MINIMUM,
    intake: enough(r.intake_n) ? { members: Number(r.intake_n), meanScore: round(r.intake_mean) } : null,
    later: enough(r.later_n) ? { members: Number(r.later_n), meanScore: round(r.later_mean) } : null,
    paired: enough(r.paired_n)
      ? {
          members: Number(r.paired_n),
          meanIntake: round(r.paired_intake),
          meanLater: round(r.paired_later),
          meanChange: round(Number(r.paired_later) - Number(r.paired_intake)),
        }
      : null,
  };
}

/** Two decimals: a mean of whole scores needs no more. */
const round = (value: number | null) => Math.round(Number(value) * 100) / 100;
