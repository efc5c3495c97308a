import postgres from 'postgres';
import type { PGlite } from '@electric-sql/pglite';
import { migrateToLatest, newPglite, pgliteHandle, postgresHandle, type DatabaseHandle } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppDeps } from '../deps';
import { outboxOnly } from '../features/messages/outbox';
import { hashToken, newToken, STAFF_COOKIE, USER_COOKIE } from '../plugins/auth';
import { insertSession } from '../features/auth/repository';
import { createProviders } from '../providers';
import { userFileName } from '../features/users/lookup';
import { Shutdown } from '../shutdown';
import type { StaffRole } from '@hearth/db/schema';

/**
 * A fresh, migrated and seeded database for one test file: real PostgreSQL when DATABASE_URL is set
 * (a new database copied from a per-process template), embedded PGlite otherwise (loaded from a dump).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  return url ? createPostgresTestDatabase(url) : createPgliteTestDatabase();
}

let pgliteTemplate: Promise<Blob> | undefined;
async function createPgliteTestDatabase(): Promise<DatabaseHandle> {
  pgliteTemplate ??= (async () => {
    const pg = newPglite();
    const h = pgliteHandle(pg);
    await migrateToLatest(h.db);
    await seed(h.db);
    const dump = await pg.dumpDataDir('none');
    await h.close();
    return dump;
  })();
  const pg: PGlite = newPglite(undefined, await pgliteTemplate);
  await pg.waitReady;
  return pgliteHandle(pg);
}

let pgTemplate: Promise<string> | undefined;
let dbCounter = 0;
async function createPostgresTestDatabase(url: string): Promise<DatabaseHandle> {
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  try {
    pgTemplate ??= (async () => {
      await dropStaleTestDatabases(admin);
      const name = `hearth_tpl_${process.pid}`;
      await admin.unsafe(`drop database if exists ${name}`);
      await admin.unsafe(`create database ${name}`);
      const h = postgresHandle(withDatabase(url, name), 2);
      await migrateToLatest(h.db);
      await seed(h.db);
      await h.close();
      return name;
    })();
    const template = await pgTemplate;
    const name = `hearth_t_${process.pid}_${++dbCounter}_${Date.now() % 100000}`;
    await admin.unsafe(`create database ${name} template ${template}`);
    const h = postgresHandle(withDatabase(url, name), 5);
    const close = h.close;
    h.close = async () => {
      await close();
      const a = postgres(url, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    };
    return h;
  } finally {
    await admin.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function dropStaleTestDatabases(admin: postgres.Sql) {
  const rows = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'hearth_t%'`;
  for (const { datname } of rows) {
    const pid = Number(datname.split('_')[2]);
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = pid !== process.pid;
    } catch {}
    if (!alive && pid !== process.pid) await admin.unsafe(`drop database if exists ${datname} with (force)`).catch(() => {});
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: '/tmp/hearth-test-unused', PUBLIC_URL: 'http://hearth.test', APP_SECRET: 'hearth-test-app-secret' });
  return { ...base, ...overrides };
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  /** The test database (another app instance on the same database opens its own connection from it). */
  handle: DatabaseHandle;
  deps: AppDeps;
  db: AppDeps['db'];
  request(
    method: string,
    path: string,
    opts?: { body?: unknown; cookie?: string; headers?: Record<string, string>; raw?: BodyInit },
  ): Promise<TestResponse>;
  staffCookie(role: StaffRole, email?: string): Promise<string>;
  userCookie(userId: string): Promise<string>;
  createUser(name: string, fields?: { email?: string; phone_number?: string }): Promise<{ id: string; name: string; fileName: string }>;
  close(): Promise<void>;
}

export interface TestResponse {
  status: number;
  body: any;
  headers: Headers;
}

let userCounter = 0;

export interface TestContextOptions {
  config?: Partial<Config>;
  deps?: Partial<AppDeps>;
  /** Runs before the app is built, e.g. to start the job queue; what it returns is stopped at close. */
  setup?: (deps: AppDeps, handle: DatabaseHandle) => Promise<{ stop(): Promise<void> } | void>;
  app?: Omit<NonNullable<Parameters<typeof createApp>[1]>, 'webDist'>;
}

export async function createTestContext(opts: TestContextOptions = {}): Promise<TestContext> {
  const handle = await createTestDatabase();
  const config = testConfig(opts.config);
  const deps: AppDeps = {
    db: handle.db,
    dbKind: handle.kind,
    config,
    providers: createProviders(config),
    outbox: outboxOnly,
    shutdown: new Shutdown(),
    listen: handle.listen,
    ...opts.deps,
  };
  const started = await opts.setup?.(deps, handle);
  const app = createApp(deps, { ...opts.app, webDist: '/nonexistent-web-dist' });
  const staffCookies = new Map<string, string>();
  const ctx: TestContext = {
    app,
    handle,
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
      const id = `t${(++userCounter).toString(36)}${Math.random().toString(36).slice(2, 8)}`;
      const fileName = userFileName(id, name);
      await handle.db
        .insertInto('users')
        .values({ id, name, file_name: fileName, email: fields.email ?? null, phone_number: fields.phone_number ?? null })
        .execute();
      return { id, name, fileName };
    },
    async close() {
      await deps.shutdown.run();
      await started?.stop();
      await handle.close();
    },
  };
  return ctx;
}

/** A new, empty database on the PostgreSQL server of DATABASE_URL, for tests that start a whole server. */
export async function freshPostgresUrl(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `hearth_t_${process.pid}_s${++dbCounter}_${Date.now() % 100000}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  return {
    url: withDatabase(url, name),
    async drop() {
      const a = postgres(url, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
      await a.end();
    },
  };
}
