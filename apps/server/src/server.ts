import { migrateToLatest, openDatabase, DataDirLockedError, type DatabaseHandle } from '@hearth/db/client';
import { seed } from '@hearth/db/seed';
import { createApp } from './app';
import type { Config } from './config';
import type { AppDeps } from './deps';
import { ensureStaff } from './features/auth/service';
import { outboxOnly } from './features/messages/outbox';
import { startJobs } from './features/messages/jobs';
import { startTestRunJobs } from './features/test-runs/jobs';
import { log } from './log';
import { startMetricsServer, type MetricsServer } from './metrics/server';
import { stopTraceExport } from './metrics/trace-export';
import { Shutdown } from './shutdown';
import { createProviders, describeProviders } from './providers';

function depsFor(config: Config, handle: DatabaseHandle): AppDeps {
  return {
    db: handle.db,
    dbKind: handle.kind,
    config,
    providers: createProviders(config),
    outbox: outboxOnly,
    shutdown: new Shutdown(),
    listen: handle.listen,
  };
}

/** Migrations, seed and the admin from the environment: once per start, before any server process listens. */
export async function prepareDatabase(config: Config, open?: DatabaseHandle): Promise<void> {
  const handle = open ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  try {
    await migrateToLatest(handle.db);
    await seed(handle.db);
    if (config.adminEmail && config.adminPassword) {
      await ensureStaff(depsFor(config, handle), config.adminEmail, config.adminPassword, 'admin');
    }
  } finally {
    if (!open) await handle.close();
  }
}

/**
 * Opens the database, prepares it (unless a WORKERS primary already did: `prepared`) and listens. The port is
 * opened with reusePort so that WORKERS processes share it (PRODUCT §8). With METRICS_PORT set it serves the
 * metrics too, unless `metrics: false` (WORKERS: only worker 1 serves them, index.ts).
 */
export async function startServer(config: Config, opts: { prepared?: boolean; metrics?: boolean } = {}) {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  if (!opts.prepared) await prepareDatabase(config, handle);
  const deps = depsFor(config, handle);
  let metrics: MetricsServer | null = null;
  try {
    // Before anything else listens: a metrics port that cannot be opened stops the start with a clear message.
    if (config.metrics && opts.metrics !== false) metrics = startMetricsServer(deps.db, config.metrics);
  } catch (err) {
    await handle.close();
    throw err;
  }
  const jobs = await startJobs(deps, handle);
  deps.outbox = jobs.outbox;
  const testRuns = await startTestRunJobs(deps, jobs);
  deps.testRuns = testRuns.queue;
  const app = createApp(deps).listen({ port: config.port, hostname: config.host, reusePort: true });
  const url = `http://${config.host}:${app.server?.port}`;
  log.info('listening', { url, database: handle.kind, providers: describeProviders(deps.providers), pid: process.pid });
  const stop = async () => {
    await metrics?.stop();
    await deps.shutdown.run();
    await app.stop();
    await stopTraceExport();
    await testRuns.stop();
    await jobs.stop();
    await handle.close();
  };
  return { app, deps, url, metricsUrl: metrics?.url, boss: jobs.boss, stop };
}

export { DataDirLockedError };
