import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence, promptFixture as prompt } from '../../test/sequence-fixtures';

// PRODUCT §10 test cases: defined per sequence, kept across its versions, linted against its prompt names.
let ctx: TestContext;
let operator: string;

const base = (sequence: string) => `/api/test-cases/${encodeURIComponent(sequence)}`;
const list = (sequence: string) => ctx.request('GET', base(sequence), { cookie: operator });
const create = (sequence: string, body: unknown) => ctx.request('POST', base(sequence), { cookie: operator, body });
const update = (sequence: string, id: string, body: unknown) => ctx.request('PUT', `${base(sequence)}/${id}`, { cookie: operator, body });
const remove = (sequence: string, id: string) => ctx.request('DELETE', `${base(sequence)}/${id}`, { cookie: operator });

const shy = {
  name: 'Shy member',
  persona: 'A quiet retiree who answers in few words and warms up slowly.',
  memory: 'Likes birds.',
  startPrompt: 'welcome',
  opening: 'Hello?',
  turnLimit: 12,
  expect: [
    { type: 'reaches', prompt: 'interests', within: 6 },
    { type: 'never_reaches', prompt: 'goodbye' },
    { type: 'tool', name: 'set_memory', args: { key: 'hobby' } },
    { type: 'memory_key', key: 'hobby' },
    { type: 'mood' },
    { type: 'judged', criterion: 'Stays warm', pass: 'Take your time.', fail: 'Answer faster.' },
  ],
};

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  // v1 has a prompt ("goodbye") that v2 renamed: a case may still name it, since a version has it.
  await insertSequence(ctx.db, 'Garden Walk', {
    versions: [
      { version: 1, prompts: [prompt('welcome'), prompt('interests'), prompt('goodbye')] },
      { version: 2, prompts: [prompt('welcome'), prompt('interests'), prompt('farewell'), prompt('retired', { archived: true })] },
      { version: 3, archived: true, prompts: [prompt('welcome'), prompt('shelved')] },
    ],
    published: 2,
  });
  await insertSequence(ctx.db, 'Other Walk', { versions: [{ version: 1, prompts: [prompt('welcome')] }] });
}, 60_000);
afterAll(() => ctx.close());

describe('test cases of a sequence', () => {
  let caseId: string;

  test('a sequence starts with no cases', async () => {
    expect(await list('Garden Walk.json')).toMatchObject({ status: 200, body: { cases: [] } });
  });

  test('a case is created with every kind of expectation and listed with its defaults written out', async () => {
    const res = await create('Garden Walk.json', shy);
    expect(res.status).toBe(200);
    caseId = res.body.caseId;
    expect(caseId).toEqual(expect.any(String));
    const { body } = await list('Garden Walk');
    expect(body.cases).toEqual([{ caseId, ...shy, repeats: 3, threshold: 1 }]);
    // Kept with the sequence, not with another one.
    expect((await list('Other Walk')).body.cases).toEqual([]);
  });

  test('a second case with the same name is a 409; another name is fine', async () => {
    const dup = await create('Garden Walk', { ...shy, persona: 'Someone else' });
    expect(dup).toMatchObject({ status: 409, body: { error: 'A test case named "Shy member" already exists' } });
    const other = await create('Garden Walk', {
      name: 'Chatty member',
      persona: 'Talks a lot.',
      turnLimit: 5,
      repeats: 2,
      threshold: 0.5,
      expect: [],
    });
    expect(other.status).toBe(200);
    // The same name in another sequence is its own case.
    expect((await create('Other Walk', { ...shy, startPrompt: undefined, expect: [] })).status).toBe(200);
    expect((await list('Garden Walk')).body.cases.map((c: { name: string }) => c.name)).toEqual(['Shy member', 'Chatty member']);
  });

  test('a case naming a prompt no version has is a 400 with the name', async () => {
    const reaches = await create('Garden Walk', { ...shy, name: 'Lost', expect: [{ type: 'reaches', prompt: 'hobbies' }] });
    expect(reaches).toMatchObject({ status: 400, body: { error: 'No version of "Garden Walk" has a prompt named "hobbies"' } });
    const start = await create('Garden Walk', { ...shy, name: 'Lost', startPrompt: 'intro', expect: [] });
    expect(start).toMatchObject({ status: 400, body: { error: 'No version of "Garden Walk" has a prompt named "intro"' } });
    const never = await update('Garden Walk', caseId, { ...shy, expect: [{ type: 'never_reaches', prompt: 'Goodbye' }] });
    expect(never).toMatchObject({ status: 400, body: { error: 'No version of "Garden Walk" has a prompt named "Goodbye"' } });
    // Archived prompts and versions do not count: no conversation can reach them.
    for (const gone of ['retired', 'shelved']) {
      const res = await create('Garden Walk', { ...shy, name: 'Lost', expect: [{ type: 'reaches', prompt: gone }] });
      expect(res).toMatchObject({ status: 400, body: { error: `No version of "Garden Walk" has a prompt named "${gone}"` } });
    }
    expect((await list('Garden Walk')).body.cases).toHaveLength(2);
  });

  test('invalid cases are 400s', async () => {
    const bad: Array<Record<string, unknown>> = [
      { ...shy, name: '' },
      { ...shy, name: '   ' },
      { ...shy, name: 'x'.repeat(101) },
      { ...shy, persona: 'p'.repeat(2001) },
      { ...shy, turnLimit: 0 },
      { ...shy, turnLimit: 51 },
      { ...shy, repeats: 11 },
      { ...shy, threshold: 1.5 },
      { ...shy, expect: [{ type: 'tool', name: 'delete_everything' }] },
      { ...shy, expect: [{ type: 'tool', name: 'set_memory', args: 'key=hobby' }] },
      { ...shy, expect: [{ type: 'judged', criterion: 'Warm', pass: 'yes' }] },
      { ...shy, expect: [{ type: 'sings' }] },
      { persona: 'No name', turnLimit: 3, expect: [] },
    ];
    for (const body of bad) {
      const res = await create('Garden Walk', body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  test('a case is edited in place, renamed, and 409s onto another case', async () => {
    const edited = { ...shy, name: 'Shy retiree', turnLimit: 20, expect: [{ type: 'reaches', prompt: 'farewell' }] };
    expect(await update('Garden Walk', caseId, edited)).toMatchObject({ status: 200, body: { caseId } });
    const { cases } = (await list('Garden Walk')).body;
    expect(cases[0]).toEqual({ caseId, ...edited, repeats: 3, threshold: 1 });
    expect(await update('Garden Walk', caseId, { ...edited, name: 'Chatty member' })).toMatchObject({ status: 409 });
    // Saving under its own name is no clash.
    expect((await update('Garden Walk', caseId, edited)).status).toBe(200);
  });

  test('unknown sequences and cases are 404s', async () => {
    expect((await list('No Such Walk')).status).toBe(404);
    expect((await list('global_prompt.json')).status).toBe(404);
    expect((await create('No Such Walk', shy)).status).toBe(404);
    expect((await update('Garden Walk', 'no-such-case', shy)).status).toBe(404);
    expect((await remove('Garden Walk', 'no-such-case')).status).toBe(404);
    // A case of another sequence is not found through this one.
    const otherId = (await list('Other Walk')).body.cases[0].caseId;
    expect((await remove('Garden Walk', otherId)).status).toBe(404);
  });

  test('a case is deleted, and goes with its sequence', async () => {
    expect(await remove('Garden Walk', caseId)).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await list('Garden Walk')).body.cases.map((c: { name: string }) => c.name)).toEqual(['Chatty member']);
    expect((await remove('Garden Walk', caseId)).status).toBe(404);
    expect((await ctx.request('DELETE', '/api/delete-sequence/Other%20Walk.json', { cookie: operator })).status).toBe(200);
    expect(await ctx.db.selectFrom('test_cases').select('name').execute()).toEqual([{ name: 'Chatty member' }]);
  });

  test('members cannot read or write cases', async () => {
    const member = await ctx.createUser('Noor');
    const cookie = await ctx.userCookie(member.id);
    expect((await ctx.request('GET', base('Garden Walk'), { cookie })).status).toBe(403);
    expect((await ctx.request('POST', base('Garden Walk'), { cookie, body: shy })).status).toBe(403);
    expect((await ctx.request('GET', base('Garden Walk'))).status).toBe(401);
  });
});
