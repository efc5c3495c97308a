import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { createTestContext, testConfig, type TestContext } from '../../test/harness';
import { hashToken, newToken } from '../../plugins/auth';
import { updateStaff } from '../staff/repository';
import { credentialsChanged } from './credentials';
import { findStaffByEmail, insertStaffSession } from './repository';
import { ensureStaff } from './service';

// A change of credentials (password reset, disable, a new ADMIN_PASSWORD at start) ends every sign-in made with the
// old ones, including a sign-in that had already checked the old password when the change happened (issue 21 #17).
let ctx: TestContext;
let n = 0;
const uniqueEmail = (p = 'cred') => `${p}${++n}.${Math.random().toString(36).slice(2, 6)}@hearth.test`;

beforeAll(async () => {
  ctx = await createTestContext({ config: { limits: { ...testConfig().limits, loginAttemptsPerMinute: 1000 } } });
});
afterAll(() => ctx.close());

async function signIn(email: string, password: string) {
  const res = await ctx.request('POST', '/api/auth/login', { body: { email, password } });
  return { status: res.status, body: res.body, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] };
}
const me = async (cookie: string) => (await ctx.request('GET', '/api/auth/me', { cookie })).status;

async function account(password: string) {
  const email = uniqueEmail();
  await ensureStaff(ctx.deps, email, password, 'operator');
  return { email, id: (await findStaffByEmail(ctx.db, email))!.id };
}

describe('a sign-in in flight when the password changes', () => {
  test('a session written with the credential version read before a change is not written', async () => {
    const { email, id } = await account('the old password');
    const read = (await findStaffByEmail(ctx.db, email))!;
    await ctx.db.transaction().execute((trx) => credentialsChanged(trx, id));
    const token = newToken();
    expect(await insertStaffSession(ctx.db, hashToken(token), id, read.credential_version, new Date(Date.now() + 60_000))).toBe(false);
    expect(await ctx.db.selectFrom('sessions').select('token_hash').where('token_hash', '=', hashToken(token)).execute()).toEqual([]);
    // With the current version it is written.
    const current = (await findStaffByEmail(ctx.db, email))!.credential_version;
    expect(current).toBe(read.credential_version + 1);
    expect(await insertStaffSession(ctx.db, hashToken(newToken()), id, current, new Date(Date.now() + 60_000))).toBe(true);
  });

  test.skipIf(!process.env.DATABASE_URL)(
    'a reset that commits after the sign-in checked the old password and before it saved its session leaves no session',
    async () => {
      const { email, id } = await account('the old password');
      const newHash = await Bun.password.hash('the new password', { algorithm: 'argon2id' });
      let blocked!: () => void;
      const loginIsWaiting = new Promise<void>((r) => (blocked = r));
      let login!: Promise<Awaited<ReturnType<typeof signIn>>>;
      // The reset, as the product does it (new hash, then credentialsChanged), in a transaction that first holds the
      // sessions table: the sign-in has read and verified the old hash and waits at writing its session until the
      // reset has committed.
      await ctx.db.transaction().execute(async (trx) => {
        await sql`lock table sessions in share row exclusive mode`.execute(trx);
        login = signIn(email, 'the old password');
        void waitForSessionInsertToWait().then(blocked);
        await loginIsWaiting;
        await updateStaff(trx, id, { passwordHash: newHash });
        await credentialsChanged(trx, id);
      });
      const result = await login;
      expect(result.status).toBe(401);
      expect(result.body).toEqual({ error: 'Invalid e-mail or password' });
      expect(await ctx.db.selectFrom('sessions').select('token_hash').where('staff_id', '=', id).execute()).toEqual([]);
      if (result.cookie) expect(await me(result.cookie)).toBe(401);
      expect((await signIn(email, 'the new password')).status).toBe(200);
    },
    30_000,
  );
});

/** Resolves once a session insert waits for a lock (the sign-in has checked the password by then). */
async function waitForSessionInsertToWait() {
  for (let i = 0; i < 300; i++) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike 'insert into "sessions"%'`.execute(ctx.db);
    if (rows[0].n >= 1) return;
    await Bun.sleep(20);
  }
  throw new Error('the sign-in never reached its session insert');
}

describe('ADMIN_EMAIL / ADMIN_PASSWORD at start', () => {
  test('another password ends the sessions of that admin; the same password keeps them', async () => {
    const { email } = await account('password at first start');
    const first = await signIn(email, 'password at first start');
    expect(await me(first.cookie)).toBe(200);

    await ensureStaff(ctx.deps, email, 'password at first start', 'admin');
    expect(await me(first.cookie)).toBe(200);

    await ensureStaff(ctx.deps, email, 'password at second start', 'admin');
    expect(await me(first.cookie)).toBe(401);
    expect((await signIn(email, 'password at first start')).status).toBe(401);
    const second = await signIn(email, 'password at second start');
    expect(second.body).toEqual({ email, role: 'admin' });
  }, 30_000);

  test('a blank-looking ADMIN_PASSWORD stops the start with a clear error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hearth-admin-pw-'));
    const { DATABASE_URL: _ignored, ...env } = process.env;
    const child = Bun.spawn([process.execPath, resolve(import.meta.dir, '../../index.ts')], {
      env: { ...env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ADMIN_EMAIL: 'admin@hearth.test', ADMIN_PASSWORD: ' '.repeat(12) },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    try {
      expect(await Promise.race([child.exited, Bun.sleep(20_000).then(() => 'still running')])).toBe(1);
      const stderr = await new Response(child.stderr).text();
      expect(stderr.trim()).toBe(
        'ADMIN_PASSWORD is refused: The password must have at least 12 characters that are not spaces. Set another one and start again.',
      );
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
