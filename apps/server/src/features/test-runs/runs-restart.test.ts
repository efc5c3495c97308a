import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startJobs } from '../messages/jobs';
import { createTestContext, type TestContext } from '../../test/harness';
import { insertWalk, waitForRun } from '../../test/test-runs-fixture';
import { startTestRunJobs } from './jobs';

// PRODUCT §10: runs are jobs, so a run survives a restart and no attempt runs twice, even one a gone instance held.
let ctx: TestContext;
let operator: string;
const SEQ = 'Restart Walk';
const executions = new Map<string, number>();
const count = (attemptId: string) => executions.set(attemptId, (executions.get(attemptId) ?? 0) + 1);

/** An instance running one attempt at a time; `stopAfter`: it begins to stop as its n-th attempt starts. */
async function startInstance(stopAfter?: number) {
  let started = 0;
  let stopping: Promise<void> | undefined;
  const onExecute = (attemptId: string) => {
    count(attemptId);
    if (++started === stopAfter) stopping = stop();
  };
  const jobs = await startJobs(ctx.deps, ctx.handle, { pollingIntervalSeconds: 1 });
  const runs = await startTestRunJobs(ctx.deps, jobs, { concurrency: 1, onExecute, recoveryIntervalSeconds: 1 });
  ctx.deps.testRuns = runs.queue;
  const stop = async () => {
    await runs.stop();
    await jobs.stop();
  };
  return { stop: () => (stopping ??= stop()) };
}

const attempts = (runId: string) =>
  ctx.db
    .selectFrom('test_run_attempts')
    .select(['id', 'status', 'tries', 'claimed_by'])
    .where('run_id', '=', runId)
    .orderBy('repeat')
    .execute();

beforeAll(async () => {
  ctx = await createTestContext();
  operator = await ctx.staffCookie('operator');
  await insertWalk(ctx, SEQ);
  const body = { name: 'Long talk', persona: 'Iris, a retired sailor who loves knots.', turnLimit: 6, expect: [{ type: 'mood' }] };
  await ctx.request('POST', `/api/test-cases/${encodeURIComponent(SEQ)}`, { cookie: operator, body });
});

afterAll(async () => {
  await ctx.close();
});

describe('a restart mid-run', () => {
  test('resumes the run: each attempt runs exactly once, one left running by a gone instance included', async () => {
    const first = await startInstance(2);
    const { runId } = (await ctx.request('POST', '/api/test-runs', { cookie: operator, body: { sequence: SEQ, version: 1, repeats: 6 } }))
      .body;
    for (let i = 0; i < 600; i++) {
      if ((await attempts(runId)).filter((a) => a.status === 'passed' || a.status === 'failed').length >= 2) break;
      await Bun.sleep(20);
    }
    // The instance stopped as its second attempt started (that one finished first); the others have not started.
    await first.stop();
    const midway = await attempts(runId);
    const finished = midway.filter((a) => a.status === 'passed' || a.status === 'failed');
    const queued = midway.filter((a) => a.status === 'queued');
    expect(finished).toHaveLength(2);
    expect(queued).toHaveLength(4);
    expect(midway.filter((a) => a.status === 'running')).toEqual([]);
    expect((await ctx.request('GET', `/api/test-runs/${runId}`, { cookie: operator })).body.status).toBe('running');

    // One queued attempt looks as if an instance that then crashed had claimed it.
    const orphan = queued[0].id;
    await ctx.db
      .updateTable('test_run_attempts')
      .set({ status: 'running', claimed_by: 'gone-instance', tries: 1 })
      .where('id', '=', orphan)
      .execute();
    // …and left its scratch member behind.
    await ctx.db
      .insertInto('users')
      .values({ id: `scratch-${orphan}-crashed`, name: 'Test run', file_name: 'test_run.json', scratch: true })
      .execute();
    const before = new Map(executions);

    const second = await startInstance();
    const summary = await waitForRun(ctx, runId, operator);
    await second.stop();
    expect(summary.status).toBe('done');
    expect(summary.cases[0].runs).toBe(6);
    const after = await attempts(runId);
    for (const a of after) {
      expect(executions.get(a.id)).toBe(1);
      expect(a.tries).toBe(a.id === orphan ? 2 : 1);
    }
    expect(await ctx.db.selectFrom('users').select('id').where('scratch', '=', true).execute()).toEqual([]);
    // Those that had finished before the restart were not run again.
    for (const a of finished) expect(executions.get(a.id)).toBe(before.get(a.id)!);
  }, 60_000);
});
