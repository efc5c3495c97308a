import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import { ALREADY_SENT } from '../messages/outbox';
import { NAMED_PROMPTS } from '@hearth/db/seed';

/** An admin-editable named prompt (/system-prompts), or the seeded text if it was removed. */
export async function promptTemplate(db: DB, name: string): Promise<string> {
  const row = await db.selectFrom('prompts').select('prompt').where('name', '=', name).executeTakeFirst();
  return row?.prompt ?? NAMED_PROMPTS[name] ?? '';
}

export async function findGroup(db: DB, groupId: string) {
  return db.selectFrom('groups').select(['id', 'name']).where('id', '=', groupId).executeTakeFirst();
}

const memberColumns = [
  'users.id as userId',
  'users.name',
  'users.file_name as fileName',
  'users.phone_number as phone',
  'users.email',
  'group_members.user_description as userDescription',
  'subgroups.id as subgroupId',
  'subgroups.name as subgroupName',
  'subgroups.description as subgroupDescription',
] as const;

/** One member's membership of the group; `subgroupId` is null when they have no subgroup yet. */
export async function findMembership(db: DB, groupId: string, userId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .leftJoin('subgroups', 'subgroups.id', 'group_members.subgroup_id')
    .select(memberColumns)
    .where('group_members.group_id', '=', groupId)
    .where('group_members.user_id', '=', userId)
    .executeTakeFirst();
}

export async function subgroupInGroup(db: DB, groupId: string, subgroupId: string) {
  return db.selectFrom('subgroups').select('id').where('id', '=', subgroupId).where('group_id', '=', groupId).executeTakeFirst();
}

/**
 * Whether `kind` already went to this member (for this group, when `groupId` is given; an invitation is about the
 * member, not a group), by a blast or a single send: how many such messages went out, may have (cut off), or were
 * kept in the outbox, and when the last one did.
 */
export async function previousSends(db: DB, userId: string, kind: string, groupId: string | null) {
  let q = db
    .selectFrom('outbox')
    .innerJoin('campaigns', 'campaigns.id', 'outbox.campaign_id')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      sql<Date | null>`max(coalesce(outbox.sent_at, outbox.status_at, outbox.created_at))`.as('sentAt'),
    ])
    .where('outbox.user_id', '=', userId)
    .where('outbox.kind', '=', kind)
    .where('outbox.status', 'in', ALREADY_SENT);
  if (groupId !== null) q = q.where('campaigns.group_id', '=', groupId);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.count), sentAt: row.sentAt };
}
