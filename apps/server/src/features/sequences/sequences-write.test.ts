import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { lintVersion } from '@hearth/protocol/sequence-lint';
import { createTestContext, type TestContext } from '../../test/harness';
import { promptFixture as prompt } from '../../test/sequence-fixtures';

let ctx: TestContext;
let operator: string;
let endUser: string;

const version = (names: string[], extra: Record<string, unknown> = {}) => ({
  module_prompt: 'About this module',
  sequential_prompts: names.map((n) => prompt(n)),
  ...extra,
});

const content = async (name: string, query = '') =>
  (await ctx.request('GET', `/api/get-sequence-content/${encodeURIComponent(name)}${query}`, { cookie: operator })).body;
const create = (name: string, body?: unknown) =>
  ctx.request('POST', '/api/create-sequence', { cookie: operator, body: { name, ...(body === undefined ? {} : { content: body }) } });
const save = (name: string, body: unknown, query = '') =>
  ctx.request('PUT', `/api/update-sequence-content/${encodeURIComponent(name)}${query}`, { cookie: operator, body });
const listed = async () => (await ctx.request('GET', '/api/get-sequences', { cookie: operator })).body as string[];

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  endUser = await ctx.userCookie((await ctx.createUser('Noor')).id);
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

describe('PUT /api/update-sequence-content/{name}', () => {
  test('without a version a new version (highest + 1) is created and { updatedSequence } lists all versions', async () => {
    await create('Editable', [version(['a'], { version: 1 })]);
    const res = await save('Editable.json', version(['a', 'b']));
    expect(res.status).toBe(200);
    expect(res.body.updatedSequence.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(res.body.updatedSequence[1].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['a', 'b']);
    expect(await content('Editable')).toEqual(res.body.updatedSequence);
  });

  test('an existing version is replaced in place; an unknown number makes a new version', async () => {
    const replaced = await save('Editable', { ...version(['replaced']), version: 1 });
    expect(replaced.body.updatedSequence.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    expect(replaced.body.updatedSequence[0]).toEqual({
      version: 1,
      module_prompt: 'About this module',
      sequential_prompts: [prompt('replaced')],
    });
    const added = await save('Editable', { ...version(['new']), version: 40 });
    expect(added.body.updatedSequence.map((v: { version: number }) => v.version)).toEqual([1, 2, 3]);
  });

  test('a prompt keeps its reasoning_effort through a save; a value outside the five is refused with the lint message', async () => {
    await create('Thoughtful', [version(['a'])]);
    const saved = await save('Thoughtful', { module_prompt: 'm', sequential_prompts: [prompt('a', { reasoning_effort: 'high' })] });
    expect(saved.status).toBe(200);
    expect((await content('Thoughtful')).at(-1).sequential_prompts[0]).toEqual(prompt('a', { reasoning_effort: 'high' }));
    const refused = await save('Thoughtful', { module_prompt: 'm', sequential_prompts: [prompt('a', { reasoning_effort: 'maximum' })] });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('sequential_prompts[0].reasoning_effort must be one of minimal, low, medium, high, xhigh');
    expect(await content('Thoughtful')).toHaveLength(2);
  });

  test('archived prompts hidden from the editor survive a save; with showArchivedPrompts=true the body is the whole version', async () => {
    await create('Archive Keeper', [{ module_prompt: 'm', sequential_prompts: [prompt('live'), prompt('old', { archived: true })] }]);
    const hiddenSave = await save('Archive Keeper', { version: 1, module_prompt: 'm2', sequential_prompts: [prompt('live')] });
    expect(hiddenSave.body.updatedSequence[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['live']);
    const stored = await content('Archive Keeper', '?showArchivedPrompts=true');
    expect(stored[0].module_prompt).toBe('m2');
    expect(stored[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['live', 'old']);

    const fullSave = await save(
      'Archive Keeper',
      { version: 1, module_prompt: 'm3', sequential_prompts: [prompt('live')] },
      '?showArchivedPrompts=true',
    );
    expect(fullSave.body.updatedSequence[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['live']);
  });

  test('a version saved as archived leaves the default list and the highest remaining version stays the default', async () => {
    await create('Archivable', [version(['v1'], { version: 1 }), version(['v2'], { version: 2 })]);
    const res = await save('Archivable', { ...version(['v2']), version: 2, archived: true });
    expect(res.body.updatedSequence.map((v: { version: number }) => v.version)).toEqual([1]);
    const all = await content('Archivable', '?showArchivedPrompts=true');
    expect(all[1]).toMatchObject({ version: 2, archived: true });
  });

  test('global_prompt takes { global_prompt } and answers in its own shape', async () => {
    const res = await save('global_prompt.json', { version: 1, global_prompt: 'Be kind and brief.' });
    expect(res.status).toBe(200);
    expect(res.body.updatedSequence).toEqual([{ version: 1, global_prompt: 'Be kind and brief.' }]);
    const next = await save('global_prompt', { global_prompt: 'Version two.', module_prompt: 'extra' });
    expect(next.body.updatedSequence[1]).toEqual({ version: 2, global_prompt: 'Version two.', module_prompt: 'extra' });
  });

  test('a bad shape is 400 with a clear message and changes nothing', async () => {
    const before = await content('Editable');
    const cases: Array<[string, unknown, string]> = [
      ['Editable', [version(['a'])], 'the version must be a version object'],
      ['Editable', { sequential_prompts: [prompt('a')] }, 'module_prompt must be a string'],
      ['Editable', { module_prompt: 'm' }, 'sequential_prompts must be a list of prompts'],
      ['Editable', { module_prompt: 'm', sequential_prompts: [] }, 'sequential_prompts must have at least one prompt'],
      ['Editable', { module_prompt: 'm', sequential_prompts: ['text'] }, 'sequential_prompts[0] must be an object'],
      [
        'Editable',
        { module_prompt: 'm', sequential_prompts: [{ ...prompt('a'), next_prompt: undefined }] },
        'sequential_prompts[0].next_prompt must be a string',
      ],
      [
        'Editable',
        { module_prompt: 'm', sequential_prompts: [prompt('a'), prompt('b'), { ...prompt('c'), description: null }] },
        'sequential_prompts[2].description must be a string',
      ],
      ['Editable', { module_prompt: 'm', sequential_prompts: [prompt('x'), prompt(' x ')] }, '"x" appears twice'],
      ['Editable', { module_prompt: 'm', sequential_prompts: [prompt('  ')] }, 'sequential_prompts[0].name must not be empty'],
      [
        'Editable',
        { module_prompt: 'm', sequential_prompts: [{ ...prompt('a'), trigger_conditon: 'typo' }] },
        'Unknown field "trigger_conditon" in sequential_prompts[0]',
      ],
      ['Editable', { ...version(['a']), version: 0 }, 'version must be a whole number'],
      ['Editable', { ...version(['a']), version: 1.5 }, 'version must be a whole number'],
      ['Editable', { ...version(['a']), archived: 'yes' }, 'archived must be true or false'],
      ['Editable', { ...version(['a']), global_prompt: 'x' }, 'only global_prompt.json has a global prompt'],
      ['global_prompt', { global_prompt: '  ' }, 'global_prompt must not be empty'],
      ['global_prompt', { global_prompt: 'g', sequential_prompts: [prompt('a')] }, 'global_prompt.json has no sequential prompts'],
    ];
    for (const [name, body, message] of cases) {
      const res = await save(name, body);
      expect(res.status, message).toBe(400);
      expect(res.body.error).toContain(message);
    }
    expect(await content('Editable')).toEqual(before);
  });

  test('a dangling next_prompt or a blank prompt is 400 with the lint message and nothing is stored', async () => {
    await create('Flow', version(['greeting', 'goodbye']));
    const before = await content('Flow');
    const dangling = await save('Flow', {
      module_prompt: 'm',
      sequential_prompts: [prompt('greeting', { next_prompt: 'wrap_up' }), prompt('goodbye')],
    });
    expect(dangling).toMatchObject({
      status: 400,
      body: { error: 'Prompt "greeting": next_prompt "wrap_up" names no prompt of this version' },
    });
    const replacing = await save('Flow', { version: 1, module_prompt: 'm', sequential_prompts: [prompt('greeting', { prompt: '' })] });
    expect(replacing).toMatchObject({ status: 400, body: { error: 'Prompt "greeting": prompt must not be empty' } });
    expect(await content('Flow')).toEqual(before);
  });

  test('warnings never block: an unreachable prompt, an endless loop and an empty trigger_condition save', async () => {
    const body = {
      module_prompt: 'm',
      sequential_prompts: [
        prompt('start', { next_prompt: 'loop', trigger_condition: '' }),
        prompt('loop', { next_prompt: 'start' }),
        prompt('island'),
      ],
    };
    const res = await save('Flow', body);
    expect(res.status).toBe(200);
    expect(res.body.updatedSequence.at(-1).sequential_prompts).toEqual(body.sequential_prompts);
  });

  test('a next_prompt may name an archived prompt the editor did not show, but not one the save removes', async () => {
    await create('Archived Target', [{ module_prompt: 'm', sequential_prompts: [prompt('live'), prompt('old', { archived: true })] }]);
    const linked = { version: 1, module_prompt: 'm', sequential_prompts: [prompt('live', { next_prompt: 'old' })] };
    expect((await save('Archived Target', linked)).status).toBe(200);
    const stored = await content('Archived Target', '?showArchivedPrompts=true');
    expect(stored[0].sequential_prompts.map((p: { name: string }) => p.name)).toEqual(['live', 'old']);
    // Loaded with archived prompts the body is the whole version, so leaving "old" out leaves the link dangling.
    const removed = await save('Archived Target', linked, '?showArchivedPrompts=true');
    expect(removed).toMatchObject({ status: 400, body: { error: 'Prompt "live": next_prompt "old" names no prompt of this version' } });
    expect(await content('Archived Target', '?showArchivedPrompts=true')).toEqual(stored);
  });

  test('malformed JSON is 400 and an unknown sequence is 404', async () => {
    const bad = await ctx.request('PUT', '/api/update-sequence-content/Editable', {
      cookie: operator,
      raw: '{"module_prompt":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(await save('Missing', version(['a']))).toMatchObject({ status: 404, body: { error: 'Sequence not found' } });
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
