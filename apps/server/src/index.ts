import { loadConfig } from './config';
import { passwordProblem } from './features/auth/credentials';
import { FALLBACK_MODEL, unpricedModel } from './features/costs/pricing';
import { DataDirLockedError, startServer } from './server';
import { MetricsPortError } from './metrics/server';
import { announcedUrl } from './plugins/origin';
import { reportToPrimary, runPrimary, WORKER_ENV, workersProblem } from './workers';

const config = loadConfig();
const adminPassword = config.adminEmail && config.adminPassword ? passwordProblem(config.adminPassword) : null;
const problem =
  workersProblem(config) ?? (adminPassword ? `ADMIN_PASSWORD is refused: ${adminPassword}. Set another one and start again.` : null);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const isWorker = process.env[WORKER_ENV] !== undefined;
// Workers cannot share the metrics port: worker 1 serves it, and its in-process figures are its own (README).
const servesMetrics = !isWorker || process.env[WORKER_ENV] === '1';

function banner(url: string, databaseKind: string, realtime: string, workerPids: number[] = [], metricsUrl?: string) {
  const shown = announcedUrl(config, url);
  console.log(`\nHearth is running at ${shown}`);
  console.log(`  database: ${databaseKind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  console.log(`  providers: ${realtime === 'local' ? 'local (no OPENAI_API_KEY set)' : 'OpenAI'}`);
  if (workerPids.length) console.log(`  workers: ${workerPids.length} processes sharing the port (pids ${workerPids.join(', ')})`);
  const unpriced = realtime === 'openai' ? unpricedModel(config.priceTable, config.openaiRealtimeModel) : null;
  if (unpriced) console.log(`  costs: no price for ${unpriced} in PRICE_TABLE; priced as ${FALLBACK_MODEL} until one is added`);
  if (metricsUrl) console.log(`  metrics: ${metricsUrl}`);
  else if (config.metrics) console.log(`  metrics: ${config.metrics.host}:${config.metrics.port}/metrics, served by worker 1`);
  if (config.adminEmail && config.adminPassword) {
    console.log(`  sign in at ${shown}/login with ADMIN_EMAIL and ADMIN_PASSWORD`);
  } else {
    console.log('  no admin account was created: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=… to create one,');
    console.log(`  then sign in at ${shown}/login`);
  }
}

try {
  if (config.workers > 1 && !isWorker) {
    const primary = await runPrimary(config);
    banner(primary.url, 'postgres', config.openaiApiKey ? 'openai' : 'local', primary.pids());
  } else {
    const { url, stop, deps, metricsUrl } = await startServer(config, { prepared: isWorker, metrics: servesMetrics });
    let stopping = false;
    const shutdown = async () => {
      if (stopping) return;
      stopping = true;
      await stop().catch(() => {});
      process.exit(0);
    };
    process.on('SIGTERM', shutdown);
    // Ctrl-C reaches the whole process group: a worker leaves it to the primary, which stops workers with SIGTERM.
    process.on('SIGINT', isWorker ? () => {} : shutdown);
    if (isWorker) reportToPrimary(url, () => void shutdown());
    else banner(url, deps.dbKind, deps.providers.realtime.kind, [], metricsUrl);
  }
} catch (err) {
  if (err instanceof DataDirLockedError || err instanceof MetricsPortError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
