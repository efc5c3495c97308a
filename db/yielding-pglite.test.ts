import { afterAll, beforeAll, expect, test } from 'bun:test';
import { sql } from 'kysely';
import { createTestDatabase } from '../apps/server/src/test/harness';
import type { DatabaseHandle } from './client';

// Runs on PGlite, or on PostgreSQL when DATABASE_URL is set: on both, sockets are served while statements queue.
let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

test('a long chain of statements leaves room for sockets: a request is answered before the chain ends', async () => {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('ok') });
  try {
    const statements = 300;
    let done = 0;
    // Queued at once, as many sessions' sign-in lookups are when a room of pages opens together.
    const chain = Promise.all(Array.from({ length: statements }, () => sql`select 1`.execute(h.db).then(() => void done++)));
    const answeredAfter = await fetch(`http://127.0.0.1:${server.port}/`).then(() => done);
    await chain;
    expect(done).toBe(statements);
    // Without a turn of the event loop between PGlite's statements, the answer came after all 300.
    expect(answeredAfter).toBeLessThan(statements / 2);
  } finally {
    await server.stop(true);
  }
});

test('transactions still see their own statements only, in order', async () => {
  const values = await Promise.all(
    [1, 2, 3].map((n) =>
      h.db.transaction().execute(async (trx) => {
        await sql`create temporary table if not exists yield_t (n int)`.execute(trx);
        await sql`insert into yield_t values (${n})`.execute(trx);
        const { rows } = await sql<{ n: number }>`select n from yield_t order by n`.execute(trx);
        await sql`drop table yield_t`.execute(trx);
        return rows.map((r) => r.n);
      }),
    ),
  );
  expect(values).toEqual([[1], [2], [3]]);
});
