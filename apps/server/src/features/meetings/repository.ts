import { sql, type ExpressionBuilder } from 'kysely';
import type { DB } from '@hearth/db/client';
import type { Database, MetAnswer, MetRound } from '@hearth/db/schema';

/** How long a LATER answer waits before the question is asked again. */
export const LATER_DAYS = 7;

export async function findGroup(db: DB, groupId: string) {
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'isolated_module as isolatedModule', 'met_ask_days as metAskDays', 'met_again_days as metAgainDays'])
    .where('id', '=', groupId)
    .executeTakeFirst();
}

export async function updateGroupDays(db: DB, groupId: string, metAskDays: number, metAgainDays: number) {
  return db
    .updateTable('groups')
    .set({ met_ask_days: metAskDays, met_again_days: metAgainDays })
    .where('id', '=', groupId)
    .returning(['met_ask_days as metAskDays', 'met_again_days as metAgainDays'])
    .executeTakeFirst();
}

export async function allGroupIds(db: DB): Promise<string[]> {
  return (await db.selectFrom('groups').select('id').orderBy('created_at').execute()).map((r) => r.id);
}

/**
 * When the member was told their current subgroup (contracts: an assignment SMS or e-mail of this group that went
 * out, or was kept, after the assignment), or null when they were not.
 */
const toldAt = (eb: ExpressionBuilder<Database & { gm: Database['group_members'] }, 'gm'>) =>
  eb
    .selectFrom('outbox as o')
    .innerJoin('campaigns as c', 'c.id', 'o.campaign_id')
    .select(sql<Date | null>`min(coalesce(o.sent_at, o.created_at))`.as('t'))
    .whereRef('o.user_id', '=', 'gm.user_id')
    .whereRef('c.group_id', '=', 'gm.group_id')
    .where('o.kind', 'in', ['assignment-sms', 'assignment-email'])
    .where('o.status', 'in', ['sent', 'kept', 'delivered'])
    .where(sql<boolean>`o.created_at >= gm.assigned_at`);

/**
 * The group's told, not opted-out loop members (not test users, not scratch) with their current subgroup, their
 * ask of `round` for it (if any), and their 'met' answer for it.
 */
export async function toldMembers(db: DB, groupId: string, round: MetRound) {
  const rows = await db
    .selectFrom('group_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .innerJoin('subgroups as s', 's.id', 'gm.subgroup_id')
    .leftJoin('met_asks as a', (j) =>
      j.onRef('a.user_id', '=', 'gm.user_id').onRef('a.subgroup_id', '=', 'gm.subgroup_id').on('a.round', '=', round),
    )
    .leftJoin('met_asks as m', (j) =>
      j.onRef('m.user_id', '=', 'gm.user_id').onRef('m.subgroup_id', '=', 'gm.subgroup_id').on('m.round', '=', 'met'),
    )
    .select((eb) => [
      'u.id as userId',
      'u.name',
      'u.phone_number as phone',
      'u.email',
      's.id as subgroupId',
      's.name as subgroupName',
      'a.id as askId',
      'a.ask_count as askCount',
      'a.answer',
      'a.next_ask_at as nextAskAt',
      'm.answer as metAnswer',
      toldAt(eb).as('toldAt'),
    ])
    .where('gm.group_id', '=', groupId)
    .where('u.is_test_user', '=', false)
    .where('u.scratch', '=', false)
    .where('u.sms_opt_out', '=', false)
    .orderBy('u.name')
    .execute();
  return rows.filter((r) => r.toldAt !== null).map((r) => ({ ...r, toldAt: new Date(r.toldAt!) }));
}
export type ToldMember = Awaited<ReturnType<typeof toldMembers>>[number];

/** A new question, unless this member was already asked it about this subgroup (then null: nothing is sent). */
export async function insertAsk(
  trx: DB,
  a: { id: string; groupId: string; userId: string; subgroupId: string; round: MetRound; channel: 'sms' | 'email' },
) {
  return trx
    .insertInto('met_asks')
    .values({ id: a.id, group_id: a.groupId, user_id: a.userId, subgroup_id: a.subgroupId, round: a.round, channel: a.channel })
    .onConflict((oc) => oc.columns(['user_id', 'subgroup_id', 'round']).doNothing())
    .returning(['id', 'ask_count as askCount'])
    .executeTakeFirst();
}

/**
 * Asks again: one more ask, the answer cleared. `dueLater`: only a LATER answer whose time has come and that was
 * asked fewer than `maxAsks` times (so two schedulers cannot both re-ask it).
 */
export async function reAsk(trx: DB, askId: string, channel: 'sms' | 'email', dueLater?: { maxAsks: number }) {
  let q = trx
    .updateTable('met_asks')
    .set({
      ask_count: sql`ask_count + 1`,
      last_asked_at: sql`now()`,
      channel,
      answer: null,
      answered_at: null,
      answered_via: null,
      clarified_at: null,
      next_ask_at: null,
    })
    .where('id', '=', askId);
  if (dueLater) {
    q = q.where('answer', '=', 'later').where('next_ask_at', '<=', sql<Date>`now()`).where('ask_count', '<', dueLater.maxAsks);
  }
  return q.returning(['id', 'ask_count as askCount']).executeTakeFirst();
}

export async function insertCampaign(trx: DB, c: { id: string; kind: string; groupId: string }) {
  await trx.insertInto('campaigns').values({ id: c.id, kind: c.kind, group_id: c.groupId }).execute();
}

const askView = (db: DB) =>
  db
    .selectFrom('met_asks as a')
    .innerJoin('group_members as gm', (j) => j.onRef('gm.user_id', '=', 'a.user_id').onRef('gm.subgroup_id', '=', 'a.subgroup_id'))
    .innerJoin('subgroups as s', 's.id', 'a.subgroup_id')
    .innerJoin('groups as g', 'g.id', 'a.group_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'a.id as askId',
      'a.group_id as groupId',
      'a.round',
      'a.ask_count as askCount',
      'a.asked_at as askedAt',
      'a.clarified_at as clarifiedAt',
      'g.name as groupName',
      's.name as subgroupName',
      'u.id as userId',
      'u.name',
      'u.phone_number as phone',
    ]);

/** The latest open (unanswered) SMS question about a current subgroup to anyone with this number, not opted out. */
export async function latestOpenSmsAsk(db: DB, phone: string) {
  return askView(db)
    .where('u.phone_number', '=', phone)
    .where('u.sms_opt_out', '=', false)
    .where('a.channel', '=', 'sms')
    .where('a.answer', 'is', null)
    .orderBy('a.last_asked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The member's oldest open question about a current subgroup (the user page's card). */
export async function oldestOpenAsk(db: DB, userId: string) {
  return askView(db).where('a.user_id', '=', userId).where('a.answer', 'is', null).orderBy('a.asked_at').limit(1).executeTakeFirst();
}

export async function askOfUser(db: DB, askId: string, userId: string) {
  return db.selectFrom('met_asks').select(['id', 'round']).where('id', '=', askId).where('user_id', '=', userId).executeTakeFirst();
}

/** Records the answer (one word, never the reply); LATER asks again in LATER_DAYS days. */
export async function recordAnswer(db: DB, askId: string, answer: MetAnswer, via: 'sms' | 'card') {
  return db
    .updateTable('met_asks')
    .set({
      answer,
      answered_at: sql`now()`,
      answered_via: via,
      next_ask_at: answer === 'later' ? sql`now() + make_interval(days => ${LATER_DAYS})` : null,
    })
    .where('id', '=', askId)
    .returning(['id', 'round', 'answer'])
    .executeTakeFirst();
}

/** Marks the one clarifying SMS of this ask; false when it was already sent. */
export async function markClarified(trx: DB, askId: string): Promise<boolean> {
  const row = await trx
    .updateTable('met_asks')
    .set({ clarified_at: sql`now()` })
    .where('id', '=', askId)
    .where('clarified_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A reply asking us to stop texting: the same as STOP for everyone with that number. */
export async function optOutPhone(db: DB, phone: string): Promise<number> {
  const rows = await db.updateTable('users').set({ sms_opt_out: true }).where('phone_number', '=', phone).returning('id').execute();
  return rows.length;
}
