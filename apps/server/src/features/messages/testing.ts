import type { Config } from '../../config';
import { createTestContext, type TestContext } from '../../test/harness';
import { startJobs, type JobSettings } from './jobs';

/** Quick retries so a test sees the second attempt within a couple of seconds. */
export const TEST_JOB_SETTINGS: Partial<JobSettings> = {
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  pollingIntervalSeconds: 0.5,
};

/** The harness's test context with the real job queue running (one pg-boss per test file). */
export function createMessagingTestContext(opts: { config?: Partial<Config>; jobs?: Partial<JobSettings> } = {}): Promise<TestContext> {
  return createTestContext({
    config: opts.config,
    setup: async (deps, handle) => {
      const jobs = await startJobs(deps, handle, { ...TEST_JOB_SETTINGS, ...opts.jobs });
      deps.outbox = jobs.outbox;
      return jobs;
    },
  });
}

/** Waits until the outbox row has left 'queued'/'sending' for good or for a retry (test helper). */
export async function settled(ctx: TestContext, id: number, timeoutMs = 10_000) {
  const [o] = await ctx.deps.outbox.waitForOutcome(ctx.db, [id], timeoutMs);
  return o;
}
