import type { DB, DatabaseKind } from '@hearth/db/client';
import type { Config } from './config';
import type { Providers } from './providers';
import type { Outbox } from './features/messages/outbox';
import type { Shutdown } from './shutdown';

/** What every feature plugin is built from. Created once in index.ts (or per test in test/harness.ts). */
export interface AppDeps {
  db: DB;
  dbKind: DatabaseKind;
  config: Config;
  providers: Providers;
  outbox: Outbox;
  shutdown: Shutdown;
}
