import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase } from '../apps/server/src/test/harness';
import type { DatabaseHandle } from './client';

// The indexes the queries need (issue 9; `bun run bench:explain` shows the plans). Runs on PGlite, or on
// PostgreSQL when DATABASE_URL is set.
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

/** Each index of the public schema as its table and its key columns in order. */
async function indexes() {
  const { rows } = await sql<{ table: string; name: string; columns: string[] }>`
    select t.relname as "table", i.relname as name,
      array(select a.attname::text from unnest(ix.indkey) with ordinality k(attnum, n)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = 'public'`.execute(h.db);
  return rows;
}

const startsWith = (columns: string[], prefix: string[]) => prefix.every((c, i) => columns[i] === c);

describe('indexes', () => {
  test('the lookups the code runs have an index that starts with their columns', async () => {
    const all = await indexes();
    const wanted: Array<[table: string, columns: string[]]> = [
      ['outbox', ['campaign_id']], // blast progress, finishCampaignIfDone at every send
      ['voice_sessions', ['user_id', 'started_at']], // minutesUsedToday at every end-user connect
      ['sessions', ['user_id']],
      ['sessions', ['staff_id']],
      ['group_members', ['subgroup_id']],
      ['feedback', ['user_id']],
    ];
    const missing = wanted.filter(([table, columns]) => !all.some((ix) => ix.table === table && startsWith(ix.columns, columns)));
    expect(missing).toEqual([]);
  });

  test('every foreign key to a user or a subgroup has an index, so deleting one never scans a whole table', async () => {
    const all = await indexes();
    const { rows: fks } = await sql<{ table: string; columns: string[]; parent: string }>`
      select t.relname as "table", p.relname as parent,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
              join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
      from pg_constraint c
      join pg_class t on t.oid = c.conrelid
      join pg_class p on p.oid = c.confrelid
      join pg_namespace ns on ns.oid = t.relnamespace
      where c.contype = 'f' and ns.nspname = 'public' and p.relname in ('users', 'subgroups', 'groups', 'campaigns')`.execute(h.db);
    expect(fks.length).toBeGreaterThan(10);
    const unindexed = fks.filter((fk) => !all.some((ix) => ix.table === fk.table && startsWith(ix.columns, fk.columns)));
    expect(unindexed).toEqual([]);
  });
});
