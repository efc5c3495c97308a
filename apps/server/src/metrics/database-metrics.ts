import { Gauge, Registry } from 'prom-client';
import type { DB } from '@hearth/db/client';
import { log } from '../log';
import { jobQueueDepth, OUTBOX_CHANNELS, OUTBOX_STATUSES, outboxCounts, TEST_RUN_STATUSES, testRunCounts, type Count } from './repository';

/** A scrape waits this long for a count; past it the family is left out of that scrape rather than holding it up. */
export const COLLECT_TIMEOUT_MS = 2000;

class CollectTimeout extends Error {
  override name = 'CollectTimeout';
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CollectTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A gauge read from the database when scraped: the same figure whichever instance answers (PRODUCT §12). `zeros`
 * are the series always shown (0 when absent), so a series does not vanish when its count drops to nothing.
 */
function databaseGauge<K extends string>(
  registry: Registry,
  spec: { name: string; help: string; labelNames: readonly K[] },
  read: () => Promise<Count<K>[]>,
  zeros: Record<K, string>[],
  timeoutMs: number,
) {
  return new Gauge<K>({
    name: spec.name,
    help: spec.help,
    labelNames: spec.labelNames,
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const counts = await within(read(), timeoutMs);
        for (const labels of zeros) this.set(labels as never, 0);
        for (const { key, count } of counts) this.set(key as never, count);
      } catch (err) {
        // Left empty: a missing series says "unknown", where a stale or zero one would mislead.
        log.warn('metrics: a database count failed', { metric: spec.name, error: (err as Error)?.name });
      }
    },
  });
}

/** The database's figures, in a registry of their own (one per served database). */
export function databaseRegistry(db: DB, timeoutMs = COLLECT_TIMEOUT_MS): Registry {
  const registry = new Registry();
  databaseGauge(
    registry,
    {
      name: 'hearth_job_queue_depth',
      help: 'Jobs still to do in each job queue (pg-boss), by state: created (waiting), retry (waiting to be retried), active (being worked on). Shared by every instance.',
      labelNames: ['queue', 'state'],
    },
    () => jobQueueDepth(db),
    [],
    timeoutMs,
  );
  databaseGauge(
    registry,
    {
      name: 'hearth_messages',
      help: 'Outbox messages (SMS and e-mail) by channel and state. Shared by every instance.',
      labelNames: ['channel', 'state'],
    },
    () => outboxCounts(db),
    OUTBOX_CHANNELS.flatMap((channel) => OUTBOX_STATUSES.map((state) => ({ channel, state }))),
    timeoutMs,
  );
  databaseGauge(
    registry,
    { name: 'hearth_test_runs', help: 'Test runs by status. Shared by every instance.', labelNames: ['status'] },
    () => testRunCounts(db),
    TEST_RUN_STATUSES.map((status) => ({ status })),
    timeoutMs,
  );
  return registry;
}
