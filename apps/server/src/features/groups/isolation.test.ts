// PRODUCT §9 "Isolate to this Module": members of an isolated group see and use only that module.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { ModuleState } from '../../realtime/module-state';
import { createTestContext, type TestContext } from '../../test/harness';
import { invitationModuleFor, modulesForUser } from './isolation';

let ctx: TestContext;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

async function memberOf(groupName: string, userName: string) {
  const group = (await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: groupName } })).body as { id: string };
  const user = await ctx.createUser(userName);
  await ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId: group.id, userFile: user.fileName } });
  return { group, user };
}

const isolate = (groupId: string, moduleName: string | null) =>
  ctx.request('PUT', `/api/set-group-module/${groupId}`, { cookie: admin, body: { moduleName } });

const sequencesFor = async (userId: string) =>
  (await ctx.request('GET', '/api/get-sequences', { cookie: await ctx.userCookie(userId) })).body as string[];

describe('Isolate to this Module', () => {
  test("a member's module list is only the isolated module; lifting it brings the others back", async () => {
    const { group, user } = await memberOf('Isolated Walkers', 'Iris');
    const before = await sequencesFor(user.id);
    expect(before).toContain('Get to Know You.json');
    expect(before).toContain('default_Check In.json');

    expect((await isolate(group.id, 'default_Check In')).status).toBe(200);
    expect(await sequencesFor(user.id)).toEqual(['default_Check In.json']);
    // Staff still see everything; a user outside the group too.
    const staffList = (await ctx.request('GET', '/api/get-sequences', { cookie: admin })).body as string[];
    expect(staffList).toContain('Get to Know You.json');
    const outsider = await ctx.createUser('Otto');
    expect(await sequencesFor(outsider.id)).toEqual(before);

    await isolate(group.id, null);
    expect(await sequencesFor(user.id)).toEqual(before);
  });

  test('the voice session opens the isolated module whatever the link asks, and refuses a switch away', async () => {
    const { group, user } = await memberOf('Isolated Voice', 'Vera');
    await isolate(group.id, 'default_Check In');
    const state = await ModuleState.load(ctx.db, { page: 'user', userId: user.id, module: 'Get to Know You' });
    expect(state.moduleName).toBe('default_Check In');
    expect(state.modules).toEqual(['default_Check In']);
    expect(await state.selectModule(ctx.db, 'Get to Know You')).toBe(false);
    expect(state.moduleName).toBe('default_Check In');
    // Staff pages are not limited.
    const testing = await ModuleState.load(ctx.db, { page: 'testing', userId: null, module: 'Get to Know You' });
    expect(testing.moduleName).toBe('Get to Know You');
  });

  test('invitations link to the isolated module; an archived isolated module no longer hides the others', async () => {
    const { group, user } = await memberOf('Isolated Invites', 'Ines');
    expect(await invitationModuleFor(ctx.db, user.id, 'Get to Know You')).toBe('Get to Know You');
    await isolate(group.id, 'default_Check In');
    expect(await invitationModuleFor(ctx.db, user.id, 'Get to Know You')).toBe('default_Check In');
    expect(await invitationModuleFor(ctx.db, user.id, 'default_Check In')).toBe('default_Check In');
    expect(await modulesForUser(ctx.db, user.id, ['Get to Know You', 'Other'])).toEqual(['Get to Know You', 'Other']);
    await ctx.db.updateTable('users').set({ phone_number: '+14155550177' }).where('id', '=', user.id).execute();

    const sent = await ctx.request('POST', '/api/twilio/send-invite-sms', {
      cookie: admin,
      body: { userFile: user.fileName, moduleName: 'Get to Know You' },
    });
    expect(sent.status).toBeLessThan(300);
    const row = await ctx.db.selectFrom('outbox').select(['body']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.body).toContain(`{{personal_link:${encodeURIComponent('default_Check In')}}}`);
  });
});
