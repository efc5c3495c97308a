import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A started server holds only what serving needs. Faker (test users), the Twilio SDK (SMS), nodemailer
 * (e-mail) and React Email (rendering) are loaded with their first use: together they were about 30 MB and
 * 380,000 objects of heap, which every garbage collection of a relay process walked (bench:relay's RSS fell
 * from about 188 to 134 MB at 500 streams without them). Only Twilio's webhook module, for signatures, loads.
 */
const HEAVY = [
  '@faker-js/faker',
  'node_modules/twilio/lib/rest',
  'node_modules/nodemailer',
  '@react-email',
  'prismjs',
  'emails/render',
  // Trace export (PRODUCT §12) loads the OpenTelemetry SDK only with OTEL_EXPORTER_OTLP_ENDPOINT set, on the first
  // turn. (@opentelemetry/api itself is loaded by prom-client, for /metrics.)
  '@opentelemetry/sdk-trace',
  '@opentelemetry/resources',
  '@opentelemetry/exporter-trace-otlp-http',
  '@opentelemetry/otlp-',
];

test('a started server has not loaded the libraries it only needs on first use; the first test user loads faker', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearth-footprint-'));
  try {
    const script = `
      await import(${JSON.stringify(join(import.meta.dir, 'index.ts'))});
      const heavyOf = () => Object.keys(require.cache).filter((k) => ${JSON.stringify(HEAVY)}.some((h) => k.includes(h)));
      const total = Object.keys(require.cache).length;
      const heavy = heavyOf();
      // First use in a fresh process: the local provider loads faker itself (in-process tests may have loaded it).
      const { localText } = await import(${JSON.stringify(join(import.meta.dir, 'providers/text-ai-local.ts'))});
      const user = JSON.parse((await localText().complete({ task: 'test_user_generation', instructions: '', input: 'seed', temperature: 1 })).text);
      const fakerAfter = heavyOf().some((k) => k.includes('@faker-js/faker'));
      console.log(JSON.stringify({ total, heavy, userName: user.name, fakerAfter }));
      process.exit(0);`;
    const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
    // PGlite in its own data directory: the footprint does not depend on the database.
    delete env.DATABASE_URL;
    delete env.WORKERS;
    delete env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    const proc = Bun.spawn(['bun', '-e', script], { env, stdout: 'pipe', stderr: 'pipe' });
    const [out, exit] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
    expect(exit).toBe(0);
    const line = out.split('\n').find((l) => l.startsWith('{"total"'));
    const { total, heavy, userName, fakerAfter } = JSON.parse(line ?? '{}') as {
      total: number;
      heavy: string[];
      userName: unknown;
      fakerAfter: boolean;
    };
    expect(total).toBeGreaterThan(100); // the server really started: its own modules are listed
    expect(heavy).toEqual([]);
    // The first local test user loads faker on demand and is generated.
    expect(typeof userName).toBe('string');
    expect(fakerAfter).toBe(true);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}, 60_000);
