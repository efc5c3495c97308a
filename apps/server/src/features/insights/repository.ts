import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** One breakdown's raw figures: its member count, how many reached each step (strict), and the median hours. */
export interface RawFunnel {
  members: number;
  /** counts[k]: members who made step k and every step before it. */
  counts: number[];
  /** medians[k]: median hours from step k-1 to step k among those counted at k (medians[0] is always null). */
  medians: Array<number | null>;
}

const STEP_COUNT = 8;
const steps = Array.from({ length: STEP_COUNT }, (_, k) => k + 1);

// The member's depth in the funnel: how many steps in a row, from the first, they made.
const depth = sql.raw(`case ${steps.map((k) => `when t${k} is null then ${k - 1}`).join(' ')} else ${STEP_COUNT} end`);
const aggregates = sql.raw(
  [
    'count(*)::int as members',
    ...steps.map((k) => `count(*) filter (where depth >= ${k})::int as c${k}`),
    ...steps
      .slice(1)
      .map(
        (k) =>
          `percentile_cont(0.5) within group (order by extract(epoch from (t${k} - t${k - 1}))::float8 / 3600) filter (where depth >= ${k}) as m${k}`,
      ),
  ].join(', '),
);

type Row = Record<string, unknown>;
const toFunnel = (r: Row): RawFunnel => ({
  members: Number(r.members),
  counts: steps.map((k) => Number(r[`c${k}`])),
  medians: steps.map((k) => (k === 1 || r[`m${k}`] == null ? null : Number(r[`m${k}`]))),
});

/**
 * Every membership in scope (one group, or all) with the times its member made each step: the first four are the
 * member's own first times; assigned, told, met and met again belong to the membership (contracts.md).
 * Test users and scratch users are never counted.
 */
const memberships = (groupId: string | null) => sql`
  select gm.user_id, gm.group_id, gm.subgroup_id,
    u.invited_at as t1, u.link_opened_at as t2, u.talked_at as t3, u.profiled_at as t4,
    case when gm.subgroup_id is not null then gm.assigned_at end as t5,
    (select min(coalesce(o.sent_at, o.created_at)) from outbox o join campaigns c on c.id = o.campaign_id
      where o.user_id = gm.user_id and o.kind in ('assignment-sms', 'assignment-email') and c.group_id = gm.group_id
        and o.status in ('sent', 'kept', 'delivered') and o.created_at >= gm.assigned_at) as t6,
    (select coalesce(a.answered_at, a.last_asked_at) from met_asks a
      where a.user_id = gm.user_id and a.subgroup_id = gm.subgroup_id and a.round = 'met' and a.answer = 'yes') as t7,
    (select coalesce(a.answered_at, a.last_asked_at) from met_asks a
      where a.user_id = gm.user_id and a.subgroup_id = gm.subgroup_id and a.round = 'met_again' and a.answer = 'yes') as t8
  from group_members gm join users u on u.id = gm.user_id
  where not u.is_test_user and not u.scratch ${groupId === null ? sql`` : sql`and gm.group_id = ${groupId}`}`;

/**
 * The whole scope and its modules (the module of each member's first voice session; '(none)' if they never talked),
 * one row per member. Overall, a member in several groups counts once, with their earliest time at each group step;
 * members in no group count too (they can be invited, open and talk before joining one).
 */
export async function funnelByModule(db: DB, groupId: string | null) {
  const { rows } = await sql<Row>`
    with mm as (${memberships(groupId)}),
    per_user as (
      select user_id, min(t5) as t5, min(t6) as t6, min(t7) as t7, min(t8) as t8 from mm group by user_id
    ),
    mu as (
      select u.invited_at as t1, u.link_opened_at as t2, u.talked_at as t3, u.profiled_at as t4, p.t5, p.t6, p.t7, p.t8,
        coalesce((select v.module_name from voice_sessions v where v.user_id = u.id order by v.started_at limit 1), '(none)') as module
      from users u ${groupId === null ? sql`left join` : sql`join`} per_user p on p.user_id = u.id
      where not u.is_test_user and not u.scratch
    ),
    s as (select *, ${depth} as depth from mu)
    select grouping(module) as whole, module, ${aggregates}
    from s group by grouping sets ((), (module))
    order by module nulls first`.execute(db);
  const whole = rows.find((r) => Number(r.whole) === 1);
  return {
    whole: whole ? toFunnel(whole) : null,
    modules: rows.filter((r) => Number(r.whole) === 0).map((r) => ({ module: String(r.module), ...toFunnel(r) })),
  };
}

/** By group and by current subgroup (members without a subgroup count in their group only). */
export async function funnelByGroupAndSubgroup(db: DB, groupId: string | null) {
  const { rows } = await sql<Row>`
    with mm as (${memberships(groupId)}),
    s as (select *, ${depth} as depth from mm),
    agg as (
      select grouping(subgroup_id) as by_group, group_id, subgroup_id, ${aggregates}
      from s group by grouping sets ((group_id), (group_id, subgroup_id))
    )
    select agg.*, g.name as group_name, sg.name as subgroup_name
    from agg join groups g on g.id = agg.group_id left join subgroups sg on sg.id = agg.subgroup_id
    where agg.by_group = 1 or agg.subgroup_id is not null
    order by lower(g.name), g.id, lower(sg.name) nulls first, sg.id`.execute(db);
  const groups = rows
    .filter((r) => Number(r.by_group) === 1)
    .map((r) => ({ groupId: String(r.group_id), name: String(r.group_name), ...toFunnel(r) }));
  const subgroups = rows
    .filter((r) => Number(r.by_group) === 0)
    .map((r) => ({
      subgroupId: String(r.subgroup_id),
      name: String(r.subgroup_name),
      groupId: String(r.group_id),
      groupName: String(r.group_name),
      ...toFunnel(r),
    }));
  return { groups, subgroups };
}

export async function findGroupName(db: DB, groupId: string) {
  const row = await db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirst();
  return row?.name ?? null;
}
