import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { promptFixture as prompt } from '../../test/sequence-fixtures';
import { type SequenceRequests, sequenceRequests, version } from './sequence-requests';

let ctx: TestContext;
let operator: string;
let content: SequenceRequests['content'];
let create: SequenceRequests['create'];
let save: SequenceRequests['save'];

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  ({ content, create, save } = sequenceRequests(ctx, operator));
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

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
