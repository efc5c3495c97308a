import { migrateToLatest, openDatabase, DataDirLockedError } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { createApp } from './app';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { ensureStaff } from './features/auth/service';
import { outboxOnly } from './features/messages/outbox';
import { startJobs } from './features/messages/jobs';
import { log } from './log';
import { Shutdown } from './lib/shutdown';
import { createProviders, describeProviders } from './providers';

/** Opens the database, migrates, seeds, creates the admin from the environment and listens. */
export async function startServer(config: Config) {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(handle.db);
  await seed(handle.db);
  const providers = createProviders(config);
  const deps: AppDeps = { db: handle.db, dbKind: handle.kind, config, providers, outbox: outboxOnly, shutdown: new Shutdown(), listen: handle.listen };
  const jobs = await startJobs(deps, handle);
  deps.outbox = jobs.outbox;
  if (config.adminEmail && config.adminPassword) {
    await ensureStaff(deps, config.adminEmail, config.adminPassword, 'admin');
  }
  const app = createApp(deps).listen({ port: config.port, hostname: config.host });
  const url = `http://${config.host}:${app.server?.port}`;
  log.info('listening', { url, database: handle.kind, providers: describeProviders(providers) });
  const stop = async () => {
    await deps.shutdown.run();
    await app.stop();
    await jobs.stop();
    await handle.close();
  };
  return { app, deps, url, stop };
}

export { DataDirLockedError };
