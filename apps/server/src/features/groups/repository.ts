import { sql, type RawBuilder } from 'kysely';
import type { DB } from '@hearth/db/client';
import { adminUserViews, isoUtc } from '../users/lookup';

/** Every group with its members' ids and names; members are few per group and SPEC's list shape has them. */
export async function listGroups(db: DB) {
  const { rows } = await sql<{ id: string; name: string; memberCount: number; members: Array<{ id: string; name: string }> }>`
    select g.id, g.name, count(u.id)::int as "memberCount",
      coalesce(json_agg(json_build_object('id', u.id, 'name', u.name) order by lower(u.name), u.id)
        filter (where u.id is not null), '[]'::json) as members
    from groups g
    left join group_members gm on gm.group_id = g.id
    left join users u on u.id = gm.user_id
    group by g.id
    order by lower(g.name), g.id`.execute(db);
  return rows;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A lower-cased search over a name column (and, for users, e-mail and the phone's digits). */
function nameFilter(column: RawBuilder<unknown>, q: string | null): RawBuilder<unknown> {
  return q ? sql`lower(${column}) like ${`%${likeEscape(q)}%`}` : sql`true`;
}

function memberFilter(q: string | null): RawBuilder<unknown> {
  if (!q) return sql`true`;
  const pattern = `%${likeEscape(q)}%`;
  const digits = q.replace(/\D/g, '');
  const byPhone = digits ? sql` or u.phone_number like ${`%${digits}%`}` : sql``;
  return sql`(lower(u.name) like ${pattern} or lower(u.email) like ${pattern}${byPhone})`;
}

/** One page of the groups table, by name, with member counts (no member lists). */
export async function groupsPage(db: DB, p: { limit: number; offset: number; q: string | null }) {
  const where = nameFilter(sql`g.name`, p.q);
  const [rows, total] = await Promise.all([
    sql<{ id: string; name: string; memberCount: number }>`
      select g.id, g.name, (select count(*)::int from group_members gm where gm.group_id = g.id) as "memberCount"
      from groups g where ${where}
      order by lower(g.name), g.id
      limit ${p.limit} offset ${p.offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n from groups g where ${where}`.execute(db),
  ]);
  return { groups: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export const findGroup = (db: DB, groupId: string) =>
  db.selectFrom('groups').select(['id', 'name', 'isolated_module']).where('id', '=', groupId).executeTakeFirst();

/** The admin view of a group's members, by name. */
export const memberViews = (db: DB, groupId: string) =>
  adminUserViews(
    db,
    sql`select gm.user_id as id, row_number() over (order by lower(u.name), u.id) as ord
      from group_members gm join users u on u.id = gm.user_id where gm.group_id = ${groupId}`,
  );

/** One page of a group's members (admin view), by name, filtered by name, e-mail or phone digits. */
export const memberViewsPage = (db: DB, groupId: string, p: { limit: number; offset: number; q: string | null }) =>
  adminUserViews(
    db,
    sql`select p.id, row_number() over (order by p.sort_key, p.id) as ord
      from (
        select u.id, lower(u.name) as sort_key
        from group_members gm join users u on u.id = gm.user_id
        where gm.group_id = ${groupId} and ${memberFilter(p.q)}
        order by lower(u.name), u.id
        limit ${p.limit} offset ${p.offset}
      ) p`,
  );

/** The member counts the detail page shows, and how many members match the search. */
export async function memberTotals(db: DB, groupId: string, q: string | null) {
  const { rows } = await sql<{ members: number; withSubgroup: number; withProfile: number; matching: number }>`
    select count(*)::int as members,
      count(gm.subgroup_id)::int as "withSubgroup",
      (count(*) filter (where btrim(u.profile_for_group) <> ''))::int as "withProfile",
      (count(*) filter (where ${memberFilter(q)}))::int as matching
    from group_members gm join users u on u.id = gm.user_id
    where gm.group_id = ${groupId}`.execute(db);
  return rows[0] ?? { members: 0, withSubgroup: 0, withProfile: 0, matching: 0 };
}

/** Members' subgroups (all members, or only `userIds`). */
export const memberSubgroups = (db: DB, groupId: string, userIds?: string[]) => {
  let query = db
    .selectFrom('group_members as gm')
    .innerJoin('subgroups as sg', 'sg.id', 'gm.subgroup_id')
    .select(['gm.user_id', 'sg.id as subgroupId', 'sg.name as subgroupName', 'gm.user_description as userDescription'])
    .where('gm.group_id', '=', groupId);
  if (userIds) {
    if (userIds.length === 0) return Promise.resolve([]);
    query = query.where('gm.user_id', 'in', userIds);
  }
  return query.execute();
};

/**
 * The community loop's questions (PRODUCT §11) about these members' current subgroups, in one query for the page.
 * An ask about an earlier assignment (its subgroup replaced, or another subgroup) is not the member's state now.
 */
export async function memberLoopAsks(db: DB, groupId: string, userIds: string[]) {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{
    userId: string;
    round: 'met' | 'met_again';
    askedAt: string;
    lastAskedAt: string;
    askCount: number;
    channel: 'sms' | 'email' | 'card';
    answer: 'yes' | 'no' | 'later' | null;
    answeredAt: string | null;
    answeredVia: 'sms' | 'card' | null;
  }>`
    select ma.user_id as "userId", ma.round, ${isoUtc(sql`ma.asked_at`)} as "askedAt",
      ${isoUtc(sql`ma.last_asked_at`)} as "lastAskedAt", ma.ask_count::int as "askCount", ma.channel, ma.answer,
      ${isoUtc(sql`ma.answered_at`)} as "answeredAt", ma.answered_via as "answeredVia"
    from group_members gm
    join met_asks ma on ma.user_id = gm.user_id and ma.subgroup_id = gm.subgroup_id
    where gm.group_id = ${groupId} and gm.user_id in (${sql.join(userIds)})`.execute(db);
  return rows;
}

/** The group's subgroups with how many members each has (the paged answer: no member lists). */
export async function subgroupCounts(db: DB, groupId: string) {
  const { rows } = await sql<{ id: string; name: string; description: string; memberCount: number }>`
    select sg.id, sg.name, sg.description, count(gm.user_id)::int as "memberCount"
    from subgroups sg
    left join group_members gm on gm.subgroup_id = sg.id and gm.group_id = sg.group_id
    where sg.group_id = ${groupId}
    group by sg.id
    order by lower(sg.name), sg.id`.execute(db);
  return rows;
}

export async function subgroupsOf(db: DB, groupId: string) {
  const { rows } = await sql<{ id: string; name: string; description: string; members: string[] }>`
    select sg.id, sg.name, sg.description,
      coalesce(json_agg(gm.user_id order by gm.user_id) filter (where gm.user_id is not null), '[]'::json) as members
    from subgroups sg
    left join group_members gm on gm.subgroup_id = sg.id and gm.group_id = sg.group_id
    where sg.group_id = ${groupId}
    group by sg.id
    order by lower(sg.name), sg.id`.execute(db);
  return rows;
}

/** Inserts the group unless one with that name (any case) exists; returns whether it was new. */
export async function insertGroup(db: DB, id: string, name: string) {
  const row = await db
    .insertInto('groups')
    .values({ id, name })
    .onConflict((oc) => oc.expression(sql`(lower(name))`).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteGroup(db: DB, groupId: string) {
  const r = await db.deleteFrom('groups').where('id', '=', groupId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function addMember(db: DB, groupId: string, userId: string) {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, subgroup_id: null })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .execute();
}

export const removeMember = (db: DB, groupId: string, userId: string) =>
  db.deleteFrom('group_members').where('group_id', '=', groupId).where('user_id', '=', userId).execute();

/** A module users can pick (not the global prompt), by its name without ".json". */
export const findModule = (db: DB, name: string) =>
  db
    .selectFrom('sequences')
    .select(['name', 'published_version'])
    .where('name', '=', name)
    .where('is_global', '=', false)
    .executeTakeFirst();

export const setIsolatedModule = (db: DB, groupId: string, moduleName: string | null) =>
  db.updateTable('groups').set({ isolated_module: moduleName }).where('id', '=', groupId).executeTakeFirst();

/** Name and contact of every member: what a mass add checks "already a member" against. */
export const memberContacts = (db: DB, groupId: string) =>
  db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select(['u.id', 'u.name', 'u.phone_number', 'u.email'])
    .where('gm.group_id', '=', groupId)
    .execute();

const IN_CHUNK = 1_000;

/** Users (any group or none) with one of these phone numbers (E.164) or e-mails (lower-cased). */
export async function usersByContact(db: DB, phones: string[], emails: string[]) {
  const rows = [];
  for (let i = 0; i < Math.max(phones.length, emails.length); i += IN_CHUNK) {
    const p = phones.slice(i, i + IN_CHUNK);
    const e = emails.slice(i, i + IN_CHUNK);
    rows.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'name', 'file_name', 'phone_number', 'email'])
        .where((eb) =>
          eb.or([...(p.length ? [eb('phone_number', 'in', p)] : []), ...(e.length ? [eb(eb.fn('lower', ['email']), 'in', e)] : [])]),
        )
        .execute()),
    );
  }
  return rows;
}

/** Creates the new users and makes them and the existing ones members, all or nothing. */
export async function addMembers(
  db: DB,
  groupId: string,
  newUsers: Array<{ id: string; name: string; fileName: string; phone: string | null; email: string | null }>,
  existingUserIds: string[],
) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < newUsers.length; i += IN_CHUNK) {
      await trx
        .insertInto('users')
        .values(
          newUsers
            .slice(i, i + IN_CHUNK)
            .map((u) => ({ id: u.id, name: u.name, file_name: u.fileName, phone_number: u.phone, email: u.email })),
        )
        .execute();
    }
    const ids = [...newUsers.map((u) => u.id), ...existingUserIds];
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      await trx
        .insertInto('group_members')
        .values(ids.slice(i, i + IN_CHUNK).map((userId) => ({ group_id: groupId, user_id: userId })))
        .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
        .execute();
    }
  });
}

/** The modules the user's groups are isolated to (PRODUCT §9 "Isolate to this Module"). */
export async function isolatedModulesOfUser(db: DB, userId: string) {
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .select('g.isolated_module')
    .distinct()
    .where('gm.user_id', '=', userId)
    .where('g.isolated_module', 'is not', null)
    .execute();
  return rows
    .map((r) => r.isolated_module)
    .filter((m): m is string => m !== null)
    .sort();
}
