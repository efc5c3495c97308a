import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import { adminUserViews } from '../../lib/users';

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

export const findGroup = (db: DB, groupId: string) =>
  db.selectFrom('groups').select(['id', 'name', 'isolated_module']).where('id', '=', groupId).executeTakeFirst();

/** The admin view of a group's members, by name. */
export const memberViews = (db: DB, groupId: string) =>
  adminUserViews(
    db,
    sql`select gm.user_id as id, row_number() over (order by lower(u.name), u.id) as ord
      from group_members gm join users u on u.id = gm.user_id where gm.group_id = ${groupId}`,
  );

export const memberSubgroups = (db: DB, groupId: string) =>
  db
    .selectFrom('group_members as gm')
    .innerJoin('subgroups as sg', 'sg.id', 'gm.subgroup_id')
    .select(['gm.user_id', 'sg.id as subgroupId', 'sg.name as subgroupName', 'gm.user_description as userDescription'])
    .where('gm.group_id', '=', groupId)
    .execute();

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
  db.selectFrom('sequences').select('name').where('name', '=', name).where('is_global', '=', false).executeTakeFirst();

export const setIsolatedModule = (db: DB, groupId: string, moduleName: string | null) =>
  db.updateTable('groups').set({ isolated_module: moduleName }).where('id', '=', groupId).executeTakeFirst();
