import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../test/harness';
import { ModuleState } from './module-state';
import { SingleFlight } from './single-flight';

describe('SingleFlight', () => {
  test('the same read asked for while it runs is shared; another key or a later ask reads again', async () => {
    const reads = new SingleFlight();
    let count = 0;
    const read = async () => {
      await Bun.sleep(5);
      return { n: ++count };
    };
    const [a, b, other] = await Promise.all([reads.run('k', read), reads.run('k', read), reads.run('other', read)]);
    expect(a).toBe(b);
    expect(other).not.toBe(a);
    expect(count).toBe(2);
    expect(reads.size).toBe(0);
    const later = await reads.run('k', read);
    expect(later).not.toBe(a);
    expect(count).toBe(3);
  });

  test('a failed read fails everyone who shared it, and the next ask tries again', async () => {
    const reads = new SingleFlight();
    let fail = true;
    const read = async () => {
      await Bun.sleep(1);
      if (fail) throw new Error('database went away');
      return 'ok';
    };
    const results = await Promise.allSettled([reads.run('k', read), reads.run('k', read)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await reads.run('k', read)).toBe('ok');
  });
});

describe('sessions starting together', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  test('share one read of the module version, each with its own module list; a later start sees an edit', async () => {
    const reads = new SingleFlight();
    const opts = { page: 'console' as const, userId: null, module: 'Get to Know You' };
    const [a, b] = await Promise.all([ModuleState.load(ctx.db, opts, reads), ModuleState.load(ctx.db, opts, reads)]);
    expect(a.moduleName).toBe('Get to Know You');
    expect(a.current).toBe(b.current!);
    expect(a.modules).toEqual(b.modules);
    expect(a.modules).not.toBe(b.modules);
    expect(reads.size).toBe(0);

    await ctx.db
      .updateTable('sequence_versions')
      .set({ module_prompt: 'Edited while nobody was starting.' })
      .where('sequence_id', 'in', ctx.db.selectFrom('sequences').select('id').where('name', '=', 'Get to Know You'))
      .where('version', '=', a.version)
      .execute();
    const c = await ModuleState.load(ctx.db, opts, reads);
    expect(c.current).not.toBe(a.current);
    expect(c.current?.modulePrompt).toBe('Edited while nobody was starting.');
  });

  test("an end user's own reads (memory, isolated modules) are never shared with another's", async () => {
    const reads = new SingleFlight();
    const ann = await ctx.createUser('Ann');
    const bo = await ctx.createUser('Bo');
    await ctx.db.updateTable('users').set({ memory_document: '- keeps bees' }).where('id', '=', ann.id).execute();
    const [forAnn, forBo] = await Promise.all([
      ModuleState.load(ctx.db, { page: 'user', userId: ann.id }, reads),
      ModuleState.load(ctx.db, { page: 'user', userId: bo.id }, reads),
    ]);
    expect(forAnn.instructions()).toContain('keeps bees');
    expect(forBo.instructions()).not.toContain('keeps bees');
  });
});
