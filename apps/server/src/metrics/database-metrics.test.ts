import { afterAll, beforeAll, expect, test } from 'bun:test';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { createTestContext, type TestContext } from '../test/harness';
import { databaseRegistry } from './database-metrics';

// A database without the job queue's tables (pg-boss never started on it): that family fails, the others answer.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

test('a count that fails leaves its family empty for that scrape and the others answer', async () => {
  const text = await databaseRegistry(ctx.db).metrics();
  const families = new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f]));
  // Declared, with no sample: "unknown", never a stale or made-up zero.
  expect(text).toContain('# TYPE hearth_job_queue_depth gauge');
  expect(families.get('hearth_job_queue_depth')?.metrics ?? []).toEqual([]);
  expect(families.get('hearth_messages')?.metrics).toHaveLength(18);
  expect(
    families
      .get('hearth_test_runs')
      ?.metrics.map((m) => m.labels?.status)
      .sort(),
  ).toEqual(['done', 'failed', 'queued', 'running']);
});
