import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from './config';
import { startServer } from './server';
import { freshPostgresUrl } from './test/harness';

// The whole server as `bun start` runs it: migrations, seed, ADMIN_EMAIL/ADMIN_PASSWORD, health.
const dataDir = mkdtempSync(join(tmpdir(), 'hearth-server-'));
const pg = process.env.DATABASE_URL ? await freshPostgresUrl(process.env.DATABASE_URL) : undefined;
afterAll(async () => {
  await pg?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

function config(password: string) {
  return loadConfig({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url,
    ADMIN_EMAIL: 'Boss@Example.com',
    ADMIN_PASSWORD: password,
    LOG_LEVEL: 'silent',
  });
}

async function login(url: string, password: string) {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'boss@example.com', password }),
  });
  return res.status;
}

describe('server start', () => {
  test('creates the admin from the environment, and resets the password at the next start', async () => {
    const first = await startServer(config('first-password'));
    try {
      const health = await (await fetch(`${first.url}/api/health`)).json();
      expect(health).toEqual({
        ok: true,
        database: pg ? 'postgres' : 'pglite',
        providers: { realtime: 'local', text: 'local', sms: 'outbox', email: 'outbox' },
      });
      expect(await login(first.url, 'first-password')).toBe(200);
      // METRICS_PORT unset: no metrics listener (PRODUCT §12).
      expect(first.metricsUrl).toBeUndefined();
    } finally {
      await first.stop();
    }
    const second = await startServer(config('second-password'));
    try {
      expect(await login(second.url, 'first-password')).toBe(401);
      expect(await login(second.url, 'second-password')).toBe(200);
      // Seeding at every start adds nothing twice.
      const seqs = await second.deps.db.selectFrom('sequences').select('name').execute();
      expect(seqs.filter((s) => s.name === 'Get to Know You')).toHaveLength(1);
    } finally {
      await second.stop();
    }
  });
});
