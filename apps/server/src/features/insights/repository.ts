import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

/** One breakdown's raw figures, each step on its own evidence (a member counts at a step when it happened). */
export interface RawFunnel {
  members: number;
  /** counts[k]: members for whom step k happened, whatever happened before. */
  counts: number[];
  /** pairs[k]: members who made both step k-1 and step k (pairs[0] is always 0). */
  pairs: number[];
  /** medians[k]: median hours from step k-1 to step k among the pairs[k] members (medians[0] is always null). */
  medians: Array<number | null>;
}

const STEP_COUNT = 8;
const steps = Array.from({ length: STEP_COUNT }, (_, k) => k + 1);

const both = (k: number) => `t${k - 1} is not null and t${k} is not null`;
const aggregates = sql.raw(
  [
    'count(*)::int as members',
    ...steps.map((k) => `count(t${k})::int as c${k}`),
    ...steps.slice(1).map((k) => `count(*) filter (where ${both(k)})::int as b${k}`),
    ...steps
      .slice(1)
      .map(
        (k) =>
          `percentile_cont(0.5) within group (order by extract(epoch from (t${k} - t${k - 1}))::float8 / 3600) filter (where ${both(k)}) as m${k}`,
      ),
  ].join(', '),
);

type Row = Record<string, unknown>;
const toFunnel = (r: Row): RawFunnel => ({
  members: Number(r.members),
  counts: steps.map((k) => Number(r[`c${k}`])),
  pairs: steps.map((k) => (k === 1 ? 0 : Number(r[`b${k}`]))),
  medians: steps.map((k) => (k === 1 || r[`m${k}`] == null ? null : Number(r[`m${k}`]))),
});

/**
 * Every membership in scope (one group, or all) with the times its member made each step: the first four are the
 * member's own first times; assigned, told, met and met again belong to the membership (contracts.md).
 * Test users and scratch users are never counted. Joins, not a subquery per member: at 10,000 members the
 * correlated form cost a second (most of it the JIT compiling a plan it thought expensive); this takes ~70 ms.
 */
const memberships = (groupId: string | null) => {
  const inGroup = (column: string) => (groupId === null ? sql`` : sql`and ${sql.ref(column)} = ${groupId}`);
  return sql`
    with told as (
      select gm.user_id, gm.group_id, min(coalesce(o.sent_at, o.created_at)) as at
      from group_members gm
      join outbox o on o.user_id = gm.user_id and o.created_at >= gm.assigned_at
      join campaigns c on c.id = o.campaign_id and c.group_id = gm.group_id
      where o.kind in ('assignment-sms', 'assignment-email') and o.status in ('sent', 'kept', 'delivered') ${inGroup('gm.group_id')}
      group by gm.user_id, gm.group_id
    )
    select gm.user_id, gm.group_id, gm.subgroup_id,
      u.invited_at as t1, u.link_opened_at as t2, u.talked_at as t3, u.profiled_at as t4,
      case when gm.subgroup_id is not null then gm.assigned_at end as t5,
      told.at as t6,
      coalesce(met.answered_at, met.last_asked_at) as t7,
      coalesce(again.answered_at, again.last_asked_at) as t8
    from group_members gm
    join users u on u.id = gm.user_id
    left join told on told.user_id = gm.user_id and told.group_id = gm.group_id
    -- One question per (member, subgroup, round): at most one row each.
    left join met_asks met on met.user_id = gm.user_id and met.subgroup_id = gm.subgroup_id and met.round = 'met' and met.answer = 'yes'
    left join met_asks again
      on again.user_id = gm.user_id and again.subgroup_id = gm.subgroup_id and again.round = 'met_again' and again.answer = 'yes'
    where not u.is_test_user and not u.scratch ${inGroup('gm.group_id')}`;
};

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
    )
    select grouping(module) as whole, module, ${aggregates}
    from mu group by grouping sets ((), (module))
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
    agg as (
      select grouping(subgroup_id) as by_group, group_id, subgroup_id, ${aggregates}
      from mm group by grouping sets ((group_id), (group_id, subgroup_id))
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
