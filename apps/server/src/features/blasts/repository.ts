import { sql } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { OutboxStatus } from '@hearth/db/schema';
import { ALREADY_SENT } from '../messages/outbox';

export async function findGroup(db: DB, groupId: string) {
  return db.selectFrom('groups').select(['id', 'name', 'isolated_module']).where('id', '=', groupId).executeTakeFirst();
}

/**
 * Every member of the group with what a blast needs: addresses, subgroup, and whether the phone is opted out
 * (the user's own STOP, or any user's with that number: a STOP is about the phone). Name order.
 */
export async function groupMembers(db: DB, groupId: string) {
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .leftJoin('subgroups', 'subgroups.id', 'group_members.subgroup_id')
    .select((eb) => [
      'users.id as userId',
      'users.name',
      'users.file_name as fileName',
      'users.phone_number as phone',
      'users.email',
      'group_members.user_description as userDescription',
      'subgroups.id as subgroupId',
      'subgroups.name as subgroupName',
      'subgroups.description as subgroupDescription',
      eb
        .or([
          eb('users.sms_opt_out', '=', true),
          eb(
            'users.phone_number',
            'in',
            eb.selectFrom('users as stopped').select('stopped.phone_number').where('stopped.sms_opt_out', '=', true),
          ),
        ])
        .as('optedOut'),
    ])
    .where('group_members.group_id', '=', groupId)
    .orderBy('users.name')
    .orderBy('users.id')
    .execute();
}

/** Serialises blast starts and notices of one kind (the lock enqueueOnce takes too), until the transaction ends. */
export async function lockKind(trx: DB, kind: string) {
  await sql`select pg_advisory_xact_lock(hashtext('hearth.outbox'), hashtext(${kind}))`.execute(trx);
}

/** Blasts of this kind to this group not yet marked finished, newest first. */
export async function unfinishedBlasts(db: DB, groupId: string, kind: string) {
  return db
    .selectFrom('campaigns')
    .select(['id'])
    .where('scope', '=', 'blast')
    .where('group_id', '=', groupId)
    .where('kind', '=', kind)
    .where('finished_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Whether any message of the campaign is still queued or being sent. */
export async function hasActiveMessages(db: DB, campaignId: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', 'in', ['queued', 'sending'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Stamps the campaign finished (once) and returns the stored time, so every reader reports the same one. */
export async function markFinished(db: DB, campaignId: string): Promise<Date | null> {
  const row = await db
    .updateTable('campaigns')
    .set({ finished_at: sql<Date>`coalesce(finished_at, now())` })
    .where('id', '=', campaignId)
    .returning('finished_at')
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

/**
 * PRODUCT §6: finished blasts of this kind to this group, as members who may have received one (sent,
 * delivered, or cut off mid-send) and when the last of those left.
 */
export async function previousBlasts(db: DB, groupId: string, kind: string) {
  const row = await db
    .selectFrom('outbox')
    .innerJoin('campaigns', 'campaigns.id', 'outbox.campaign_id')
    .select((eb) => [
      sql<number>`count(distinct outbox.user_id)`.as('members'),
      eb.fn.max(sql<Date>`coalesce(outbox.sent_at, outbox.status_at, campaigns.finished_at)`).as('sentAt'),
    ])
    .where('campaigns.scope', '=', 'blast')
    .where('campaigns.group_id', '=', groupId)
    .where('campaigns.kind', '=', kind)
    .where('campaigns.finished_at', 'is not', null)
    .where('outbox.status', 'in', ALREADY_SENT)
    .executeTakeFirstOrThrow();
  return { alreadySent: Number(row.members), sentAt: row.sentAt ? new Date(row.sentAt) : null };
}

/** Members whose latest blast message of this kind to this group is 'unknown' (cut off by a crash, never retried). */
export async function unknownOutcomeMembers(db: DB, groupId: string, kind: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('outbox')
    .innerJoin('campaigns', 'campaigns.id', 'outbox.campaign_id')
    .distinctOn('outbox.user_id')
    .select(['outbox.user_id', 'outbox.status'])
    .where('campaigns.scope', '=', 'blast')
    .where('campaigns.group_id', '=', groupId)
    .where('campaigns.kind', '=', kind)
    .where('outbox.user_id', 'is not', null)
    .orderBy('outbox.user_id')
    .orderBy('outbox.id', 'desc')
    .execute();
  return new Set(rows.flatMap((r) => (r.status === 'unknown' && r.user_id ? [r.user_id] : [])));
}

export async function insertBlastCampaign(
  db: DB,
  c: { id: string; kind: string; groupId: string; moduleName: string | null; createdBy: string | null; finished: boolean },
) {
  await db
    .insertInto('campaigns')
    .values({
      id: c.id,
      kind: c.kind,
      group_id: c.groupId,
      created_by: c.createdBy,
      scope: 'blast',
      module_name: c.moduleName,
      finished_at: c.finished ? sql<Date>`now()` : null,
    })
    .execute();
}

const campaignColumns = ['id', 'group_id', 'kind', 'created_at', 'finished_at'] as const;

export async function findBlast(db: DB, campaignId: string) {
  return db.selectFrom('campaigns').select(campaignColumns).where('id', '=', campaignId).where('scope', '=', 'blast').executeTakeFirst();
}

export async function listBlastCampaigns(db: DB, opts: { groupId?: string; limit: number }) {
  let q = db
    .selectFrom('campaigns')
    .select(campaignColumns)
    .where('scope', '=', 'blast')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(opts.limit);
  if (opts.groupId) q = q.where('group_id', '=', opts.groupId);
  return q.execute();
}

/** Messages per state of each campaign (one row per campaign and state). */
export async function statusCounts(db: DB, campaignIds: string[]) {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .select((eb) => [
      'campaign_id',
      'status',
      eb.fn.countAll<number>().as('n'),
      sql<number>`count(*) filter (where outbox.status = 'queued' and outbox.attempts > 0)`.as('retrying'),
    ])
    .where('campaign_id', 'in', campaignIds)
    .groupBy(['campaign_id', 'status'])
    .execute();
}

/** Members whose message did not (certainly) arrive, or was skipped, with why. */
export async function problemMessages(db: DB, campaignIds: string[], statuses: OutboxStatus[]) {
  if (campaignIds.length === 0) return [];
  return db
    .selectFrom('outbox')
    .leftJoin('users', 'users.id', 'outbox.user_id')
    .select(['outbox.campaign_id', 'outbox.status', 'outbox.last_error', 'users.file_name', 'users.name'])
    .where('outbox.campaign_id', 'in', campaignIds)
    .where('outbox.status', 'in', statuses)
    .orderBy('users.name')
    .orderBy('outbox.id')
    .execute();
}

/** Every message of the campaign with its member, name order (the SPEC §7 blast's answer). */
export async function campaignMessages(db: DB, campaignId: string) {
  return db
    .selectFrom('outbox')
    .leftJoin('users', 'users.id', 'outbox.user_id')
    .select(['outbox.id', 'outbox.status', 'outbox.attempts', 'outbox.last_error', 'users.file_name', 'users.name'])
    .where('outbox.campaign_id', '=', campaignId)
    .orderBy('users.name')
    .orderBy('outbox.id')
    .execute();
}
