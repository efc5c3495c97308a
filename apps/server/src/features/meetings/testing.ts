import { sql } from 'kysely';
import type { TestContext } from '../../test/harness';

let n = 0;
const uid = (p: string) => `${p}${++n}${Math.random().toString(36).slice(2, 7)}`;

/** A group with one subgroup, built in the database so the loop's tests do not depend on other features' endpoints. */
export async function makeGroup(ctx: TestContext, name = uid('Group '), subgroupName = 'Trail Walkers') {
  const groupId = uid('g');
  const subgroupId = uid('s');
  await ctx.db.insertInto('groups').values({ id: groupId, name }).execute();
  await ctx.db.insertInto('subgroups').values({ id: subgroupId, group_id: groupId, name: subgroupName }).execute();
  return { groupId, subgroupId };
}

/**
 * A member assigned to the subgroup a while ago; `told` adds the assignment SMS that went out (contracts: told),
 * `toldDaysAgo` when it went out.
 */
export async function makeMember(
  ctx: TestContext,
  g: { groupId: string; subgroupId: string },
  name: string,
  opts: { phone?: string; email?: string; told?: boolean; toldDaysAgo?: number; optedOut?: boolean } = {},
) {
  const user = await ctx.createUser(name, { phone_number: opts.phone, email: opts.email });
  if (opts.optedOut) await ctx.db.updateTable('users').set({ sms_opt_out: true }).where('id', '=', user.id).execute();
  const daysAgo = opts.toldDaysAgo ?? 0;
  await ctx.db
    .insertInto('group_members')
    .values({
      group_id: g.groupId,
      user_id: user.id,
      subgroup_id: g.subgroupId,
      assigned_at: sql`now() - make_interval(days => ${daysAgo}, mins => 5)`,
    })
    .execute();
  if (opts.told ?? true) await tell(ctx, g.groupId, user.id, daysAgo);
  return user;
}

/** The assignment SMS of this group, sent `daysAgo` days ago. */
export async function tell(ctx: TestContext, groupId: string, userId: string, daysAgo = 0) {
  const campaignId = uid('c');
  await ctx.db.insertInto('campaigns').values({ id: campaignId, kind: 'assignment-sms', group_id: groupId }).execute();
  await ctx.db
    .insertInto('outbox')
    .values({
      unique_key: `${campaignId}/${userId}/assignment-sms`,
      campaign_id: campaignId,
      user_id: userId,
      channel: 'sms',
      kind: 'assignment-sms',
      to_address: '+14155550000',
      body: 'You are in Trail Walkers',
      status: 'sent',
      created_at: sql`now() - make_interval(days => ${daysAgo}, mins => 1)`,
      sent_at: sql`now() - make_interval(days => ${daysAgo}, mins => 1)`,
    })
    .execute();
}

export const asksOf = (ctx: TestContext, userId: string) =>
  ctx.db.selectFrom('met_asks').selectAll().where('user_id', '=', userId).orderBy('round').execute();

export const metMessagesOf = (ctx: TestContext, userId: string) =>
  ctx.db
    .selectFrom('outbox')
    .select(['id', 'kind', 'channel', 'body', 'subject', 'unique_key', 'status', 'to_address'])
    .where('user_id', '=', userId)
    .where('kind', 'in', ['met-sms', 'met-email'])
    .orderBy('id')
    .execute();
