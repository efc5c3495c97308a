import type { DB, DatabaseKind, Listen } from '@hearth/db/client';
import type { Config } from './config';
import type { Providers } from './providers';
import type { Outbox } from './features/messages/outbox';
import type { TestRunQueue } from './features/test-runs/queue';
import type { Shutdown } from './shutdown';

/** What every feature plugin is built from. Created once in index.ts (or per test in test/harness.ts). */
export interface AppDeps {
  db: DB;
  dbKind: DatabaseKind;
  config: Config;
  providers: Providers;
  outbox: Outbox;
  /** Where new test runs' attempts are queued (PRODUCT §10); absent until the job queue starts. */
  testRuns?: TestRunQueue;
  shutdown: Shutdown;
  /** LISTEN/NOTIFY on the database, for signals between instances; without it they travel by polling alone. */
  listen?: Listen;
}
