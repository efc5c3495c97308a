import { loadConfig } from './config';
import { DataDirLockedError, startServer } from './server';
import { announcedUrl } from './plugins/origin';

const config = loadConfig();
try {
  const { url, stop, deps } = await startServer(config);
  const shown = announcedUrl(config, url);
  console.log(`\nHearth is running at ${shown}`);
  console.log(`  database: ${deps.dbKind === 'pglite' ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
  console.log(`  providers: ${deps.providers.realtime.kind === 'local' ? 'local (no OPENAI_API_KEY set)' : 'OpenAI'}`);
  if (config.adminEmail && config.adminPassword) {
    console.log(`  sign in at ${shown}/login with ADMIN_EMAIL and ADMIN_PASSWORD`);
  } else {
    console.log('  no admin account was created: start with ADMIN_EMAIL=you@example.com ADMIN_PASSWORD=… to create one,');
    console.log(`  then sign in at ${shown}/login`);
  }
  const shutdown = async () => {
    await stop().catch(() => {});
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
