import { startJobs } from '../features/messages/jobs';
import type { TestContext, TestContextOptions } from './harness';
import { insertSequence, promptFixture as prompt } from './sequence-fixtures';
import { startTestRunJobs, type TestRunJobOptions } from '../features/test-runs/jobs';

/**
 * For the test-run tests: the job queue with the test-run worker on the test database, a three-prompt sequence the
 * local provider walks, and waiting for a run to finish.
 */

export function withTestRunJobs(opts: TestRunJobOptions = {}): TestContextOptions['setup'] {
  return async (deps, handle) => {
    const jobs = await startJobs(deps, handle, { pollingIntervalSeconds: 1 });
    deps.outbox = jobs.outbox;
    const runs = await startTestRunJobs(deps, jobs, opts);
    deps.testRuns = runs.queue;
    return {
      stop: async () => {
        await runs.stop();
        await jobs.stop();
      },
    };
  };
}

export const WALK_PROMPTS = [
  prompt('welcome', {
    prompt: 'Greet the member warmly and ask what they like to be called.',
    trigger_condition: 'The member has shared their name.',
    next_prompt: 'interests',
  }),
  prompt('interests', {
    prompt: 'Ask what hobbies they enjoy in their free time.',
    trigger_condition: 'The member has shared a hobby or interest.',
    next_prompt: 'goodbye',
  }),
  prompt('goodbye', { prompt: 'Thank them and say goodbye warmly.', trigger_condition: '', next_prompt: '' }),
];

export async function insertWalk(ctx: TestContext, name: string) {
  return insertSequence(ctx.db, name, {
    versions: [
      { version: 1, prompts: WALK_PROMPTS },
      { version: 2, prompts: WALK_PROMPTS },
    ],
  });
}

export async function waitForRun(ctx: TestContext, runId: string, cookie: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await ctx.request('GET', `/api/test-runs/${runId}`, { cookie });
    if (res.body?.status === 'done' || res.body?.status === 'failed') return res.body;
    if (Date.now() > until) throw new Error(`run ${runId} still ${res.body?.status} after ${timeoutMs} ms`);
    await Bun.sleep(50);
  }
}
