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
    const r = await h.db
      .selectFrom('sequences')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof r.n).toBe('number');
    expect(r.n).toBeGreaterThanOrEqual(3);
    const q = await h.db
      .insertInto('quiz_summaries')
      .values({ user_id: await user(), summary: 's' })
      .returning('id')
      .executeTakeFirstOrThrow();
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
    for (const n of ['profile_for_group', 'memory_document', 'convo_recap_sms', 'tagline_sms', 'subgroup_naming'])
      expect(named).toContain(n);
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

  // The lock is a kernel file lock now (issue 9): a pid written into the file no longer holds it, a live
  // process holding the flock does, and a killed one never does.
  test('another live process holding the lock is refused; a killed holder leaves no stale lock', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-lock-'));
    const holder = Bun.spawn(
      [
        'bun',
        '-e',
        `const { lockDataDir } = await import(${JSON.stringify(join(import.meta.dir, 'client.ts'))}); lockDataDir(${JSON.stringify(dir)}); console.log('locked'); await Bun.sleep(60000);`,
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    );
    try {
      await firstLine(holder.stdout);
      expect(() => lockDataDir(dir)).toThrow(`Another Hearth server (pid ${holder.pid}) is already using DATA_DIR`);
      holder.kill('SIGKILL');
      await holder.exited;
      const unlock = lockDataDir(dir);
      unlock();
    } finally {
      holder.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('restart after a crash', () => {
  const serverEntry = join(import.meta.dir, '../apps/server/src/index.ts');
  function serverEnv(dataDir: string) {
    const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'test' };
    delete env.DATABASE_URL; // the lock guards PGlite's DATA_DIR only
    delete env.ADMIN_EMAIL;
    delete env.OPENAI_API_KEY;
    return env;
  }

  test('a server killed with kill -9 restarts at once on its DATA_DIR (5 times); a live one still refuses a second', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearth-crash-'));
    const spawned: Bun.Subprocess[] = [];
    try {
      for (let i = 0; i < 5; i++) {
        // Under a parent that has not reaped it yet (a supervisor, a shell script): after kill -9 the dead
        // server stays in the process table as a zombie, which a pid check takes for alive.
        const wrapper = Bun.spawn(['sh', '-c', `bun ${JSON.stringify(serverEntry)} 2>&1 & echo "server pid $!"; exec sleep 600`], {
          env: serverEnv(dir),
          stdout: 'pipe',
          stderr: 'ignore',
        });
        spawned.push(wrapper);
        const output = await readUntil(wrapper.stdout as ReadableStream<Uint8Array>, /Hearth is running at|already using DATA_DIR/);
        expect(output, `start ${i} after kill -9`).toContain('Hearth is running at');
        const pid = Number(/server pid (\d+)/.exec(output)?.[1]);
        if (i === 0) {
          const second = Bun.spawn(['bun', serverEntry], { env: serverEnv(dir), stdout: 'ignore', stderr: 'pipe' });
          spawned.push(second);
          expect(await second.exited).toBe(1);
          expect(await new Response(second.stderr as ReadableStream).text()).toContain(
            `Another Hearth server (pid ${pid}) is already using DATA_DIR`,
          );
        }
        process.kill(pid, 'SIGKILL'); // and start the next one at once
      }
    } finally {
      for (const p of spawned) p.kill('SIGKILL');
      await Promise.all(spawned.map((p) => p.exited));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000); // five real server starts: ~3 s each alone, far more on a loaded 2-core machine
});

async function firstLine(stream: ReadableStream<Uint8Array>) {
  return readUntil(stream, /\n/);
}

/** Reads a child's output until it matches (or the stream ends), returning what was read. */
async function readUntil(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!pattern.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return text;
}

let n = 0;
async function user() {
  const id = `dbt${++n}${Math.random().toString(36).slice(2, 6)}`;
  await h.db
    .insertInto('users')
    .values({ id, name: 'Db Test', file_name: `${id}_db test.json` })
    .execute();
  return id;
}
