import { createApp } from '../../app';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import { insertSession } from '../auth/repository';
import { userFileName } from '../../lib/users';
import { hashToken, newToken, STAFF_COOKIE, USER_COOKIE } from '../../plugins/auth';
import { createProviders } from '../../providers';
import { createTestDatabase, testConfig, type TestContext } from '../../test/harness';
import { outboxOnly } from './outbox';
import { startJobs, type JobSettings } from './jobs';

/** Quick retries so a test sees the second attempt within a couple of seconds. */
export const TEST_JOB_SETTINGS: Partial<JobSettings> = { retryLimit: 2, retryDelaySeconds: 1, retryDelayMaxSeconds: 2, pollingIntervalSeconds: 0.5 };

/**
 * The harness's test context with the real job queue running (one pg-boss per test file). The harness
 * keeps its database handle to itself and pg-boss needs it (the PGlite instance or the connection
 * string), so this builds the same context around a handle it holds.
 */
export async function createMessagingTestContext(
  opts: { config?: Partial<Config>; jobs?: Partial<JobSettings> } = {},
): Promise<TestContext> {
  const handle = await createTestDatabase();
  const config = testConfig(opts.config);
  const deps: AppDeps = {
    db: handle.db,
    dbKind: handle.kind,
    config,
    providers: createProviders(config),
    outbox: outboxOnly,
  };
  const jobs = await startJobs(deps, handle, { ...TEST_JOB_SETTINGS, ...opts.jobs });
  deps.outbox = jobs.outbox;
  const app = createApp(deps, { webDist: '/nonexistent-web-dist' });
  const staffCookies = new Map<string, string>();
  let userCounter = 0;
  return {
    app,
    deps,
    db: handle.db,
    async request(method, path, { body, cookie, headers = {}, raw } = {}) {
      const h = new Headers(headers);
      if (cookie) h.set('cookie', cookie);
      let payload: BodyInit | undefined = raw;
      if (body !== undefined && raw === undefined) {
        h.set('content-type', 'application/json');
        payload = JSON.stringify(body);
      }
      const res = await app.handle(new Request(`http://hearth.test${path}`, { method, headers: h, body: payload }));
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async staffCookie(role, email = `${role}@hearth.test`) {
      const key = `${role}:${email}`;
      const cached = staffCookies.get(key);
      if (cached) return cached;
      const staff = await handle.db
        .insertInto('staff')
        .values({ email, password_hash: 'not-used-in-tests', role })
        .onConflict((oc) => oc.column('email').doUpdateSet({ role }))
        .returning('id')
        .executeTakeFirstOrThrow();
      const token = newToken();
      await insertSession(handle.db, hashToken(token), { staffId: staff.id }, new Date(Date.now() + 86_400_000));
      const cookie = `${STAFF_COOKIE}=${token}`;
      staffCookies.set(key, cookie);
      return cookie;
    },
    async userCookie(userId) {
      const token = newToken();
      await insertSession(handle.db, hashToken(token), { userId }, new Date(Date.now() + 86_400_000));
      return `${USER_COOKIE}=${token}`;
    },
    async createUser(name, fields = {}) {
      const id = `m${(++userCounter).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const fileName = userFileName(id, name);
      await handle.db
        .insertInto('users')
        .values({ id, name, file_name: fileName, email: fields.email ?? null, phone_number: fields.phone_number ?? null })
        .execute();
      return { id, name, fileName };
    },
    async close() {
      await jobs.stop();
      await handle.close();
    },
  };
}

/** Waits until the outbox row has left 'queued'/'sending' for good or for a retry (test helper). */
export async function settled(ctx: TestContext, id: number, timeoutMs = 10_000) {
  const [o] = await ctx.deps.outbox.waitForOutcome(ctx.db, [id], timeoutMs);
  return o;
}
