import { transcript, uniq, wav, type Endpoint, type Fixtures } from './endpoint-kit';

/**
 * Prompts, sequences, post-chat, feedback, auth, messages, blasts and staff (SPEC §7, PRODUCT §9): the second
 * part of the endpoint matrix (endpoints.ts).
 */
export const CONTENT_ENDPOINTS: Endpoint[] = [
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
  {
    method: 'POST',
    route: '/api/publish-sequence/{name}',
    access: 'operator',
    params: ['name'],
    bodyFields: ['version', 'force'],
    make: async () => ({ path: `/api/publish-sequence/${encodeURIComponent('default_Check In.json')}`, body: { version: 1 } }),
  },
  {
    method: 'GET',
    route: '/api/get-sequence-status/{name}',
    access: 'operator',
    params: ['name'],
    make: async () => ({ path: `/api/get-sequence-status/${encodeURIComponent('Get to Know You.json')}` }),
  },
  {
    method: 'GET',
    route: '/api/get-sequence-publications/{name}',
    access: 'operator',
    params: ['name'],
    make: async () => ({ path: `/api/get-sequence-publications/${encodeURIComponent('Get to Know You.json')}` }),
  },
  {
    method: 'PUT',
    route: '/api/sequence-settings/{name}',
    access: 'admin',
    params: ['name'],
    bodyFields: ['requireTests'],
    make: async () => ({ path: `/api/sequence-settings/${encodeURIComponent('default_Check In.json')}`, body: { requireTests: false } }),
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
  {
    method: 'GET',
    route: '/api/messages/{id}',
    access: 'admin',
    params: ['id'],
    make: async (f) => {
      const user = await f.freshUser();
      const row = await f.ctx.db
        .insertInto('outbox')
        .values({
          unique_key: `m-${user.id}`,
          user_id: user.id,
          channel: 'sms',
          kind: 'invite-sms',
          to_address: '+14155550126',
          body: 'Hi',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { path: `/api/messages/${row.id}` };
    },
  },
  // The blast API (PRODUCT §6)
  {
    method: 'POST',
    route: '/api/blasts/preview',
    access: 'admin',
    bodyFields: ['groupId', 'kind', 'moduleName', 'unknownOnly'],
    make: async (f) => ({
      path: '/api/blasts/preview',
      body: { groupId: (await f.freshUser()).groupId, kind: 'invite-sms', moduleName: 'Get to Know You' },
    }),
  },
  {
    method: 'POST',
    route: '/api/blasts',
    access: 'admin',
    bodyFields: ['groupId', 'kind', 'moduleName', 'force', 'unknownOnly'],
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
    bodyFields: ['email', 'role', 'password', 'confirm'],
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
