import type { DB } from '@hearth/db/client';

/**
 * How a new test run's attempts reach the job queue (deps.testRuns, started in jobs.ts); without one they wait
 * as 'queued' until a queue starts (its start enqueues every queued attempt).
 */
export interface TestRunQueue {
  enqueue(db: DB, attemptIds: string[]): Promise<void>;
}
