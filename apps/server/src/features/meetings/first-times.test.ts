import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertOutboxRows, personalLinkPlaceholder } from '../messages/outbox';
import { deliverMessage } from '../messages/service';
import { setProfileForGroup, claimVoiceSession } from '../post-chat/repository';
import { insertVoiceSession } from '../../realtime/repository';
import { replaceSubgroups } from '../subgroups/repository';

// The funnel's first times (PRODUCT §11): each is set where the thing happens, once, and never moved back.
let ctx: TestContext;
let operator: string;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
});
afterAll(() => ctx.close());

const times = (id: string) =>
  ctx.db
    .selectFrom('users')
    .select(['invited_at', 'link_opened_at', 'talked_at', 'profiled_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const ms = (d: Date | string | null) => (d === null ? null : new Date(d).getTime());

describe('first times', () => {
  test('invited: the first "Generate URL"; opened: the first exchange of a link for a session; neither moves later', async () => {
    const user = await ctx.createUser('Gen');
    expect(await times(user.id)).toMatchObject({ invited_at: null, link_opened_at: null });
    const issue = () =>
      ctx.request('POST', '/api/user-link', { cookie: operator, body: { userFile: user.fileName, moduleName: 'Get to Know You' } });
    const link = await issue();
    expect(link.status).toBe(200);
    const first = await times(user.id);
    expect(first.invited_at).not.toBeNull();
    expect(first.link_opened_at).toBeNull();
    const token = new URL(link.body.url).hash.replace('#k=', '');
    expect((await ctx.request('POST', '/api/user-session', { body: { token } })).status).toBe(200);
    const opened = await times(user.id);
    expect(opened.link_opened_at).not.toBeNull();
    await Bun.sleep(20);
    const again = await issue();
    await ctx.request('POST', '/api/user-session', { body: { token: new URL(again.body.url).hash.replace('#k=', '') } });
    const later = await times(user.id);
    expect(ms(later.invited_at)).toBe(ms(first.invited_at));
    expect(ms(later.link_opened_at)).toBe(ms(opened.link_opened_at));
  });

  test('invited: a sent invitation issues the link and marks the member invited', async () => {
    const user = await ctx.createUser('Invitee', { phone_number: '+14155550501' });
    await ctx.db
      .insertInto('campaigns')
      .values({ id: `c-inv-${user.id}`, kind: 'invite-sms' })
      .execute();
    const [id] = await insertOutboxRows(ctx.db, [
      {
        uniqueKey: `c-inv-${user.id}/${user.id}/invite-sms`,
        campaignId: `c-inv-${user.id}`,
        userId: user.id,
        channel: 'sms',
        kind: 'invite-sms',
        to: '+14155550501',
        body: `Hello ${personalLinkPlaceholder('Get to Know You')}`,
      },
    ]);
    await deliverMessage(ctx.deps, id, { finalAttempt: true });
    expect((await times(user.id)).invited_at).not.toBeNull();
  });

  test('talked: the first voice session, live or first written by post-chat work; kept as the first', async () => {
    const live = await ctx.createUser('Talker');
    const start = new Date(Date.now() - 3_600_000);
    await insertVoiceSession(ctx.db, { id: `vs-${live.id}-1`, userId: live.id, moduleName: 'Get to Know You', startedAt: start });
    await insertVoiceSession(ctx.db, { id: `vs-${live.id}-2`, userId: live.id, moduleName: 'Get to Know You', startedAt: new Date() });
    expect(ms((await times(live.id)).talked_at)).toBe(start.getTime());

    const claimed = await ctx.createUser('Claimed Talker');
    await claimVoiceSession(ctx.db, {
      id: `vs-${claimed.id}`,
      userId: claimed.id,
      moduleName: 'Get to Know You',
      startedAt: start,
      endedAt: new Date(),
    });
    expect(ms((await times(claimed.id)).talked_at)).toBe(start.getTime());
  });

  test('profiled: the first non-empty profile for the group; an empty one does not count', async () => {
    const user = await ctx.createUser('Profiled');
    await setProfileForGroup(ctx.db, user.id, '   ');
    expect((await times(user.id)).profiled_at).toBeNull();
    await setProfileForGroup(ctx.db, user.id, 'Loves walks and board games.');
    const first = (await times(user.id)).profiled_at;
    expect(first).not.toBeNull();
    await Bun.sleep(20);
    await setProfileForGroup(ctx.db, user.id, 'Loves walks, board games and baking.');
    expect(ms((await times(user.id)).profiled_at)).toBe(ms(first));
  });

  test('assigned: replaceSubgroups sets assigned_at for the members it assigns, and clears it for the others', async () => {
    const a = await ctx.createUser('Assigned A');
    const b = await ctx.createUser('Left Out B');
    await ctx.db.insertInto('groups').values({ id: 'g-assign', name: 'Assign Group' }).execute();
    await ctx.db
      .insertInto('group_members')
      .values([
        { group_id: 'g-assign', user_id: a.id },
        { group_id: 'g-assign', user_id: b.id },
      ])
      .execute();
    await replaceSubgroups(ctx.db, 'g-assign', [
      {
        id: 's-assign-1',
        name: 'One',
        description: '',
        members: [
          { userId: a.id, description: '' },
          { userId: b.id, description: '' },
        ],
      },
    ]);
    const assigned = async (id: string) =>
      (await ctx.db.selectFrom('group_members').select('assigned_at').where('user_id', '=', id).executeTakeFirstOrThrow()).assigned_at;
    const firstA = await assigned(a.id);
    expect(firstA).not.toBeNull();
    expect(await assigned(b.id)).not.toBeNull();
    await Bun.sleep(20);
    await replaceSubgroups(ctx.db, 'g-assign', [
      { id: 's-assign-2', name: 'Two', description: '', members: [{ userId: a.id, description: '' }] },
    ]);
    // A new assignment moves it (it is the current assignment's time, not a first time).
    expect(ms(await assigned(a.id))!).toBeGreaterThan(ms(firstA)!);
    expect(await assigned(b.id)).toBeNull();
  });
});
