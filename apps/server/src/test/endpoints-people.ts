import { uniq, type Endpoint } from './endpoint-kit';

/** Users, groups, invitations and subgroups (SPEC §7): the first part of the endpoint matrix (endpoints.ts). */
export const PEOPLE_ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/api/health', access: 'public', make: async () => ({ path: '/api/health' }) },
  { method: 'GET', route: '/api/public-config', access: 'public', make: async () => ({ path: '/api/public-config' }) },
  { method: 'GET', route: '/api/get-user-names', access: 'operator', make: async () => ({ path: '/api/get-user-names' }) },
  { method: 'GET', route: '/api/get-all-users-info', access: 'admin', make: async () => ({ path: '/api/get-all-users-info' }) },
  { method: 'GET', route: '/api/get-groups', access: 'admin', make: async () => ({ path: '/api/get-groups' }) },
  { method: 'GET', route: '/api/insights', access: 'admin', make: async () => ({ path: '/api/insights' }) },
  {
    method: 'GET',
    route: '/api/insights/export?groupId=',
    access: 'admin',
    make: async (f) => ({ path: `/api/insights/export?groupId=${(await f.freshUser()).groupId}` }),
  },
  {
    method: 'GET',
    route: '/api/get-group/{groupId}',
    access: 'admin',
    params: ['groupId'],
    make: async (f) => ({ path: `/api/get-group/${(await f.freshUser()).groupId}` }),
  },
  {
    method: 'POST',
    route: '/api/create-group',
    access: 'admin',
    bodyFields: ['name'],
    make: async () => ({ path: '/api/create-group', body: { name: uniq('Group') } }),
  },
  {
    method: 'DELETE',
    route: '/api/delete-group/{groupId}',
    access: 'admin',
    params: ['groupId'],
    make: async (f) => ({ path: `/api/delete-group/${(await f.freshUser()).groupId}` }),
  },
  {
    method: 'DELETE',
    route: '/api/delete-user/{fileName}',
    access: 'admin',
    params: ['fileName'],
    make: async (f) => ({ path: `/api/delete-user/${encodeURIComponent((await f.freshUser()).fileName)}` }),
  },
  {
    method: 'POST',
    route: '/api/create-user',
    access: 'operator',
    bodyFields: ['name', 'phone_number', 'email'],
    make: async () => ({ path: '/api/create-user', body: { name: uniq('Person'), phone_number: '+14155550123', email: 'p@example.com' } }),
  },
  {
    method: 'GET',
    route: '/api/get-user-content/{userName}',
    access: 'user',
    ownData: true,
    params: ['userName'],
    make: async (_f, owner) => ({ path: `/api/get-user-content/${encodeURIComponent(owner.fileName)}` }),
  },
  {
    method: 'PUT',
    route: '/api/update-user-info',
    access: 'operator',
    bodyFields: ['userFileName', 'phoneNumber', 'email'],
    make: async (f) => ({
      path: '/api/update-user-info',
      body: { userFileName: (await f.freshUser()).fileName, phoneNumber: '+14155550124', email: 'q@example.com' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/update-user-phone-number/{userName}',
    access: 'user',
    ownData: true,
    params: ['userName'],
    bodyFields: ['phoneNumber'],
    make: async (_f, owner) => ({
      path: `/api/update-user-phone-number/${encodeURIComponent(owner.fileName)}`,
      body: { phoneNumber: '+14155550125' },
    }),
  },
  {
    method: 'POST',
    route: '/api/add-user-to-group',
    access: 'admin',
    bodyFields: ['groupId', 'userFile'],
    make: async (f) => {
      const a = await f.freshUser();
      const b = await f.freshUser();
      return { path: '/api/add-user-to-group', body: { groupId: a.groupId, userFile: b.fileName } };
    },
  },
  {
    method: 'POST',
    route: '/api/remove-user-from-group',
    access: 'admin',
    bodyFields: ['groupId', 'userFile'],
    make: async (f) => {
      const a = await f.freshUser();
      return { path: '/api/remove-user-from-group', body: { groupId: a.groupId, userFile: a.fileName } };
    },
  },
  {
    method: 'POST',
    route: '/api/twilio/send-invite-sms',
    access: 'admin',
    bodyFields: ['userFile', 'phoneNumber', 'moduleName', 'force'],
    make: async (f) => ({
      path: '/api/twilio/send-invite-sms',
      body: { userFile: (await f.freshUser()).fileName, phoneNumber: '+14155550126', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/send-invite-email',
    access: 'admin',
    bodyFields: ['userFile', 'email', 'moduleName', 'force'],
    make: async (f) => ({
      path: '/api/send-invite-email',
      body: { userFile: (await f.freshUser()).fileName, email: 'invite@example.com', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/invitations/preview',
    access: 'admin',
    bodyFields: ['userFile', 'channel', 'to', 'moduleName'],
    make: async (f) => ({
      path: '/api/invitations/preview',
      body: { userFile: (await f.freshUser()).fileName, channel: 'sms', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/assign-subgroups',
    access: 'admin',
    bodyFields: ['groupId', 'usersPerGroup'],
    make: async (f) => ({ path: '/api/assign-subgroups', body: { groupId: (await f.freshUser()).groupId, usersPerGroup: 2 } }),
  },
  {
    method: 'POST',
    route: '/api/generate-test-users',
    access: 'admin',
    bodyFields: ['groupId', 'usersToGenerate'],
    make: async (f) => ({ path: '/api/generate-test-users', body: { groupId: (await f.freshUser()).groupId, usersToGenerate: 2 } }),
  },
  {
    method: 'POST',
    route: '/api/mass-add-users',
    access: 'admin',
    bodyFields: ['groupId', 'text', 'dryRun'],
    make: async (f) => ({
      path: '/api/mass-add-users',
      body: { groupId: (await f.freshUser()).groupId, text: `${uniq('Mass')},+14155550127,m@example.com`, dryRun: false },
    }),
  },
  {
    method: 'POST',
    route: '/api/twilio/subgroup-sms',
    access: 'admin',
    bodyFields: ['groupId', 'force'],
    make: async (f) => ({ path: '/api/twilio/subgroup-sms', body: { groupId: (await f.freshUser()).groupId } }),
  },
  {
    method: 'POST',
    route: '/api/twilio/notify-assignment',
    access: 'admin',
    bodyFields: ['groupId', 'userFile', 'subGroupId', 'force'],
    make: async (f) => {
      const u = await f.freshUser();
      return { path: '/api/twilio/notify-assignment', body: { groupId: u.groupId, userFile: u.fileName, subGroupId: u.subgroupId } };
    },
  },
  {
    method: 'POST',
    route: '/api/send-subgroup-email',
    access: 'admin',
    bodyFields: ['groupId', 'userFile', 'subGroupId', 'email', 'force'],
    make: async (f) => {
      const u = await f.freshUser();
      return {
        path: '/api/send-subgroup-email',
        body: { groupId: u.groupId, userFile: u.fileName, subGroupId: u.subgroupId, email: 'sub@example.com' },
      };
    },
  },
  // PRODUCT §11. The card's GET /api/met-question and POST /api/met-answer are the member's alone (staff 403):
  // outside this matrix's model, they have their own access tests (features/meetings/card.test.ts).
  {
    method: 'POST',
    route: '/api/ask-met/{groupId}',
    access: 'admin',
    params: ['groupId'],
    bodyFields: ['force', 'round'],
    make: async (f) => ({ path: `/api/ask-met/${(await f.freshUser()).groupId}`, body: { round: 'met' } }),
  },
  {
    method: 'GET',
    route: '/api/met-settings/{groupId}',
    access: 'admin',
    params: ['groupId'],
    make: async (f) => ({ path: `/api/met-settings/${(await f.freshUser()).groupId}` }),
  },
  {
    method: 'PUT',
    route: '/api/met-settings/{groupId}',
    access: 'admin',
    params: ['groupId'],
    bodyFields: ['metAskDays', 'metAgainDays'],
    make: async (f) => ({ path: `/api/met-settings/${(await f.freshUser()).groupId}`, body: { metAskDays: 7, metAgainDays: 30 } }),
  },
];
