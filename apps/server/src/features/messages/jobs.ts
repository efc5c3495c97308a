import type { DatabaseHandle } from '@hearth/db/client';
import type { AppDeps } from '../../deps';
import { outboxOnly, type Outbox } from './outbox';

/** Starts the job queue that sends outbox messages. Replaced by the pg-boss worker. */
export async function startJobs(_deps: AppDeps, _handle: DatabaseHandle): Promise<{ outbox: Outbox; stop(): Promise<void> }> {
  return { outbox: outboxOnly, stop: async () => {} };
}
