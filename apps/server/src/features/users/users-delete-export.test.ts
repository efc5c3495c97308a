import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { hashToken } from '../../plugins/auth';
import { jsonb } from '@hearth/db/json';

// Deleting a user takes everything that refers to them; the export gives all of it (PRODUCT §7).

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  operator = await ctx.staffCookie('operator');
});
afterAll(() => ctx.close());

const minutesAgo = (n: number) => new Date(Date.UTC(2026, 0, 10, 12, 0, 0) - n * 60_000);

async function addSection(userId: string, moduleName: string, endedMinutesAgo: number, minutes: number) {
  await ctx.db
    .insertInto('section_records')
    .values({
      user_id: userId,
      module_name: moduleName,
      start_time: minutesAgo(endedMinutesAgo + minutes),
      end_time: minutesAgo(endedMinutesAgo),
    })
    .execute();
}

async function addGroup(name: string, userIds: string[]) {
  const id = `g${Math.random().toString(36).slice(2, 10)}`;
  await ctx.db.insertInto('groups').values({ id, name }).execute();
  for (const userId of userIds)
    await ctx.db.insertInto('group_members').values({ group_id: id, user_id: userId, subgroup_id: null }).execute();
  return id;
}

async function fillEverything(userId: string) {
  const groupId = await addGroup(`Everything ${userId}`, [userId]);
  await ctx.db
    .insertInto('subgroups')
    .values({ id: `s${userId}`, group_id: groupId, name: 'Walkers', description: 'Likes walks' })
    .execute();
  await ctx.db
    .updateTable('group_members')
    .set({ subgroup_id: `s${userId}`, user_description: 'walks daily' })
    .where('user_id', '=', userId)
    .execute();
  await addSection(userId, 'Get to Know You', 10, 12);
  await ctx.db
    .insertInto('quiz_summaries')
    .values({ user_id: userId, summary: 'Quiz one', date: minutesAgo(100) })
    .execute();
  await ctx.db.insertInto('memory_entries').values({ user_id: userId, key: 'favourite_food', value: 'soup' }).execute();
  await ctx.db.insertInto('mood_entries').values({ user_id: userId, key: 'tired', value: -1 }).execute();
  await ctx.db
    .insertInto('feedback')
    .values({ user_id: userId, feedback: 'Nice', last_conversation: jsonb([{ role: 'user', text: 'hi' }]) })
    .execute();
  await ctx.db
    .insertInto('outbox')
    .values({ unique_key: `k-${userId}`, user_id: userId, channel: 'sms', kind: 'invite', to_address: '+14155550113', body: 'Hello' })
    .execute();
  await ctx.db
    .insertInto('user_link_tokens')
    .values({ token_hash: hashToken(`secret-${userId}`), user_id: userId, module_name: 'Get to Know You' })
    .execute();
  await ctx.db
    .insertInto('voice_sessions')
    .values({ id: `v${userId}`, user_id: userId, module_name: 'Get to Know You', started_at: minutesAgo(30) })
    .execute();
  return groupId;
}

const userTables = [
  'sessions',
  'user_link_tokens',
  'group_members',
  'section_records',
  'quiz_summaries',
  'memory_entries',
  'mood_entries',
  'feedback',
  'outbox',
  'voice_sessions',
] as const;

describe('DELETE /api/delete-user/{fileName}', () => {
  test('removes the user and every row that refers to them; the group stays', async () => {
    const u = await ctx.createUser('Delete Me', { phone_number: '+14155550114' });
    const cookie = await ctx.userCookie(u.id);
    const groupId = await fillEverything(u.id);
    const res = await ctx.request('DELETE', `/api/delete-user/${u.fileName}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: u.fileName });
    for (const table of userTables) {
      const left = await ctx.db
        .selectFrom(table)
        .select(ctx.db.fn.countAll<number>().as('n'))
        .where('user_id', '=', u.id)
        .executeTakeFirstOrThrow();
      expect([table, Number(left.n)]).toEqual([table, 0]);
    }
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeUndefined();
    expect(await ctx.db.selectFrom('groups').select('id').where('id', '=', groupId).executeTakeFirst()).toBeDefined();
    expect((await ctx.request('GET', `/api/get-user-content/${u.id}`, { cookie })).status).toBe(401);
    const again = await ctx.request('DELETE', `/api/delete-user/${u.fileName}`, { cookie: admin });
    expect(again.status).toBe(404);
  });

  test('401 without a session, 403 for an operator and an end user', async () => {
    const u = await ctx.createUser('Keep Me');
    expect((await ctx.request('DELETE', `/api/delete-user/${u.fileName}`)).status).toBe(401);
    expect((await ctx.request('DELETE', `/api/delete-user/${u.fileName}`, { cookie: operator })).status).toBe(403);
    expect((await ctx.request('DELETE', `/api/delete-user/${u.fileName}`, { cookie: await ctx.userCookie(u.id) })).status).toBe(403);
    expect(await ctx.db.selectFrom('users').select('id').where('id', '=', u.id).executeTakeFirst()).toBeDefined();
  });
});

describe('GET /api/export-user/{fileName}', () => {
  test('exports everything stored about the user, with link tokens as counts and dates only', async () => {
    const u = await ctx.createUser('Export Me', { email: 'ex@example.org', phone_number: '+14155550115' });
    await fillEverything(u.id);
    await ctx.userCookie(u.id);
    const res = await ctx.request('GET', `/api/export-user/${u.fileName}`, { cookie: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const e = res.body;
    expect(e.user).toMatchObject({
      id: u.id,
      name: 'Export Me',
      fileName: u.fileName,
      email: 'ex@example.org',
      phone_number: '+14155550115',
    });
    expect(e.groups).toHaveLength(1);
    expect(e.groups[0]).toMatchObject({
      userDescription: 'walks daily',
      subgroup: { id: `s${u.id}`, name: 'Walkers', description: 'Likes walks' },
    });
    expect(e.sectionRecords).toEqual([
      { moduleName: 'Get to Know You', startTime: minutesAgo(22).toISOString(), endTime: minutesAgo(10).toISOString() },
    ]);
    expect(e.quizSummaries).toEqual([{ date: minutesAgo(100).toISOString(), summary: 'Quiz one' }]);
    expect(e.memoryEntries).toMatchObject([{ key: 'favourite_food', value: 'soup' }]);
    expect(e.moodEntries).toMatchObject([{ key: 'tired', value: -1 }]);
    expect(e.feedback).toMatchObject([{ feedback: 'Nice', lastConversation: [{ role: 'user', text: 'hi' }] }]);
    expect(e.messages).toMatchObject([
      { channel: 'sms', kind: 'invite', to: '+14155550115'.replace('115', '113'), body: 'Hello', status: 'queued' },
    ]);
    expect(typeof e.messages[0].id).toBe('string');
    expect(e.voiceSessions).toMatchObject([{ id: `v${u.id}`, moduleName: 'Get to Know You', endedAt: null }]);
    expect(e.personalLinks).toMatchObject({ issued: 1, active: 1, lastUsedAt: null });
    expect(e.signedInSessions).toBe(1);
    const text = JSON.stringify(e);
    expect(text).not.toContain(hashToken(`secret-${u.id}`));
    expect(text).not.toContain('token_hash');
  });

  test('404 for an unknown user; 401 without a session; 403 for an operator', async () => {
    const u = await ctx.createUser('Export Guard');
    expect((await ctx.request('GET', '/api/export-user/nobody_x.json', { cookie: admin })).status).toBe(404);
    expect((await ctx.request('GET', `/api/export-user/${u.fileName}`)).status).toBe(401);
    expect((await ctx.request('GET', `/api/export-user/${u.fileName}`, { cookie: operator })).status).toBe(403);
  });
});
