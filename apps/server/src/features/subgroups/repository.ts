import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';

export function findGroup(db: DB, groupId: string) {
  return db.selectFrom('groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
}

/** Members in a stable order, with what describes them best. */
export function groupMembers(db: DB, groupId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select(['users.id', 'users.name', 'users.profile_for_group', 'users.memory_document'])
    .where('group_members.group_id', '=', groupId)
    .orderBy('group_members.created_at')
    .orderBy('users.id')
    .execute();
}

export interface NewSubgroup {
  id: string;
  name: string;
  description: string;
  members: Array<{ userId: string; description: string }>;
}

/** Replaces the group's subgroups in one transaction (the group row is locked so two runs do not interleave). */
export async function replaceSubgroups(db: DB, groupId: string, subgroups: NewSubgroup[]) {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('groups').select('id').where('id', '=', groupId).forUpdate().execute();
    await trx
      .updateTable('group_members')
      .set({ subgroup_id: null, user_description: '', assigned_at: null })
      .where('group_id', '=', groupId)
      .execute();
    await trx.deleteFrom('subgroups').where('group_id', '=', groupId).execute();
    if (!subgroups.length) return;
    await trx
      .insertInto('subgroups')
      .values(subgroups.map((s) => ({ id: s.id, group_id: groupId, name: s.name, description: s.description })))
      .execute();
    const rows = subgroups.flatMap((s) => s.members.map((m) => ({ subgroupId: s.id, ...m })));
    for (let i = 0; i < rows.length; i += 5000) {
      const values = sql.join(rows.slice(i, i + 5000).map((r) => sql`(${r.userId}, ${r.subgroupId}, ${r.description})`));
      await sql`
        update group_members as gm
        set subgroup_id = v.subgroup_id, user_description = v.description, assigned_at = now()
        from (values ${values}) as v(user_id, subgroup_id, description)
        where gm.group_id = ${groupId} and gm.user_id = v.user_id`.execute(trx);
    }
  });
}

export async function insertTestUsers(
  db: DB,
  groupId: string,
  users: Array<{ id: string; name: string; fileName: string; profile: string }>,
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values(users.map((u) => ({ id: u.id, name: u.name, file_name: u.fileName, profile_for_group: u.profile, is_test_user: true })))
      .execute();
    await trx
      .insertInto('group_members')
      .values(users.map((u) => ({ group_id: groupId, user_id: u.id })))
      .execute();
  });
}
