import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { startFakeOpenAiRest, type FakeOpenAiRest } from '../../test/fake-openai-rest';

const transcriptList = [
  { role: 'assistant', text: 'What do you enjoy?' },
  { role: 'user', content: 'Restoring old bicycles and growing tomatoes.' },
  { role: 'assistant', text: 'Lovely. Who would you like to meet?' },
  { role: 'user', text: 'Other tinkerers and gardeners nearby.' },
];
/**
 * Times around one moment. A test takes one clock (`const at = clock()`) so that its times lie exactly the asked
 * minutes apart: with Date.now() per call, a millisecond ticking between two calls made "exactly the session
 * limit" one millisecond too long and the test failed now and then.
 */
const clock =
  (now = Date.now()) =>
  (minutes: number) =>
    new Date(now + minutes * 60_000).toISOString();
const transcriptText = 'assistant: What do you enjoy?\nuser: Birdwatching by the estuary with binoculars.';

describe('post-chat endpoints (local provider)', () => {
  let ctx: TestContext;
  let operator: string;
  let admin: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    operator = await ctx.staffCookie('operator');
    admin = await ctx.staffCookie('admin');
  }, 60_000);
  afterAll(() => ctx.close());
  const joinedDaysAgo = (userId: string, days: number) =>
    ctx.db
      .updateTable('users')
      .set({ created_at: new Date(Date.now() - days * 86_400_000) })
      .where('id', '=', userId)
      .execute();

  test('update-profile-for-group accepts a list or a text transcript and answers the new profile', async () => {
    const user = await ctx.createUser('Hana');
    const a = await ctx.request('PUT', `/api/update-profile-for-group/${user.name}`, {
      cookie: operator,
      body: { conversation_transcript: transcriptList },
    });
    expect(a.status).toBe(200);
    expect(a.body.profile_for_group).toContain('bicycles');
    const b = await ctx.request('PUT', `/api/update-profile-for-group/${user.fileName}`, {
      cookie: admin,
      body: { conversation_transcript: transcriptText },
    });
    expect(b.status).toBe(200);
    expect(b.body.profile_for_group).toContain('birdwatching');
    expect(b.body.profile_for_group).toContain('bicycles'); // merged with the earlier profile
    const stored = await ctx.db.selectFrom('users').select('profile_for_group').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.profile_for_group).toBe(b.body.profile_for_group);
  });

  test('update-memory-document answers the new memory document (names with spaces work in the path)', async () => {
    const user = await ctx.createUser('Ivo van Dam');
    const r = await ctx.request('PUT', `/api/update-memory-document/${encodeURIComponent(user.name)}`, {
      cookie: operator,
      body: { userName: user.name, conversation_transcript: transcriptList },
    });
    expect(r.status).toBe(200);
    expect(r.body.memory_document).toContain('tomatoes');
    expect(r.body.memory_document).toContain('Conversations remembered: 1');
  });

  test('transcript errors: empty 400, too large 413, not a transcript 400', async () => {
    const user = await ctx.createUser('Jaz');
    const path = `/api/update-profile-for-group/${user.name}`;
    const empty = await ctx.request('PUT', path, { cookie: operator, body: { conversation_transcript: [] } });
    expect(empty).toMatchObject({ status: 400, body: { error: 'The conversation transcript is empty' } });
    const big = Array.from({ length: 30 }, () => ({ role: 'user', text: 'x'.repeat(8000) }));
    const large = await ctx.request('PUT', path, { cookie: operator, body: { conversation_transcript: big } });
    expect(large.status).toBe(413);
    expect(large.body.error).toContain('200 KB');
    const wrong = await ctx.request('PUT', path, { cookie: operator, body: { conversation_transcript: 42 } });
    expect(wrong.status).toBe(400);
    const missing = await ctx.request('PUT', path, { cookie: operator, body: {} });
    expect(missing.status).toBe(400);
  });

  test('access: 401 without a session, 403 for an end user (also on their own data), 404 for an unknown user', async () => {
    const user = await ctx.createUser('Kai');
    const userCookie = await ctx.userCookie(user.id);
    const body = { conversation_transcript: transcriptList };
    expect((await ctx.request('PUT', `/api/update-profile-for-group/${user.name}`, { body })).status).toBe(401);
    expect((await ctx.request('PUT', `/api/update-profile-for-group/${user.name}`, { cookie: userCookie, body })).status).toBe(403);
    expect((await ctx.request('PUT', `/api/update-memory-document/${user.name}`, { cookie: userCookie, body })).status).toBe(403);
    expect(
      (await ctx.request('POST', '/api/get-response', { cookie: userCookie, body: { systemPrompt: '', message: 'Hi?' } })).status,
    ).toBe(403);
    const unknown = await ctx.request('PUT', '/api/update-profile-for-group/nobody-here', { cookie: operator, body });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'User not found' } });
    const unchanged = await ctx.db.selectFrom('users').select('profile_for_group').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(unchanged.profile_for_group).toBe('');
  });

  test('save-user-section-data stores the record; bad times are 400', async () => {
    const at = clock();
    const user = await ctx.createUser('Lea');
    await joinedDaysAgo(user.id, 2);
    const ok = await ctx.request('POST', '/api/save-user-section-data', {
      cookie: operator,
      body: {
        user: user.name,
        sectionData: { moduleName: 'Get to Know You.json', startTime: at(-12.5), endTime: at(0) },
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, id: expect.any(Number) });
    const row = await ctx.db.selectFrom('section_records').selectAll().where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(user.id);
    expect(row.module_name).toBe('Get to Know You');
    expect(new Date(row.end_time).getTime() - new Date(row.start_time).getTime()).toBe(12.5 * 60_000);

    const section = (startTime: string, endTime: string) => ({ user: user.name, sectionData: { moduleName: 'M', startTime, endTime } });
    const backwards = await ctx.request('POST', '/api/save-user-section-data', {
      cookie: operator,
      body: section('2026-02-01T10:00:00Z', '2026-02-01T09:00:00Z'),
    });
    expect(backwards).toMatchObject({ status: 400, body: { error: 'endTime must not be before startTime' } });
    const garbage = await ctx.request('POST', '/api/save-user-section-data', {
      cookie: operator,
      body: section('yesterday', '2026-02-01T09:00:00Z'),
    });
    expect(garbage.status).toBe(400);
    const unknown = await ctx.request('POST', '/api/save-user-section-data', {
      cookie: operator,
      body: { ...section('2026-02-01T10:00:00Z', '2026-02-01T10:00:00Z'), user: 'ghost' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await ctx.request('POST', '/api/save-user-section-data', { body: section('2026-02-01T10:00:00Z', '2026-02-01T10:00:00Z') })).status,
    ).toBe(401);
  });

  test('save-user-section-data refuses times no chat can have: 400 with a clear error, nothing stored', async () => {
    const user = await ctx.createUser('Lou Bounds');
    await joinedDaysAgo(user.id, 2);
    const save = (startTime: string, endTime: string) =>
      ctx.request('POST', '/api/save-user-section-data', {
        cookie: operator,
        body: { user: user.name, sectionData: { moduleName: 'M', startTime, endTime } },
      });
    const limit = ctx.deps.config.limits.maxSessionMinutes;
    const at = clock();
    const refused = {
      yearOne: await save('0001-01-01T00:00:00Z', '0001-01-01T00:10:00Z'),
      yearNineThousand: await save('9999-12-31T23:00:00Z', '9999-12-31T23:10:00Z'),
      future: await save(at(5), at(10)),
      endsInFuture: await save(at(-10), at(10)),
      tooLong: await save(at(-(limit + 10)), at(-1)),
      before2000: await save('1999-12-31T23:00:00Z', '1999-12-31T23:10:00Z'),
      overflow: await save('2026-02-30T10:00:00Z', '2026-02-30T10:05:00Z'),
    };
    for (const [name, r] of Object.entries(refused)) {
      expect({ name, status: r.status }).toEqual({ name, status: 400 });
      expect(typeof r.body.error).toBe('string');
    }
    expect(refused.future.body.error).toContain('future');
    expect(refused.tooLong.body.error).toContain(`${limit} minutes`);
    expect(await ctx.db.selectFrom('section_records').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    // A chat from before the person was added here (records carried over) is history, not an error.
    expect((await save(at(-60 * 24 * 3), at(-60 * 24 * 3 + 10))).status).toBe(200);
    // A little clock skew between the caller and the server is not the future.
    expect((await save(at(-5), at(1))).status).toBe(200);
    expect((await save(at(-limit), at(0))).status).toBe(200);
  });

  test('send-convo-recap-sms queues a generated recap for the stored number; no phone is 400', async () => {
    const user = await ctx.createUser('Mo', { phone_number: '+14155550111' });
    const r = await ctx.request('POST', '/api/twilio/send-convo-recap-sms', {
      cookie: operator,
      body: { toUserName: user.name, conversationTranscript: transcriptList },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, id: expect.any(Number) });
    const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ channel: 'sms', kind: 'recap', to_address: '+14155550111', user_id: user.id, status: 'queued' });
    expect(row.body).toContain('Hi Mo!');
    expect(row.unique_key).toMatch(new RegExp(`^post-chat:[0-9a-f-]{36}/${user.id}/recap$`));

    const silent = await ctx.createUser('Ned');
    const none = await ctx.request('POST', '/api/twilio/send-convo-recap-sms', {
      cookie: operator,
      body: { toUserName: silent.name, conversationTranscript: transcriptList },
    });
    expect(none).toMatchObject({ status: 400, body: { error: 'This user has no phone number, so no text message can be sent' } });
    await ctx.db.updateTable('users').set({ phone_number: '+14155550112', sms_opt_out: true }).where('id', '=', silent.id).execute();
    const optedOut = await ctx.request('POST', '/api/twilio/send-convo-recap-sms', {
      cookie: operator,
      body: { toUserName: silent.name, conversationTranscript: transcriptList },
    });
    expect(optedOut).toMatchObject({ status: 400, body: { error: 'This user has opted out of text messages' } });
  });

  test('send-sms (reminder) sends only links to this site', async () => {
    const user = await ctx.createUser('Oda', { phone_number: '+14155550113' });
    const url = 'http://hearth.test/user?id=Oda&module=Get%20to%20Know%20You';
    const ok = await ctx.request('POST', '/api/twilio/send-sms', {
      cookie: operator,
      body: { toUserName: user.name, userUrl: url, conversationTranscript: transcriptList },
    });
    expect(ok.status).toBe(200);
    const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', ok.body.id).executeTakeFirstOrThrow();
    expect(row.kind).toBe('reminder');
    expect(row.body.endsWith(`\n${url}`)).toBe(true);
    for (const userUrl of [
      'https://evil.example/user?id=Oda',
      'http://hearth.test.evil.example/user',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const bad = await ctx.request('POST', '/api/twilio/send-sms', {
        cookie: operator,
        body: { toUserName: user.name, userUrl, conversationTranscript: transcriptList },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toContain('link');
    }
    expect(await ctx.db.selectFrom('outbox').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
  });

  test('generate-tagline-send-sms sends the tagline to the stored number, not to a number in the request', async () => {
    const user = await ctx.createUser('Pia', { phone_number: '+14155550114' });
    const r = await ctx.request('POST', '/api/generate-tagline-send-sms', {
      cookie: operator,
      body: { userName: user.name, userFile: user.fileName, conversation: transcriptList, phone_number: '+19999999999' },
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true, id: expect.any(Number), tagline: expect.any(String) });
    expect(r.body.tagline).toContain('✦');
    const row = await ctx.db.selectFrom('outbox').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'tagline', to_address: '+14155550114', body: `Your Hearth tagline: ${r.body.tagline}` });
    const neither = await ctx.request('POST', '/api/generate-tagline-send-sms', {
      cookie: operator,
      body: { conversation: transcriptList },
    });
    expect(neither).toMatchObject({ status: 400, body: { error: 'userFile or userName is required' } });
    const unknown = await ctx.request('POST', '/api/generate-tagline-send-sms', {
      cookie: operator,
      body: { userFile: '999_nobody.json', conversation: transcriptList },
    });
    expect(unknown.status).toBe(404);
  });

  test('get-response answers the assistant like a person would', async () => {
    const r = await ctx.request('POST', '/api/get-response', {
      cookie: operator,
      body: { systemPrompt: '', message: 'Hello! What would you like to be called?' },
    });
    expect(r.status).toBe(200);
    expect(r.body.gptResponse).toMatch(/call me|go by|is fine/i);
    expect((await ctx.request('POST', '/api/get-response', { cookie: operator, body: { systemPrompt: 'x', message: '' } })).status).toBe(
      400,
    );
    expect((await ctx.request('POST', '/api/get-response', { body: { systemPrompt: 'x', message: 'Hi?' } })).status).toBe(401);
  });
});

describe('post-chat endpoints (OpenAI provider against a fake OpenAI REST server)', () => {
  let fake: FakeOpenAiRest;
  let ctx: TestContext;
  let operator: string;
  beforeAll(async () => {
    fake = startFakeOpenAiRest();
    ctx = await createTestContext({ config: { openaiApiKey: 'sk-test', openaiBaseUrl: fake.baseUrl, openaiTextModel: 'gpt-4.1-mini' } });
    operator = await ctx.staffCookie('operator');
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
    fake.stop();
  });

  test('the model gets the admin-edited prompt of the task and the transcript', async () => {
    await ctx.db
      .updateTable('prompts')
      .set({ prompt: 'ADMIN EDIT: write the profile as a haiku.' })
      .where('name', '=', 'profile_for_group')
      .execute();
    const user = await ctx.createUser('Quinn');
    fake.reply = () => 'Quinn restores bicycles and grows tomatoes.';
    const r = await ctx.request('PUT', `/api/update-profile-for-group/${user.name}`, {
      cookie: operator,
      body: { conversation_transcript: transcriptList },
    });
    expect(r).toMatchObject({ status: 200, body: { profile_for_group: 'Quinn restores bicycles and grows tomatoes.' } });
    const body = fake.chatRequests().at(-1);
    expect(body.messages[0]).toEqual({ role: 'system', content: 'ADMIN EDIT: write the profile as a haiku.' });
    expect(body.messages[1].content).toContain('User: Restoring old bicycles and growing tomatoes.');
  });

  test('links and placeholders the model writes never reach an SMS', async () => {
    const user = await ctx.createUser('Rui', { phone_number: '+14155550120' });
    fake.reply = () => '"Hi Rui! Great chat today, continue here: https://phish.example/x [link]"';
    const r = await ctx.request('POST', '/api/twilio/send-sms', {
      cookie: operator,
      body: { toUserName: user.name, userUrl: 'http://hearth.test/user?id=Rui', conversationTranscript: transcriptList },
    });
    expect(r.status).toBe(200);
    const row = await ctx.db.selectFrom('outbox').select('body').where('id', '=', r.body.id).executeTakeFirstOrThrow();
    expect(row.body).toBe('Hi Rui! Great chat today, continue here:\nhttp://hearth.test/user?id=Rui');
  });

  test('get-response uses the stored system prompt when none is sent, and the temperature', async () => {
    await ctx.db.updateTable('system_prompt').set({ prompt: 'STORED SYSTEM PROMPT' }).where('id', '=', 1).execute();
    fake.reply = () => 'I like jazz.';
    const r = await ctx.request('POST', '/api/get-response', {
      cookie: operator,
      body: { systemPrompt: '', message: 'What music do you like?', temperature: 1.1 },
    });
    expect(r).toMatchObject({ status: 200, body: { gptResponse: 'I like jazz.' } });
    const body = fake.chatRequests().at(-1);
    expect(body.messages).toEqual([
      { role: 'system', content: 'STORED SYSTEM PROMPT' },
      { role: 'user', content: 'What music do you like?' },
    ]);
    expect(body.temperature).toBe(1.1);
    await ctx.request('POST', '/api/get-response', { cookie: operator, body: { systemPrompt: 'Be brief.', message: 'Hi?' } });
    expect(fake.chatRequests().at(-1).messages[0].content).toBe('Be brief.');
  });

  test('a failing provider is 502 with a message for a person, and nothing is stored', async () => {
    const user = await ctx.createUser('Sol');
    fake.failNext(400);
    const r = await ctx.request('PUT', `/api/update-memory-document/${encodeURIComponent(user.name)}`, {
      cookie: operator,
      body: { conversation_transcript: transcriptList },
    });
    expect(r.status).toBe(502);
    expect(r.body.error).toContain('AI provider');
    const row = await ctx.db.selectFrom('users').select('memory_document').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.memory_document).toBe('');
  });
});
