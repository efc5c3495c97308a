import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { promptFixture as prompt } from '../../test/sequence-fixtures';

// POST /api/upload-sequence: a new name creates the sequence, an existing one gets the file's versions added.
let ctx: TestContext;
let operator: string;
let endUser: string;

const version = (names: string[], extra: Record<string, unknown> = {}) => ({
  module_prompt: 'About this module',
  sequential_prompts: names.map((n) => prompt(n)),
  ...extra,
});

const content = async (name: string) =>
  (await ctx.request('GET', `/api/get-sequence-content/${encodeURIComponent(name)}`, { cookie: operator })).body;
const create = (name: string, body: unknown) =>
  ctx.request('POST', '/api/create-sequence', { cookie: operator, body: { name, content: body } });
const listed = async () => (await ctx.request('GET', '/api/get-sequences', { cookie: operator })).body as string[];

/** `cookie` null: no session. */
function upload(parts: { name?: string; file?: File }, cookie: string | null = operator) {
  const form = new FormData();
  if (parts.name !== undefined) form.set('name', parts.name);
  if (parts.file) form.set('jsonFile', parts.file);
  return ctx.request('POST', '/api/upload-sequence', { cookie: cookie ?? undefined, raw: form });
}
const jsonFile = (value: unknown, fileName = 'module.json') =>
  new File([typeof value === 'string' ? value : JSON.stringify(value)], fileName, { type: 'application/json' });

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  endUser = await ctx.userCookie((await ctx.createUser('Noor')).id);
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

describe('POST /api/upload-sequence', () => {
  test('a .json file with a list of versions becomes a sequence', async () => {
    const res = await upload({ name: 'Uploaded', file: jsonFile([version(['u1'], { version: 1 }), version(['u2'], { version: 2 })]) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fileName: 'Uploaded.json', created: true, versions: [1, 2] });
    expect((await content('Uploaded')).map((v: { version: number }) => v.version)).toEqual([1, 2]);
  });

  test('one version object is accepted, and without a name the file name is used', async () => {
    const res = await upload({ file: jsonFile('\uFEFF' + JSON.stringify(version(['x'])), 'From File.JSON') });
    expect(res.body).toEqual({ fileName: 'From File.json', created: true, versions: [1] });
    expect((await content('From File'))[0].sequential_prompts[0].name).toBe('x');
  });

  test('documented errors: not .json, not JSON, bad shape, too large', async () => {
    expect(await upload({ name: 'T1', file: new File(['[]'], 'module.txt') })).toMatchObject({
      status: 400,
      body: { error: 'Only .json files can be uploaded' },
    });
    expect(await upload({ name: 'T2', file: jsonFile('{"module_prompt": ', 'broken.json') })).toMatchObject({
      status: 400,
      body: { error: 'The file is not valid JSON' },
    });
    expect(await upload({ name: 'T3', file: jsonFile([]) })).toMatchObject({
      status: 400,
      body: { error: 'The file contains no versions' },
    });
    const shape = await upload({ name: 'T4', file: jsonFile([{ module_prompt: 'm', sequential_prompts: [{ name: 'a' }] }]) });
    expect(shape).toMatchObject({ status: 400, body: { error: 'file[0].sequential_prompts[0].description must be a string' } });
    const huge = await upload({ name: 'T5', file: jsonFile(`[${' '.repeat(1024 * 1024)}]`) });
    expect(huge).toMatchObject({ status: 413, body: { error: 'The file is too large (at most 1 MB)' } });
    expect(await upload({ name: 'T6' })).toMatchObject({ status: 400 });
    expect((await upload({ name: 'a/b', file: jsonFile(version(['x'])) })).status).toBe(400);
    const names = await listed();
    for (const n of ['T1', 'T2', 'T3', 'T4', 'T5', 'T6']) expect(names).not.toContain(`${n}.json`);
  });

  test('the file is linted: a dangling next_prompt is 400 with where it is and nothing is stored', async () => {
    const dangling = { module_prompt: 'm', sequential_prompts: [prompt('greeting', { next_prompt: 'wrap_up' })] };
    expect(await upload({ name: 'Linted', file: jsonFile([version(['a']), dangling]) })).toMatchObject({
      status: 400,
      body: { error: 'file[1]: Prompt "greeting": next_prompt "wrap_up" names no prompt of this version' },
    });
    expect(await upload({ name: 'Linted', file: jsonFile(dangling) })).toMatchObject({
      status: 400,
      body: { error: 'file: Prompt "greeting": next_prompt "wrap_up" names no prompt of this version' },
    });
    expect(await listed()).not.toContain('Linted.json');
    const before = await content('Uploaded');
    expect((await upload({ name: 'Uploaded', file: jsonFile(dangling) })).status).toBe(400);
    expect(await content('Uploaded')).toEqual(before);
  });

  test('to an existing name the versions of the file are added after the highest, in file order, never overwriting', async () => {
    await create('Growing', [version(['one'], { version: 1 }), version(['two'], { version: 2 })]);
    const before = await content('Growing');
    // The file's own numbers are ignored: 9 and 1 become 3 and 4.
    const file = jsonFile([version(['nine'], { version: 9 }), version(['first'], { version: 1 }), version(['plain'])]);
    const res = await upload({ name: 'growing.JSON', file });
    expect(res).toMatchObject({ status: 200, body: { fileName: 'Growing.json', created: false, versions: [3, 4, 5] } });
    const after = await content('Growing');
    expect(after.slice(0, 2)).toEqual(before);
    expect(
      after.map((v: { version: number; sequential_prompts: Array<{ name: string }> }) => [v.version, v.sequential_prompts[0].name]),
    ).toEqual([
      [1, 'one'],
      [2, 'two'],
      [3, 'nine'],
      [4, 'first'],
      [5, 'plain'],
    ]);
    expect((await listed()).filter((n) => n.toLowerCase() === 'growing.json')).toEqual(['Growing.json']);
  });

  test('global_prompt.json cannot be uploaded to (400)', async () => {
    const before = await content('global_prompt');
    const message = 'Files cannot be uploaded to global_prompt.json; edit it in the editor';
    expect(await upload({ name: 'global_prompt', file: jsonFile(version(['x'])) })).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(await upload({ file: jsonFile({ global_prompt: 'Be brief.' }, 'GLOBAL_PROMPT.json') })).toMatchObject({
      status: 400,
      body: { error: message },
    });
    expect(await content('global_prompt')).toEqual(before);
  });

  test('simultaneous uploads of one new name: one creates it, the others add their versions', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => upload({ name: 'Upload Race', file: jsonFile(version([`r${i}`])) })),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(results.filter((r) => r.body.created)).toHaveLength(1);
    expect(results.flatMap((r) => r.body.versions).sort()).toEqual([1, 2, 3, 4]);
    expect(
      (await content('Upload Race')).map((v: { sequential_prompts: Array<{ name: string }> }) => v.sequential_prompts[0].name).sort(),
    ).toEqual(['r0', 'r1', 'r2', 'r3']);
  });

  test('without a session it is 401, for an end user 403, and nothing is stored', async () => {
    expect((await upload({ name: 'Sneaky Upload', file: jsonFile(version(['x'])) }, null)).status).toBe(401);
    expect((await upload({ name: 'Sneaky Upload', file: jsonFile(version(['x'])) }, endUser)).status).toBe(403);
    expect(await listed()).not.toContain('Sneaky Upload.json');
  });
});
