import type { TestContext } from '../../test/harness';

/** Hours after this instant are the times of the seeded steps. */
export const BASE = Date.parse('2026-11-01T00:00:00Z');
const at = (hours: number) => new Date(BASE + hours * 3_600_000);

export interface Progress {
  invited?: number;
  opened?: number;
  talked?: number;
  profiled?: number;
  /** The subgroup of the member's current assignment, with its time. */
  assigned?: { subgroupId: string; at: number };
  /** An assignment message: its status and time (default 'sent'). */
  told?: { at: number; status?: 'sent' | 'kept' | 'delivered' | 'failed' };
  met?: number;
  metAgain?: number;
  /** The modules of the member's voice sessions, in the order they were held. */
  modules?: string[];
  testUser?: boolean;
  scratch?: boolean;
}

let n = 0;
const id = (prefix: string) => `${prefix}${(++n).toString(36)}${Math.random().toString(36).slice(2, 7)}`;

export async function seedGroup(ctx: TestContext, name: string, subgroups: string[] = []) {
  const groupId = id('g');
  await ctx.db.insertInto('groups').values({ id: groupId, name }).execute();
  const subgroupIds: string[] = [];
  for (const s of subgroups) {
    const sid = id('s');
    await ctx.db.insertInto('subgroups').values({ id: sid, group_id: groupId, name: s }).execute();
    subgroupIds.push(sid);
  }
  const campaignId = id('c');
  await ctx.db.insertInto('campaigns').values({ id: campaignId, kind: 'assignment-sms', group_id: groupId }).execute();
  return { groupId, subgroupIds, campaignId };
}

/** A member straight in the database, as the features that write the loop's times would leave them. */
export async function seedMember(ctx: TestContext, group: { groupId: string; campaignId: string } | null, name: string, p: Progress) {
  const user = await ctx.createUser(name, { phone_number: '+14155550123' });
  await ctx.db
    .updateTable('users')
    .set({
      invited_at: p.invited === undefined ? null : at(p.invited),
      link_opened_at: p.opened === undefined ? null : at(p.opened),
      talked_at: p.talked === undefined ? null : at(p.talked),
      profiled_at: p.profiled === undefined ? null : at(p.profiled),
      is_test_user: p.testUser ?? false,
      scratch: p.scratch ?? false,
    })
    .where('id', '=', user.id)
    .execute();
  for (const [i, module] of (p.modules ?? []).entries()) {
    await ctx.db
      .insertInto('voice_sessions')
      .values({ id: id('v'), user_id: user.id, module_name: module, started_at: at((p.talked ?? 0) + i * 24) })
      .execute();
  }
  if (!group) return user;
  await ctx.db
    .insertInto('group_members')
    .values({
      group_id: group.groupId,
      user_id: user.id,
      subgroup_id: p.assigned?.subgroupId ?? null,
      assigned_at: p.assigned ? at(p.assigned.at) : null,
    })
    .execute();
  if (p.told) {
    await ctx.db
      .insertInto('outbox')
      .values({
        unique_key: id('o'),
        campaign_id: group.campaignId,
        user_id: user.id,
        channel: 'sms',
        kind: 'assignment-sms',
        to_address: '+14155550123',
        body: 'You are in a subgroup',
        status: p.told.status ?? 'sent',
        created_at: at(p.told.at),
        sent_at: at(p.told.at),
      })
      .execute();
  }
  for (const [round, time] of [
    ['met', p.met],
    ['met_again', p.metAgain],
  ] as const) {
    if (time === undefined || !p.assigned) continue;
    await ctx.db
      .insertInto('met_asks')
      .values({
        id: id('a'),
        group_id: group.groupId,
        user_id: user.id,
        subgroup_id: p.assigned.subgroupId,
        round,
        channel: 'sms',
        asked_at: at(time - 1),
        last_asked_at: at(time - 1),
        answer: 'yes',
        answered_at: at(time),
        answered_via: 'sms',
      })
      .execute();
  }
  return user;
}
