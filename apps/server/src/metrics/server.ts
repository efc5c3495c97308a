import { Registry } from 'prom-client';
import type { DB } from '@hearth/db/client';
import { log } from '../log';
import { databaseRegistry } from './database-metrics';
import { collectProcessMetrics, processRegistry } from './relay-metrics';

/** METRICS_PORT could not be opened (in use, or not allowed): the start stops with this message. */
export class MetricsPortError extends Error {}

export interface MetricsServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * `GET /metrics` in Prometheus text format (PRODUCT §12) on a listener of its own (METRICS_HOST:METRICS_PORT),
 * never on the public port: this process's figures (relay-metrics.ts) and the database's (database-metrics.ts).
 */
export function startMetricsServer(db: DB, at: { host: string; port: number }): MetricsServer {
  collectProcessMetrics();
  const registry = Registry.merge([processRegistry, databaseRegistry(db)]);
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname: at.host,
      port: at.port,
      async fetch(request) {
        if (new URL(request.url).pathname !== '/metrics') return new Response('Not found: the metrics are at /metrics\n', { status: 404 });
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          return new Response('Only GET\n', { status: 405, headers: { allow: 'GET, HEAD' } });
        }
        try {
          const body = await registry.metrics();
          return new Response(body, { headers: { 'content-type': registry.contentType, 'cache-control': 'no-store' } });
        } catch (err) {
          log.error('metrics scrape failed', { error: (err as Error)?.name });
          return new Response('The metrics could not be collected\n', { status: 500 });
        }
      },
    });
  } catch (err) {
    throw new MetricsPortError(
      `METRICS_PORT ${at.port} on ${at.host} could not be opened (${(err as Error)?.message}). Choose another port.`,
    );
  }
  const url = `http://${at.host.includes(':') ? `[${at.host}]` : at.host}:${server.port}/metrics`;
  log.info('metrics listening', { url });
  return { url, stop: () => server.stop(true) };
}
