import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { lintVersion } from '@hearth/protocol/sequence-lint';
import { createTestContext, type TestContext } from '../../test/harness';
import { promptFixture as prompt } from '../../test/sequence-fixtures';
import { type SequenceRequests, sequenceRequests, version } from './sequence-requests';

let ctx: TestContext;
let operator: string;
let endUser: string;
let content: SequenceRequests['content'];
let create: SequenceRequests['create'];
let save: SequenceRequests['save'];
let listed: SequenceRequests['listed'];

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  endUser = await ctx.userCookie((await ctx.createUser('Noor')).id);
  ({ content, create, save, listed } = sequenceRequests(ctx, operator));
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

describe('POST /api/create-sequence', () => {
  test('creates a sequence from a list of versions and answers { fileName }', async () => {
    const res = await create('Evening Walk', [version(['start', 'end'], { version: 1 }), version(['only'], { version: 2 })]);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fileName: 'Evening Walk.json' });
    expect(await listed()).toContain('Evening Walk.json');
    const saved = await content('Evening Walk.json');
    expect(saved.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(saved[0]).toEqual({ version: 1, module_prompt: 'About this module', sequential_prompts: [prompt('start'), prompt('end')] });
  });

  test('one version object is accepted; ".json" in the name is not doubled', async () => {
    const res = await create('  Single.json ', version(['one']));
    expect(res.body).toEqual({ fileName: 'Single.json' });
    expect((await content('Single'))[0].version).toBe(1);
  });

  test('without content it starts from the new-sequence template', async () => {
    for (const [name, body] of [
      ['From Template', undefined],
      ['From Empty List', []],
      ['From Null', null],
    ] as const) {
      const res = await create(name, body);
      expect(res.status).toBe(200);
      const [v] = await content(name);
      expect(v.version).toBe(1);
      expect(v.module_prompt.length).toBeGreaterThan(0);
      expect(v.sequential_prompts).toHaveLength(1);
      for (const field of ['name', 'description', 'prompt', 'trigger_condition']) {
        expect(v.sequential_prompts[0][field].length).toBeGreaterThan(0);
      }
      // PRODUCT §10: a one-prompt sequence ends where it starts.
      expect(v.sequential_prompts[0].next_prompt).toBe('');
    }
  });

  test('the template passes the lint the editor and every save run, so its first edit saves', async () => {
    expect((await create('Lint Template')).status).toBe(200);
    const [{ version: _version, ...template }] = await content('Lint Template');
    expect(lintVersion(template)).toEqual([]);
    const edited = { ...template, module_prompt: 'An evening check-in.' };
    const res = await save('Lint Template.json', edited);
    expect(res.status).toBe(200);
    expect((await content('Lint Template')).map((v: { version: number }) => v.version)).toEqual([1, 2]);
  });

  test('a name that exists (in any letter case) is 409', async () => {
    for (const name of ['Get to Know You', 'get to know you.json', 'GLOBAL_PROMPT']) {
      const res = await create(name);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('already exists');
    }
  });

  test('blank or invalid names are 400 and nothing is created', async () => {
    const before = await listed();
    for (const [name, message] of [
      ['   ', 'must not be empty'],
      ['.json', 'must not be empty'],
      ['a/b', 'must not contain / or \\'],
      ['..\\evil', 'must not contain / or \\'],
      ['tab\there', 'control characters'],
      ['x'.repeat(101), 'at most 100 characters'],
    ]) {
      const res = await create(name);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect(await listed()).toEqual(before);
  });

  test('content with a bad shape is 400 with a message naming the field', async () => {
    const cases: Array<[unknown, string]> = [
      ['just text', 'content must be a version object'],
      [
        [version(['a']), { module_prompt: 'x', sequential_prompts: [{ ...prompt('b'), trigger_condition: 3 }] }],
        'content[1].sequential_prompts[0].trigger_condition must be a string',
      ],
      [[version(['a'], { version: 2 }), version(['b'], { version: 2 })], 'version 2 appears more than once'],
      [version(['dup', 'dup']), 'prompt names must be unique in a version ("dup" appears twice)'],
      [{ module_prompt: 'x', sequential_prompts: [prompt('a')], colour: 'red' }, 'Unknown field "colour"'],
    ];
    for (const [body, message] of cases) {
      const res = await create('Shape Check', body);
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect(await listed()).not.toContain('Shape Check.json');
  });

  test('content is linted: a dangling next_prompt is 400 with where it is', async () => {
    const dangling = await create('Lint Check', [
      version(['a']),
      { module_prompt: 'm', sequential_prompts: [prompt('a', { next_prompt: 'zz' })] },
    ]);
    expect(dangling).toMatchObject({
      status: 400,
      body: { error: 'content[1]: Prompt "a": next_prompt "zz" names no prompt of this version' },
    });
    const blank = await create('Lint Check', version(['a'], { sequential_prompts: [prompt('a', { prompt: ' ' })] }));
    expect(blank).toMatchObject({ status: 400, body: { error: 'content: Prompt "a": prompt must not be empty' } });
    expect(await listed()).not.toContain('Lint Check.json');
  });

  test('versions without a number are numbered after the highest given one', async () => {
    await create('Numbered', [version(['a'], { version: 5 }), version(['b']), version(['c'], { version: 2 })]);
    expect(
      (await content('Numbered')).map((v: { version: number; sequential_prompts: Array<{ name: string }> }) => [
        v.version,
        v.sequential_prompts[0].name,
      ]),
    ).toEqual([
      [2, 'c'],
      [5, 'a'],
      [6, 'b'],
    ]);
  });
});

describe('PUT /api/rename-sequence/{name}', () => {
  test('renames and answers { fileName }; the old name is gone', async () => {
    await create('Before Rename', version(['a']));
    const res = await ctx.request('PUT', '/api/rename-sequence/Before%20Rename.json', {
      cookie: operator,
      body: { newName: 'After Rename' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fileName: 'After Rename.json' });
    const names = await listed();
    expect(names).toContain('After Rename.json');
    expect(names).not.toContain('Before Rename.json');
    expect((await content('After Rename'))[0].sequential_prompts[0].name).toBe('a');
  });

  test('changing only the letter case of its own name is allowed', async () => {
    await create('case me', version(['a']));
    const res = await ctx.request('PUT', '/api/rename-sequence/case%20me', { cookie: operator, body: { newName: 'Case Me.json' } });
    expect(res.body).toEqual({ fileName: 'Case Me.json' });
  });

  test('404 unknown, 409 taken, 400 blank or invalid, 400 for global_prompt', async () => {
    await create('Rename Source', version(['a']));
    const rename = (name: string, newName: string) =>
      ctx.request('PUT', `/api/rename-sequence/${encodeURIComponent(name)}`, { cookie: operator, body: { newName } });
    expect(await rename('Missing', 'Anything')).toMatchObject({ status: 404, body: { error: 'Sequence not found' } });
    const taken = await rename('Rename Source', 'get to know you');
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('A sequence named "Get to Know You.json" already exists');
    expect((await rename('Rename Source', '  ')).status).toBe(400);
    expect((await rename('Rename Source', 'a/b')).status).toBe(400);
    expect(await rename('global_prompt.json', 'Other')).toMatchObject({
      status: 400,
      body: { error: 'global_prompt.json cannot be renamed' },
    });
    expect(await listed()).toContain('Rename Source.json');
  });
});

describe('DELETE /api/delete-sequence/{name}', () => {
  test('deletes with its versions and answers { deleted }', async () => {
    await create('Doomed', [version(['a']), version(['b'])]);
    const res = await ctx.request('DELETE', '/api/delete-sequence/Doomed.json', { cookie: operator });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 'Doomed.json' });
    expect(await listed()).not.toContain('Doomed.json');
    expect((await ctx.request('GET', '/api/get-sequence-content/Doomed', { cookie: operator })).status).toBe(404);
    expect((await create('Doomed')).status).toBe(200);
  });

  test('404 unknown; global_prompt cannot be deleted (400)', async () => {
    expect(await ctx.request('DELETE', '/api/delete-sequence/Missing', { cookie: operator })).toMatchObject({
      status: 404,
      body: { error: 'Sequence not found' },
    });
    const res = await ctx.request('DELETE', '/api/delete-sequence/global_prompt', { cookie: operator });
    expect(res).toMatchObject({ status: 400, body: { error: 'global_prompt.json cannot be deleted' } });
    expect(await listed()).toContain('global_prompt.json');
  });
});

describe('concurrent requests', () => {
  test('simultaneous new-version saves each get their own version number', async () => {
    await create('Busy', version(['a']));
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => save('Busy', version([`p${i}`]))));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await content('Busy')).map((v: { version: number }) => v.version)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  test('simultaneous creates of one name: one succeeds, the others are 409', async () => {
    const results = await Promise.all(Array.from({ length: 4 }, () => create('Raced', version(['a']))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await listed()).filter((n) => n === 'Raced.json')).toHaveLength(1);
  });
});

describe('access', () => {
  const calls: Array<[string, string, unknown?]> = [
    ['PUT', '/api/rename-sequence/Get%20to%20Know%20You', { newName: 'Hacked' }],
    ['DELETE', '/api/delete-sequence/Get%20to%20Know%20You'],
    ['POST', '/api/create-sequence', { name: 'Sneaky' }],
    ['PUT', '/api/update-sequence-content/Get%20to%20Know%20You', version(['sneaky'])],
  ];

  test('without a session every write is 401, for an end user 403, and nothing changes', async () => {
    const before = await content('Get to Know You');
    for (const [method, path, body] of calls) {
      expect((await ctx.request(method, path, { body })).status).toBe(401);
      expect((await ctx.request(method, path, { body, cookie: endUser })).status).toBe(403);
    }
    expect(await content('Get to Know You')).toEqual(before);
    expect(await listed()).not.toContain('Sneaky.json');
  });
});
