import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence, promptFixture as prompt } from '../../test/sequence-fixtures';

let ctx: TestContext;
let operator: string;
let admin: string;
let endUser: string;

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  admin = await ctx.staffCookie('admin');
  endUser = await ctx.userCookie((await ctx.createUser('Mila')).id);
  await insertSequence(ctx.db, 'alpha', { versions: [{ version: 1, prompts: [prompt('a1')] }] });
  await insertSequence(ctx.db, 'Zeta', { versions: [{ version: 1, prompts: [prompt('z1')] }] });
  await insertSequence(ctx.db, 'Old Module', { archived: true, versions: [{ version: 1, prompts: [prompt('o1')] }] });
  await insertSequence(ctx.db, 'Layered', {
    versions: [
      { version: 1, prompts: [prompt('first'), prompt('retired', { archived: true })] },
      { version: 2, archived: true, prompts: [prompt('draft')] },
      { version: 3, prompts: [prompt('third')] },
    ],
  });
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

describe('GET /api/get-sequences', () => {
  test('staff get file names: global_prompt.json first, the rest alphabetical ignoring case, archived hidden', async () => {
    const res = await ctx.request('GET', '/api/get-sequences', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      'global_prompt.json',
      'alpha.json',
      'default_Check In.json',
      'Get to Know You.json',
      'Layered.json',
      'Zeta.json',
    ]);
  });

  test('showArchived=true includes archived sequences for staff; showArchived=false does not', async () => {
    const shown = await ctx.request('GET', '/api/get-sequences?showArchived=true', { cookie: admin });
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('Old Module.json');
    expect(shown.body.indexOf('Old Module.json')).toBe(shown.body.indexOf('Layered.json') + 1);
    const hidden = await ctx.request('GET', '/api/get-sequences?showArchived=false', { cookie: admin });
    expect(hidden.body).not.toContain('Old Module.json');
  });

  test('an end user never sees global_prompt or archived sequences, even when asking for them', async () => {
    for (const query of ['', '?showArchived=true']) {
      const res = await ctx.request('GET', `/api/get-sequences${query}`, { cookie: endUser });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(['alpha.json', 'default_Check In.json', 'Get to Know You.json', 'Layered.json', 'Zeta.json']);
    }
  });

  test('a showArchived that is not a boolean is 400', async () => {
    const res = await ctx.request('GET', '/api/get-sequences?showArchived=maybe', { cookie: operator });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });

  test('without a session it is 401', async () => {
    const res = await ctx.request('GET', '/api/get-sequences');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Please sign in' });
  });
});

describe('GET /api/get-sequence-content/{name}', () => {
  test('answers the versions in ascending order with module_prompt and sequential_prompts', async () => {
    const res = await ctx.request('GET', '/api/get-sequence-content/Get%20to%20Know%20You.json', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0])).toEqual(['version', 'module_prompt', 'sequential_prompts']);
    expect(res.body[0].version).toBe(1);
    expect(res.body[0].module_prompt).toContain('get to know');
    expect(res.body[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['welcome', 'interests', 'community', 'wrap_up']);
    expect(Object.keys(res.body[0].sequential_prompts[0])).toEqual(['name', 'description', 'prompt', 'trigger_condition', 'next_prompt']);
  });

  test('the name works without ".json" too', async () => {
    const res = await ctx.request('GET', '/api/get-sequence-content/default_Check%20In', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body[0].sequential_prompts[0].name).toBe('check_in');
  });

  test('global_prompt answers { version, global_prompt }', async () => {
    const res = await ctx.request('GET', '/api/get-sequence-content/global_prompt.json', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0])).toEqual(['version', 'global_prompt']);
    expect(res.body[0].global_prompt).toContain('You are Hearth');
  });

  test('archived versions and prompts are left out unless showArchivedPrompts=true', async () => {
    const plain = await ctx.request('GET', '/api/get-sequence-content/Layered.json', { cookie: operator });
    expect(plain.body.map((v: { version: number }) => v.version)).toEqual([1, 3]);
    expect(plain.body[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['first']);
    expect(JSON.stringify(plain.body)).not.toContain('archived');

    const all = await ctx.request('GET', '/api/get-sequence-content/Layered.json?showArchivedPrompts=true', { cookie: operator });
    expect(all.body.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
    expect(all.body[0].sequential_prompts.map((p: { name: string; archived?: boolean }) => [p.name, p.archived ?? false])).toEqual([
      ['first', false],
      ['retired', true],
    ]);
    expect(all.body[1].archived).toBe(true);
    expect(all.body[2].archived).toBeUndefined();
  });

  test('an archived sequence can still be opened by staff', async () => {
    const res = await ctx.request('GET', '/api/get-sequence-content/Old%20Module', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body[0].sequential_prompts[0].name).toBe('o1');
  });

  test('an unknown sequence is 404 "Sequence not found"; a path-like name is just unknown', async () => {
    for (const name of ['Nope.json', '..%2F..%2Fetc%2Fpasswd', '.json']) {
      const res = await ctx.request('GET', `/api/get-sequence-content/${name}`, { cookie: operator });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Sequence not found' });
    }
  });

  test('an end user gets 403 and no session gets 401', async () => {
    expect((await ctx.request('GET', '/api/get-sequence-content/alpha', { cookie: endUser })).status).toBe(403);
    expect((await ctx.request('GET', '/api/get-sequence-content/alpha')).status).toBe(401);
  });
});
