import type { TestContext } from './harness';

/** Who may call an endpoint (PRODUCT.md §1/§3). 'user' = any staff member, or the end user for their own data. */
export type Access = 'public' | 'user' | 'operator' | 'admin';

export interface Fixtures {
  ctx: TestContext;
  /** A fresh user with phone and e-mail, in a fresh group with one subgroup. */
  freshUser(): Promise<{ id: string; name: string; fileName: string; groupId: string; subgroupId: string }>;
}

export interface Call {
  path: string;
  body?: unknown;
  form?: FormData;
}

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route as SPEC §7 / PRODUCT §9 write it. */
  route: string;
  access: Access;
  /** Builds a valid call; `owner` is the end user whose data a 'user' endpoint touches. */
  make(f: Fixtures, owner: { id: string; name: string; fileName: string }): Promise<Call>;
  /** For 'user' endpoints: does the call touch the owner's own data (another end user then gets 404)? */
  ownData?: boolean;
  /** Path parameters and body fields to fuzz. */
  params?: string[];
  bodyFields?: string[];
  multipart?: boolean;
}

const wav = () => {
  // 0.5 s of a 440 Hz tone as a 16-bit mono WAV, built in memory.
  const rate = 24000;
  const n = rate / 2;
  const buf = new ArrayBuffer(44 + n * 2);
  const v = new DataView(buf);
  const w = (o: number, s: string) => [...s].forEach((c, i) => v.setUint8(o + i, c.charCodeAt(0)));
  w(0, 'RIFF');
  v.setUint32(4, 36 + n * 2, true);
  w(8, 'WAVE');
  w(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, 1, true);
  v.setUint16(22, 1, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, rate * 2, true);
  v.setUint16(32, 2, true);
  v.setUint16(34, 16, true);
  w(36, 'data');
  v.setUint32(40, n * 2, true);
  for (let i = 0; i < n; i++) v.setInt16(44 + i * 2, Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), true);
  return new Blob([buf], { type: 'audio/wav' });
};

let seq = 0;
const uniq = (p: string) => `${p} ${++seq}${Math.random().toString(36).slice(2, 6)}`;
const transcript = 'user: I love gardening and cycling.\nassistant: Wonderful, tell me more.';

export const ENDPOINTS: Endpoint[] = [
  { method: 'GET', route: '/api/health', access: 'public', make: async () => ({ path: '/api/health' }) },
  { method: 'GET', route: '/api/get-user-names', access: 'operator', make: async () => ({ path: '/api/get-user-names' }) },
  { method: 'GET', route: '/api/get-all-users-info', access: 'admin', make: async () => ({ path: '/api/get-all-users-info' }) },
  { method: 'GET', route: '/api/get-groups', access: 'admin', make: async () => ({ path: '/api/get-groups' }) },
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
    bodyFields: ['userFile', 'phoneNumber', 'moduleName'],
    make: async (f) => ({
      path: '/api/twilio/send-invite-sms',
      body: { userFile: (await f.freshUser()).fileName, phoneNumber: '+14155550126', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/send-invite-email',
    access: 'admin',
    bodyFields: ['userFile', 'email', 'moduleName'],
    make: async (f) => ({
      path: '/api/send-invite-email',
      body: { userFile: (await f.freshUser()).fileName, email: 'invite@example.com', moduleName: 'Get to Know You' },
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
  { method: 'GET', route: '/api/get-prompts', access: 'admin', make: async () => ({ path: '/api/get-prompts' }) },
  {
    method: 'PUT',
    route: '/api/update-prompt',
    access: 'admin',
    bodyFields: ['promptName', 'updatedPrompt'],
    make: async () => ({ path: '/api/update-prompt', body: { promptName: 'quiz_summary', updatedPrompt: uniq('Summarise the quiz') } }),
  },
  { method: 'GET', route: '/api/get-sequences', access: 'user', make: async () => ({ path: '/api/get-sequences' }) },
  {
    method: 'GET',
    route: '/api/get-sequence-content/{name}',
    access: 'operator',
    params: ['name'],
    make: async () => ({ path: `/api/get-sequence-content/${encodeURIComponent('Get to Know You.json')}` }),
  },
  {
    method: 'PUT',
    route: '/api/rename-sequence/{name}',
    access: 'operator',
    params: ['name'],
    bodyFields: ['newName'],
    make: async (f) => {
      const name = uniq('Seq');
      await f.ctx.request('POST', '/api/create-sequence', { cookie: await f.ctx.staffCookie('operator'), body: { name, content: [] } });
      return { path: `/api/rename-sequence/${encodeURIComponent(`${name}.json`)}`, body: { newName: uniq('Renamed') } };
    },
  },
  {
    method: 'DELETE',
    route: '/api/delete-sequence/{name}',
    access: 'operator',
    params: ['name'],
    make: async (f) => {
      const name = uniq('Seq');
      await f.ctx.request('POST', '/api/create-sequence', { cookie: await f.ctx.staffCookie('operator'), body: { name, content: [] } });
      return { path: `/api/delete-sequence/${encodeURIComponent(`${name}.json`)}` };
    },
  },
  {
    method: 'POST',
    route: '/api/create-sequence',
    access: 'operator',
    bodyFields: ['name', 'content'],
    make: async () => ({ path: '/api/create-sequence', body: { name: uniq('Seq'), content: [] } }),
  },
  {
    method: 'PUT',
    route: '/api/update-sequence-content/{name}',
    access: 'operator',
    params: ['name'],
    bodyFields: ['version', 'module_prompt', 'sequential_prompts'],
    make: async () => ({
      path: `/api/update-sequence-content/${encodeURIComponent('default_Check In.json')}`,
      body: {
        module_prompt: 'A module prompt',
        sequential_prompts: [{ name: 'one', description: 'd', prompt: 'p', trigger_condition: 't', next_prompt: '' }],
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/upload-sequence',
    access: 'operator',
    multipart: true,
    make: async () => {
      const form = new FormData();
      form.set('name', uniq('Uploaded'));
      const content = [
        {
          version: 1,
          module_prompt: 'm',
          sequential_prompts: [{ name: 'a', description: 'd', prompt: 'p', trigger_condition: 't', next_prompt: '' }],
        },
      ];
      form.set('jsonFile', new File([JSON.stringify(content)], 'seq.json', { type: 'application/json' }));
      return { path: '/api/upload-sequence', form };
    },
  },
  { method: 'GET', route: '/api/get-system-prompt', access: 'operator', make: async () => ({ path: '/api/get-system-prompt' }) },
  {
    method: 'PUT',
    route: '/api/update-system-prompt',
    access: 'operator',
    bodyFields: ['newSystemPrompt'],
    make: async () => ({ path: '/api/update-system-prompt', body: { newSystemPrompt: uniq('You are a tester') } }),
  },
  {
    method: 'POST',
    route: '/api/get-response',
    access: 'operator',
    bodyFields: ['systemPrompt', 'message'],
    make: async () => ({ path: '/api/get-response', body: { systemPrompt: 'Reply briefly.', message: 'What do you enjoy doing?' } }),
  },
  {
    method: 'PUT',
    route: '/api/update-profile-for-group/{userName}',
    access: 'operator',
    params: ['userName'],
    bodyFields: ['conversation_transcript'],
    make: async (f) => ({
      path: `/api/update-profile-for-group/${encodeURIComponent((await f.freshUser()).fileName)}`,
      body: { conversation_transcript: transcript },
    }),
  },
  {
    method: 'PUT',
    route: '/api/update-memory-document/{userName}',
    access: 'operator',
    params: ['userName'],
    bodyFields: ['userName', 'conversation_transcript'],
    make: async (f) => {
      const u = await f.freshUser();
      return {
        path: `/api/update-memory-document/${encodeURIComponent(u.fileName)}`,
        body: { userName: u.fileName, conversation_transcript: transcript },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/save-user-section-data',
    access: 'operator',
    bodyFields: ['user', 'sectionData'],
    make: async (f) => ({
      path: '/api/save-user-section-data',
      body: {
        user: (await f.freshUser()).fileName,
        sectionData: {
          moduleName: 'Get to Know You',
          startTime: new Date(Date.now() - 60_000).toISOString(),
          endTime: new Date().toISOString(),
        },
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/twilio/send-convo-recap-sms',
    access: 'operator',
    bodyFields: ['toUserName', 'conversationTranscript'],
    make: async (f) => ({
      path: '/api/twilio/send-convo-recap-sms',
      body: { toUserName: (await f.freshUser()).fileName, conversationTranscript: transcript },
    }),
  },
  {
    method: 'POST',
    route: '/api/twilio/send-sms',
    access: 'operator',
    bodyFields: ['toUserName', 'userUrl', 'conversationTranscript'],
    make: async (f) => ({
      path: '/api/twilio/send-sms',
      body: {
        toUserName: (await f.freshUser()).fileName,
        userUrl: 'http://hearth.test/user?id=x&module=y',
        conversationTranscript: transcript,
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/generate-tagline-send-sms',
    access: 'operator',
    bodyFields: ['userName', 'conversation', 'userFile', 'phone_number'],
    make: async (f) => {
      const u = await f.freshUser();
      return {
        path: '/api/generate-tagline-send-sms',
        body: { userName: u.name, conversation: transcript, userFile: u.fileName, phone_number: '+14155550127' },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/send-feedback',
    access: 'user',
    multipart: true,
    make: async () => {
      const form = new FormData();
      form.set('audio', new File([wav()], 'audio.wav', { type: 'audio/wav' }));
      return { path: '/api/send-feedback', form };
    },
  },
  {
    method: 'POST',
    route: '/api/confirmed-feedback',
    access: 'user',
    bodyFields: ['feedback', 'selectedSequence', 'selectedVersion', 'lastConversation'],
    make: async () => ({
      path: '/api/confirmed-feedback',
      body: { feedback: 'Lovely to talk to', selectedSequence: 'Get to Know You.json', selectedVersion: '1', lastConversation: [] },
    }),
  },
  // PRODUCT.md §9
  { method: 'GET', route: '/api/auth/me', access: 'operator', make: async () => ({ path: '/api/auth/me' }) },
  {
    method: 'POST',
    route: '/api/user-link',
    access: 'operator',
    bodyFields: ['userFile', 'moduleName'],
    make: async (f) => ({ path: '/api/user-link', body: { userFile: (await f.freshUser()).fileName, moduleName: 'Get to Know You' } }),
  },
  {
    method: 'POST',
    route: '/api/revoke-user-links',
    access: 'admin',
    bodyFields: ['userFile'],
    make: async (f) => ({ path: '/api/revoke-user-links', body: { userFile: (await f.freshUser()).fileName } }),
  },
  {
    method: 'GET',
    route: '/api/messages',
    access: 'admin',
    make: async () => ({ path: '/api/messages?page=1&pageSize=20&status=queued' }),
  },
  // The blast API (PRODUCT §6)
  {
    method: 'POST',
    route: '/api/blasts/preview',
    access: 'admin',
    bodyFields: ['groupId', 'kind', 'moduleName'],
    make: async (f) => ({
      path: '/api/blasts/preview',
      body: { groupId: (await f.freshUser()).groupId, kind: 'invite-sms', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/blasts',
    access: 'admin',
    bodyFields: ['groupId', 'kind', 'moduleName', 'force'],
    make: async (f) => ({ path: '/api/blasts', body: { groupId: (await f.freshUser()).groupId, kind: 'assignment-sms', force: false } }),
  },
  {
    method: 'GET',
    route: '/api/blasts',
    access: 'admin',
    make: async (f) => ({ path: `/api/blasts?groupId=${(await f.freshUser()).groupId}` }),
  },
  {
    method: 'GET',
    route: '/api/blasts/{campaignId}',
    access: 'admin',
    params: ['campaignId'],
    make: async (f) => {
      const { groupId } = await f.freshUser();
      const id = `c-${groupId}`;
      await f.ctx.db.insertInto('campaigns').values({ id, kind: 'invite-sms', group_id: groupId, scope: 'blast' }).execute();
      return { path: `/api/blasts/${id}` };
    },
  },
  {
    method: 'GET',
    route: '/api/export-user/{fileName}',
    access: 'admin',
    params: ['fileName'],
    make: async (f) => ({ path: `/api/export-user/${encodeURIComponent((await f.freshUser()).fileName)}` }),
  },
  { method: 'GET', route: '/api/staff', access: 'admin', make: async () => ({ path: '/api/staff' }) },
  {
    method: 'POST',
    route: '/api/staff',
    access: 'admin',
    bodyFields: ['email', 'role', 'password'],
    make: async () => ({
      path: '/api/staff',
      body: { email: `${uniq('staff').replace(' ', '.')}@hearth.test`, role: 'operator', password: 'a long enough password' },
    }),
  },
  {
    method: 'PUT',
    route: '/api/staff/{id}',
    access: 'admin',
    params: ['id'],
    bodyFields: ['role', 'disabled', 'password', 'resetPassword'],
    make: async (f) => ({ path: `/api/staff/${await freshStaff(f)}`, body: { role: 'admin', disabled: true } }),
  },
  {
    method: 'DELETE',
    route: '/api/staff/{id}',
    access: 'admin',
    params: ['id'],
    make: async (f) => ({ path: `/api/staff/${await freshStaff(f)}` }),
  },
];

/** An operator account made straight in the database; its id. */
async function freshStaff(f: Fixtures) {
  const row = await f.ctx.db
    .insertInto('staff')
    .values({ email: `${uniq('fresh').replace(' ', '.')}@hearth.test`, password_hash: 'not-used-in-tests', role: 'operator' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Fixtures built straight in the database so the matrix does not depend on the endpoints it tests. */
export function makeFixtures(ctx: TestContext): Fixtures {
  let n = 0;
  return {
    ctx,
    async freshUser() {
      const u = await ctx.createUser(`Member ${++n}${Math.random().toString(36).slice(2, 5)}`, {
        email: `m${n}@example.com`,
        phone_number: '+14155550100',
      });
      const groupId = `g${n}${Math.random().toString(36).slice(2, 8)}`;
      const subgroupId = `s${n}${Math.random().toString(36).slice(2, 8)}`;
      await ctx.db
        .insertInto('groups')
        .values({ id: groupId, name: `Group ${groupId}` })
        .execute();
      await ctx.db
        .insertInto('subgroups')
        .values({ id: subgroupId, group_id: groupId, name: 'Gardeners', description: 'Likes plants' })
        .execute();
      await ctx.db.insertInto('group_members').values({ group_id: groupId, user_id: u.id, subgroup_id: subgroupId }).execute();
      await ctx.db.updateTable('users').set({ profile_for_group: 'Enjoys gardening and cycling.' }).where('id', '=', u.id).execute();
      return { ...u, groupId, subgroupId };
    },
  };
}

export async function send(ctx: TestContext, ep: Endpoint, call: Call, cookie?: string) {
  if (call.form) {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    const res = await ctx.app.handle(new Request(`http://hearth.test${call.path}`, { method: ep.method, headers, body: call.form }));
    const text = await res.text();
    let body: any = text;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: res.status, body, headers: res.headers };
  }
  return ctx.request(ep.method, call.path, { body: call.body, cookie });
}
