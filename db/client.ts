import { closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Kysely, PGliteDialect, sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import { PostgresJSDialect } from 'kysely-postgres-js';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema';
import { migrations } from './migrations';
import { tryLockFile, unlockFile } from './file-lock';
import { yieldingPglite } from './yielding-pglite';

export type DatabaseKind = 'pglite' | 'postgres';
export type DB = Kysely<Database>;

export interface DatabaseHandle {
  db: DB;
  kind: DatabaseKind;
  /** Set when running on embedded PGlite (the job queue needs it). */
  pglite?: PGlite;
  /** Set when running on a real server. */
  connectionString?: string;
  /** LISTEN on a channel; resolves to the function that stops listening. */
  listen: Listen;
  close(): Promise<void>;
}

export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>;

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Both drivers must hand back the same JavaScript types: int8 (count(), bigserial) and numeric as
// numbers, jsonb as parsed values, timestamptz as Date.
const pgliteParsers = { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) };

export function newPglite(dataDir?: string, loadDataDir?: Blob): PGlite {
  return new PGlite({ dataDir, loadDataDir, parsers: pgliteParsers });
}

export function pgliteHandle(pglite: PGlite): DatabaseHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite: yieldingPglite(pglite) }) });
  return {
    db,
    kind: 'pglite',
    pglite,
    // PGlite delivers notifications in-process, which is all it needs: it is one process's database.
    listen: async (channel, onMessage) => {
      const unlisten = await pglite.listen(channel, onMessage);
      return () => (pglite.closed ? Promise.resolve() : unlisten());
    },
    close: async () => {
      await db.destroy().catch(() => {});
      if (!pglite.closed) await pglite.close();
    },
  };
}

export function postgresHandle(connectionString: string, max = 10): DatabaseHandle {
  const client = postgres(connectionString, {
    max,
    onnotice: () => {},
    types: {
      bigint: { to: INT8_OID, from: [INT8_OID], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
      numeric: { to: NUMERIC_OID, from: [NUMERIC_OID], serialize: (v: number) => String(v), parse: (v: string) => Number(v) },
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresJSDialect({ postgres: client }) });
  // postgres.js listens on a connection of its own, outside the pool, and re-listens after a reconnect.
  const listen: Listen = async (channel, onMessage) => {
    const { unlisten } = await client.listen(channel, onMessage);
    return unlisten;
  };
  // Closing waits at most 5 s for running queries, then drops the connections (the listener's included, which
  // postgres.js otherwise may keep open after its last UNLISTEN).
  return { db, kind: 'postgres', connectionString, listen, close: () => client.end({ timeout: 5 }) };
}

/**
 * Refuses a second server on one DATA_DIR: PGlite has no lock of its own and two writers lose data.
 * An advisory lock (flock) on DATA_DIR/server.lock, held on an fd kept open for the process's life: the
 * kernel drops it the moment the process dies, even by kill -9 (a pid file was still "alive" as a zombie
 * or a reused pid, and refused restarts after a crash). The file holds the pid only for the message.
 */
const heldLocks = new Set<string>();

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, 'server.lock');
  if (heldLocks.has(lockPath)) {
    throw new DataDirLockedError(`This process already runs a Hearth server on DATA_DIR ${resolve(dataDir)}.`);
  }
  const fd = openSync(lockPath, constants.O_RDWR | constants.O_CREAT, 0o644);
  if (!tryLockFile(fd)) {
    let pid = '';
    try {
      pid = readFileSync(lockPath, 'utf8').trim();
    } catch {}
    closeSync(fd);
    throw new DataDirLockedError(
      `Another Hearth server${/^\d+$/.test(pid) ? ` (pid ${pid})` : ''} is already using DATA_DIR ${resolve(dataDir)}. ` +
        'Stop it first, or start this one with a different DATA_DIR.',
    );
  }
  ftruncateSync(fd, 0);
  writeSync(fd, String(process.pid), 0);
  heldLocks.add(lockPath);
  return () => {
    if (!heldLocks.delete(lockPath)) return;
    // The file stays: unlinking it would let a third process lock a fresh inode while one waits on the old.
    unlockFile(fd);
    closeSync(fd);
  };
}

export class DataDirLockedError extends Error {}

/** Opens the database the configuration names: DATABASE_URL if set, else PGlite under DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return postgresHandle(opts.databaseUrl);
  const unlock = lockDataDir(opts.dataDir);
  const pgDir = join(opts.dataDir, 'pglite');
  try {
    const pglite = newPglite(pgDir);
    await pglite.waitReady;
    const handle = pgliteHandle(pglite);
    const close = handle.close;
    handle.close = async () => {
      await close();
      unlock();
    };
    return handle;
  } catch (err) {
    unlock();
    throw err;
  }
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String((error as Error)?.message ?? error)}`);
  }
}

export async function ping(db: DB): Promise<boolean> {
  const r = await sql<{ ok: number }>`select 1 as ok`.execute(db);
  return r.rows[0]?.ok === 1;
}
