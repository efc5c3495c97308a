import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { jsonb } from '@hearth/db/json';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertSequence } from '../../test/sequence-fixtures';
import {
  composeInstructions,
  defaultTestingModule,
  defaultUserModule,
  listModuleNames,
  loadGlobalPrompt,
  loadModuleVersion,
} from './lookup';

const welcome = {
  name: 'welcome',
  description: 'Greet the person.',
  prompt: 'Say hello and ask their name.',
  trigger_condition: 'They said their name.',
  next_prompt: 'interests',
};

describe('composeInstructions', () => {
  test('staff pages: global prompt, module prompt, then the prompt fields as "field: value" paragraphs', () => {
    expect(composeInstructions({ globalPrompt: 'Be warm.', modulePrompt: 'Module about meeting.', prompt: welcome })).toBe(
      'Be warm.\n\n' +
        'Module about meeting.\n\n' +
        'name: welcome\n\n' +
        'description: Greet the person.\n\n' +
        'prompt: Say hello and ask their name.\n\n' +
        'trigger_condition: They said their name.\n\n' +
        'next_prompt: interests',
    );
  });

  test('user page: the fields are headed "Current prompt information" and the memory document follows under "User Information"', () => {
    expect(
      composeInstructions({
        globalPrompt: 'Be warm.',
        modulePrompt: 'Module about meeting.',
        prompt: { ...welcome, next_prompt: '' },
        userPage: true,
        memoryDocument: '- likes chess\n- new in town',
      }),
    ).toBe(
      'Be warm.\n\n' +
        'Module about meeting.\n\n' +
        'Current prompt information\n\n' +
        'name: welcome\n\n' +
        'description: Greet the person.\n\n' +
        'prompt: Say hello and ask their name.\n\n' +
        'trigger_condition: They said their name.\n\n' +
        'next_prompt:\n\n' +
        'User Information\n\n' +
        '- likes chess\n- new in town',
    );
  });

  test('empty parts are left out instead of becoming empty paragraphs', () => {
    expect(composeInstructions({ globalPrompt: '  ', modulePrompt: '', prompt: null, userPage: true, memoryDocument: ' ' })).toBe('');
    expect(composeInstructions({ globalPrompt: 'G', modulePrompt: '', userPage: true, memoryDocument: 'M' })).toBe(
      'G\n\nUser Information\n\nM',
    );
    // The memory document belongs to the user page only.
    expect(composeInstructions({ globalPrompt: 'G', modulePrompt: 'P', memoryDocument: 'M' })).toBe('G\n\nP');
  });
});

describe('default modules (SPEC §9)', () => {
  test('user page: "get to know you" in any case, else the first', () => {
    expect(defaultUserModule(['alpha', 'GET TO KNOW YOU', 'zeta'])).toBe('GET TO KNOW YOU');
    expect(defaultUserModule(['alpha', 'Get to Know You.json'])).toBe('Get to Know You.json');
    expect(defaultUserModule(['beta', 'alpha'])).toBe('beta');
    expect(defaultUserModule([])).toBeUndefined();
  });

  test('testing page: the first starting with "default_", else the first', () => {
    expect(defaultTestingModule(['alpha', 'default_b', 'default_a'])).toBe('default_b');
    expect(defaultTestingModule(['alpha', 'Default_x'])).toBe('alpha');
    expect(defaultTestingModule([])).toBeUndefined();
  });
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000); // creating the first database of a run can take several seconds on a busy machine
afterAll(() => ctx.close());

describe('reading modules from the database', () => {
  beforeAll(async () => {
    await insertSequence(ctx.db, 'banana', { versions: [{ version: 1, prompts: [welcome] }] });
    await insertSequence(ctx.db, 'Apple', {
      versions: [
        { version: 1, prompts: [welcome] },
        {
          version: 2,
          prompts: [
            { ...welcome, name: 'two' },
            { ...welcome, name: 'gone', archived: true },
          ],
        },
        { version: 3, archived: true, prompts: [{ ...welcome, name: 'three' }] },
      ],
    });
    await insertSequence(ctx.db, 'hidden', { archived: true, versions: [{ version: 1, prompts: [welcome] }] });
    await insertSequence(ctx.db, 'all versions archived', { versions: [{ version: 1, archived: true, prompts: [welcome] }] });
  });

  test('listModuleNames: no global, no archived, only modules with a usable version, alphabetical', async () => {
    expect(await listModuleNames(ctx.db)).toEqual(['Apple', 'banana', 'default_Check In', 'Get to Know You']);
  });

  test('loadModuleVersion: the highest non-archived version by default, without archived prompts', async () => {
    const m = await loadModuleVersion(ctx.db, 'Apple');
    expect(m).toEqual({
      name: 'Apple',
      version: 2,
      versions: [1, 2],
      modulePrompt: 'Apple v2',
      prompts: [{ ...welcome, name: 'two' }],
      turnDetection: null,
      wellbeing: false,
    });
  });

  test('loadModuleVersion: a chosen version, a name with ".json" or another case', async () => {
    expect((await loadModuleVersion(ctx.db, 'apple.json', 1))?.version).toBe(1);
    expect((await loadModuleVersion(ctx.db, 'GET TO KNOW YOU'))?.prompts.map((p) => p.name)).toEqual([
      'welcome',
      'interests',
      'community',
      'wrap_up',
    ]);
  });

  test('loadModuleVersion: null for unknown, archived, global or missing versions', async () => {
    expect(await loadModuleVersion(ctx.db, 'nope')).toBeNull();
    expect(await loadModuleVersion(ctx.db, 'hidden')).toBeNull();
    expect(await loadModuleVersion(ctx.db, 'global_prompt')).toBeNull();
    expect(await loadModuleVersion(ctx.db, 'Apple', 3)).toBeNull();
    expect(await loadModuleVersion(ctx.db, 'Apple', 9)).toBeNull();
    expect(await loadModuleVersion(ctx.db, 'all versions archived')).toBeNull();
  });

  test('loadGlobalPrompt: the text of the highest non-archived version', async () => {
    expect(await loadGlobalPrompt(ctx.db)).toContain('You are Hearth');
    const { id } = await ctx.db.selectFrom('sequences').select('id').where('name', '=', 'global_prompt').executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('sequence_versions')
      .values({ sequence_id: id, version: 2, global_prompt: 'Second.', sequential_prompts: jsonb([]) })
      .execute();
    await ctx.db
      .insertInto('sequence_versions')
      .values({ sequence_id: id, version: 3, global_prompt: 'Archived.', sequential_prompts: jsonb([]), archived: true })
      .execute();
    expect(await loadGlobalPrompt(ctx.db)).toBe('Second.');
  });
});
