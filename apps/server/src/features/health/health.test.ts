import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { postgresHandle, type DatabaseHandle } from '@hearth/db/client';
import { createTestContext, type TestContext } from '../../test/harness';
import { loadConfig } from '../../config';
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

// Issue 21 item 7: the contact address is configuration, and with none configured the pages show none.
describe('GET /api/public-config', () => {
  test('no CONTACT_EMAIL: no address (the pages then point to the organizer instead)', async () => {
    const res = await ctx.request('GET', '/api/public-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contactEmail: null });
  });

  test('CONTACT_EMAIL is answered to anyone, without a sign-in', async () => {
    const app = healthRoutes({ ...ctx.deps, config: loadConfig({ CONTACT_EMAIL: ' hello@community.org ' }) });
    const res = await app.handle(new Request('http://hearth.test/api/public-config'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contactEmail: 'hello@community.org' });
  });

  test('a CONTACT_EMAIL that is not a plain address stops the start with a clear message', () => {
    expect(() => loadConfig({ CONTACT_EMAIL: 'Hearth <hello@community.org>' })).toThrow(/CONTACT_EMAIL must be a plain e-mail address/);
    expect(() => loadConfig({ CONTACT_EMAIL: 'javascript:alert(1)' })).toThrow(/CONTACT_EMAIL/);
    expect(loadConfig({ CONTACT_EMAIL: '' }).contactEmail).toBeUndefined();
  });
});
