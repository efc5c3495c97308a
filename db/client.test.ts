import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { createTestDatabase } from '../apps/server/src/test/harness';
import { DataDirLockedError, lockDataDir, type DatabaseHandle } from './client';
import { jsonb } from './json';

// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set: both must hand back the same types.
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

describe('db client type parity', () => {
  test('count() and bigserial ids are numbers', async () => {
    const r = await h.db.selectFrom('sequences').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(typeof r.n).toBe('number');
    expect(r.n).toBeGreaterThanOrEqual(3);
    const q = await h.db.insertInto('quiz_summaries').values({ user_id: await user(), summary: 's' }).returning('id').executeTakeFirstOrThrow();
    expect(typeof q.id).toBe('number');
  });

  test('jsonb arrays and objects round-trip as values, not strings', async () => {
    const value = [{ name: 'a', nested: { n: 1, list: [1, 2] } }];
    const uid = await user();
    const { id } = await h.db
      .insertInto('feedback')
      .values({ user_id: uid, feedback: 'x', last_conversation: jsonb(value) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await h.db.selectFrom('feedback').select('last_conversation').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.last_conversation).toEqual(value);
    const kind = await sql<{ t: string }>`select jsonb_typeof(last_conversation) as t from feedback where id = ${id}`.execute(h.db);
    expect(kind.rows[0].t).toBe('array');
  });

  test('timestamptz comes back as a Date at the same instant', async () => {
    const uid = await user();
    const start = new Date('2026-03-04T10:15:30.123Z');
    const { id } = await h.db
      .insertInto('section_records')
      .values({ user_id: uid, module_name: 'm', start_time: start, end_time: '2026-03-04T10:20:00Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = await h.db.selectFrom('section_records').select(['start_time', 'end_time']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.start_time).toBeInstanceOf(Date);
    expect(row.start_time.toISOString()).toBe(start.toISOString());
    expect(row.end_time.toISOString()).toBe('2026-03-04T10:20:00.000Z');
  });

  test('the seed holds global_prompt, Get to Know You with chained prompts, a default_ module and the named prompts', async () => {
    const seqs = await h.db.selectFrom('sequences').select(['name', 'is_global']).execute();
    const names = seqs.map((s) => s.name);
    expect(names).toContain('global_prompt');
    expect(names).toContain('Get to Know You');
    expect(names.some((n) => n.startsWith('default_'))).toBe(true);
    const v = await h.db
      .selectFrom('sequence_versions')
      .innerJoin('sequences', 'sequences.id', 'sequence_versions.sequence_id')
      .select('sequential_prompts')
      .where('sequences.name', '=', 'Get to Know You')
      .executeTakeFirstOrThrow();
    const prompts = v.sequential_prompts;
    expect(prompts.length).toBeGreaterThanOrEqual(3);
    // Each prompt's next_prompt names the following one.
    for (let i = 0; i < prompts.length - 1; i++) expect(prompts[i].next_prompt).toBe(prompts[i + 1].name);
    const named = (await h.db.selectFrom('prompts').select('name').execute()).map((p) => p.name);
    for (const n of ['profile_for_group', 'memory_document', 'convo_recap_sms', 'tagline_sms', 'subgroup_naming']) expect(named).toContain(n);
  });

  test('no column is named for audio or transcripts, and only timestamptz is used', async () => {
    const cols = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns
      where table_schema = 'public' and table_name not like 'kysely_%'`.execute(h.db);
    for (const c of cols.rows) {
      expect(c.column_name).not.toMatch(/audio|transcript|recording/);
      expect(c.data_type).not.toBe('timestamp without time zone');
      expect(c.data_type).not.toBe('bytea');
    }
  });
});

describe('DATA_DIR lock', () => {
  test('a second server on the same DATA_DIR is refused with a clear message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    try {
      const unlock = lockDataDir(dir);
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      unlock();
      const again = lockDataDir(dir);
      again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('another live process holding the lock is refused; a stale lock is taken over', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    const child = Bun.spawn(['sleep', '30']);
    try {
      await Bun.write(join(dir, 'server.lock'), String(child.pid));
      expect(() => lockDataDir(dir)).toThrow(/Another Hearth server \(pid \d+\) is already using DATA_DIR/);
      child.kill();
      await child.exited;
      const unlock = lockDataDir(dir); // the holder is gone: stale
      unlock();
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

let n = 0;
async function user() {
  const id = `dbt${++n}${Math.random().toString(36).slice(2, 6)}`;
  await h.db.insertInto('users').values({ id, name: 'Db Test', file_name: `${id}_db test.json` }).execute();
  return id;
}
