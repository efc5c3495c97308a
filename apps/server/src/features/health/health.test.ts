import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { postgresHandle, type DatabaseHandle } from '@hearth/db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { healthRoutes } from './routes';

// PRODUCT §9: GET /api/health → { ok, database, providers }; 503 with the same shape when the database is gone.
let ctx: TestContext;
let unreachable: DatabaseHandle;
beforeAll(async () => {
  ctx = await createTestContext();
  // A real PostgreSQL client aimed at a port nothing listens on: every query fails to connect.
  unreachable = postgresHandle('postgres://postgres@127.0.0.1:1/none', 1);
});
afterAll(async () => {
  await unreachable.close().catch(() => {});
  await ctx.close();
});

describe('GET /api/health', () => {
  test('200 with the database kind and the provider of each service', async () => {
    const res = await ctx.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
      providers: { realtime: 'local', text: 'local', sms: 'outbox', email: 'outbox' },
    });
  });

  test('503 with ok: false (the same shape, not a 500) when the database does not answer', async () => {
    const app = healthRoutes({ ...ctx.deps, db: unreachable.db });
    const res = await app.handle(new Request('http://hearth.test/api/health'));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ ok: false, providers: { realtime: 'local' } });
  });
});
