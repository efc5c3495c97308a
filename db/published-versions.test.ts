import { afterAll, beforeAll, expect, test } from 'bun:test';
import { Migrator } from 'kysely/migration';
import { createTestDatabase } from '../apps/server/src/test/harness';
import { migrateToLatest, type DatabaseHandle } from './client';
import { migrations } from './migrations';

// PRODUCT §10: at the published-versions migration, each existing module's highest version that members could
// open (not archived) becomes its published one, by nobody ("at the migration"); global_prompt is not published.
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 60_000);
afterAll(() => h.close());

test('the migration publishes each sequence’s highest open version, with a history row by nobody', async () => {
  const migrator = new Migrator({ db: h.db, provider: { getMigrations: async () => migrations } });
  const down = await migrator.migrateTo('20261128020100_outbox_kept');
  expect(down.error).toBeUndefined();

  const add = async (name: string, versions: Array<[number, boolean]>, isGlobal = false) => {
    const { id } = await h.db.insertInto('sequences').values({ name, is_global: isGlobal }).returning('id').executeTakeFirstOrThrow();
    for (const [version, archived] of versions) {
      await h.db
        .insertInto('sequence_versions')
        .values({ sequence_id: id, version, archived, sequential_prompts: [] as never })
        .execute();
    }
  };
  await add('Three Versions', [
    [1, false],
    [2, false],
    [3, false],
  ]);
  await add('Top Archived', [
    [1, false],
    [2, false],
    [3, true],
  ]);
  await add('All Archived', [[1, true]]);

  await migrateToLatest(h.db);
  const rows = await h.db
    .selectFrom('sequences')
    .select(['name', 'published_version', 'require_tests'])
    .where('name', 'in', ['Three Versions', 'Top Archived', 'All Archived', 'global_prompt', 'Get to Know You'])
    .orderBy('name')
    .execute();
  expect(rows).toEqual([
    { name: 'All Archived', published_version: null, require_tests: false },
    { name: 'Get to Know You', published_version: 1, require_tests: false },
    { name: 'Three Versions', published_version: 3, require_tests: false },
    { name: 'Top Archived', published_version: 2, require_tests: false },
    { name: 'global_prompt', published_version: null, require_tests: false },
  ]);
  const history = await h.db
    .selectFrom('sequence_publications as p')
    .innerJoin('sequences as s', 's.id', 'p.sequence_id')
    .select(['s.name', 'p.version', 'p.published_by', 'p.forced'])
    .where('s.name', '=', 'Three Versions')
    .execute();
  expect(history).toEqual([{ name: 'Three Versions', version: 3, published_by: null, forced: false }]);
});
