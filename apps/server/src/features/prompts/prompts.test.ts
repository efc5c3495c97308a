import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { DEFAULT_SYSTEM_PROMPT, NAMED_PROMPTS } from '@hearth/db/seed';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let operator: string;
let admin: string;
let endUser: string;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  admin = await ctx.staffCookie('admin');
  endUser = await ctx.userCookie((await ctx.createUser('Ines')).id);
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

describe('named prompts (admin System Prompts tab)', () => {
  test('GET /api/get-prompts lists { name, prompt } by name', async () => {
    const res = await ctx.request('GET', '/api/get-prompts', { cookie: admin });
    expect(res.status).toBe(200);
    const names = Object.keys(NAMED_PROMPTS).sort();
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(names);
    expect(res.body[0]).toEqual({ name: names[0], prompt: NAMED_PROMPTS[names[0]] });
  });

  test('PUT /api/update-prompt saves the text and answers { name, prompt }', async () => {
    const res = await ctx.request('PUT', '/api/update-prompt', {
      cookie: admin,
      body: { promptName: 'tagline_sms', updatedPrompt: 'A new tagline prompt.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ name: 'tagline_sms', prompt: 'A new tagline prompt.' });
    const list = await ctx.request('GET', '/api/get-prompts', { cookie: admin });
    expect(list.body.find((p: { name: string }) => p.name === 'tagline_sms').prompt).toBe('A new tagline prompt.');
  });

  test('an unknown prompt is 404; an empty or blank prompt is 400 and nothing changes', async () => {
    const unknown = await ctx.request('PUT', '/api/update-prompt', { cookie: admin, body: { promptName: 'nope', updatedPrompt: 'x' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Prompt not found' } });
    for (const updatedPrompt of ['', '   \n']) {
      const res = await ctx.request('PUT', '/api/update-prompt', { cookie: admin, body: { promptName: 'quiz_summary', updatedPrompt } });
      expect(res).toMatchObject({ status: 400, body: { error: 'The prompt must not be empty' } });
    }
    const missing = await ctx.request('PUT', '/api/update-prompt', { cookie: admin, body: { promptName: 'quiz_summary' } });
    expect(missing.status).toBe(400);
    const list = await ctx.request('GET', '/api/get-prompts', { cookie: admin });
    expect(list.body.find((p: { name: string }) => p.name === 'quiz_summary').prompt).toBe(NAMED_PROMPTS.quiz_summary);
  });

  test('admins only: 401 without a session, 403 for operators and end users', async () => {
    const body = { promptName: 'quiz_summary', updatedPrompt: 'changed' };
    for (const [method, path] of [
      ['GET', '/api/get-prompts'],
      ['PUT', '/api/update-prompt'],
    ]) {
      expect((await ctx.request(method, path, { body: method === 'PUT' ? body : undefined })).status).toBe(401);
      expect((await ctx.request(method, path, { cookie: operator, body: method === 'PUT' ? body : undefined })).status).toBe(403);
      expect((await ctx.request(method, path, { cookie: endUser, body: method === 'PUT' ? body : undefined })).status).toBe(403);
    }
    const list = await ctx.request('GET', '/api/get-prompts', { cookie: admin });
    expect(list.body.find((p: { name: string }) => p.name === 'quiz_summary').prompt).toBe(NAMED_PROMPTS.quiz_summary);
  });
});

describe('system prompt (testing page "Edit gpt4o prompt")', () => {
  test('GET /api/get-system-prompt answers a list whose first item has the prompt', async () => {
    const res = await ctx.request('GET', '/api/get-system-prompt', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ prompt: DEFAULT_SYSTEM_PROMPT }]);
  });

  test('PUT /api/update-system-prompt saves and answers { newSystemPrompt }', async () => {
    const res = await ctx.request('PUT', '/api/update-system-prompt', {
      cookie: operator,
      body: { newSystemPrompt: 'Answer as a shy student.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ newSystemPrompt: 'Answer as a shy student.' });
    expect((await ctx.request('GET', '/api/get-system-prompt', { cookie: admin })).body).toEqual([{ prompt: 'Answer as a shy student.' }]);
  });

  test('an empty, blank or missing prompt is 400 "Prompt not updated" and nothing changes', async () => {
    const before = (await ctx.request('GET', '/api/get-system-prompt', { cookie: operator })).body;
    for (const body of [{ newSystemPrompt: '' }, { newSystemPrompt: '  ' }, {}]) {
      const res = await ctx.request('PUT', '/api/update-system-prompt', { cookie: operator, body });
      expect(res).toMatchObject({ status: 400, body: { error: 'Prompt not updated' } });
    }
    expect((await ctx.request('GET', '/api/get-system-prompt', { cookie: operator })).body).toEqual(before);
  });

  test('staff only: 401 without a session, 403 for an end user', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/get-system-prompt', undefined],
      ['PUT', '/api/update-system-prompt', { newSystemPrompt: 'hijacked' }],
    ] as const) {
      expect((await ctx.request(method, path, { body })).status).toBe(401);
      expect((await ctx.request(method, path, { body, cookie: endUser })).status).toBe(403);
    }
    expect((await ctx.request('GET', '/api/get-system-prompt', { cookie: operator })).body[0].prompt).not.toBe('hijacked');
  });
});
