import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { Invalid, NotFound } from '../../errors';
import { findSequence, loadModuleVersion } from '../sequences/lookup';
import { BUDGETS } from './checks';
import { DEFAULT_REPEATS, type TestCase } from './model';
import type { CreateRun } from './run-model';
import * as repo from './run-repository';
import { listCases } from './repository';
import { attemptDetail, caseViews, coverage, progressOf, type AttemptRow } from './run-views';

/** PRODUCT §10 test runs: start one (its attempts go to the job queue), and read it back in three shapes. */

const RUN_LIST_LIMIT = 50;

async function runSequence(deps: AppDeps, name: string) {
  const sequence = await findSequence(deps.db, name);
  if (!sequence || sequence.is_global) throw new NotFound('Sequence not found');
  return sequence;
}

export async function createRun(deps: AppDeps, createdBy: string, body: CreateRun) {
  const sequence = await runSequence(deps, body.sequence);
  const version = await loadModuleVersion(deps.db, sequence.name, body.version);
  if (!version || version.version !== body.version) throw new NotFound(`Version ${body.version} of "${sequence.name}" not found`);
  const cases = await listCases(deps.db, sequence.id);
  let chosen = cases;
  if (body.caseIds) {
    const known = new Map(cases.map((c) => [c.id, c]));
    const unknown = body.caseIds.find((id) => !known.has(id));
    if (unknown !== undefined) throw new Invalid(`No test case "${unknown}" in "${sequence.name}"`);
    chosen = [...new Set(body.caseIds)].map((id) => known.get(id)!);
  }
  if (chosen.length === 0) throw new Invalid(`"${sequence.name}" has no test cases to run`);
  const runId = randomUUID();
  const attempts = chosen.flatMap((c) => {
    const definition = c.definition as Omit<TestCase, 'name'>;
    const repeats = body.repeats ?? definition.repeats ?? DEFAULT_REPEATS;
    const snapshot = { ...definition, name: c.name, repeats };
    return Array.from({ length: repeats }, (_, i) => ({ id: randomUUID(), caseId: c.id, caseName: c.name, snapshot, repeat: i + 1 }));
  });
  await deps.db.transaction().execute(async (trx) => {
    await repo.insertRun(
      trx,
      {
        id: runId,
        sequenceId: sequence.id,
        version: body.version,
        provider: deps.providers.realtime.kind,
        judge: deps.providers.text.kind === 'local' ? 'keywords' : 'model',
        createdBy,
        caseIds: chosen.map((c) => c.id),
        repeats: body.repeats ?? null,
      },
      attempts,
    );
    // In the same transaction: an attempt is queued exactly when its row is committed.
    await deps.testRuns?.enqueue(
      trx,
      attempts.map((a) => a.id),
    );
  });
  return { runId };
}

async function loadRun(deps: AppDeps, runId: string) {
  const run = await repo.findRun(deps.db, runId);
  if (!run) throw new NotFound('Test run not found');
  const attempts = (await repo.runAttempts(deps.db, [runId])) as AttemptRow[];
  return { run, attempts };
}

async function promptsOf(deps: AppDeps, sequence: string, version: number) {
  return (await loadModuleVersion(deps.db, sequence, version))?.prompts ?? [];
}

export async function runSummary(deps: AppDeps, runId: string) {
  const { run, attempts } = await loadRun(deps, runId);
  const cov = coverage(await promptsOf(deps, run.sequence, run.version), attempts);
  return {
    status: run.status,
    sequence: run.sequence,
    version: run.version,
    cases: caseViews(run.case_ids, attempts).map(({ caseId, name, runs, passes, passed, failures }) => ({
      caseId,
      name,
      runs,
      passes,
      passed,
      failures,
    })),
    coverage: { prompts: cov.prompts, edges: cov.edges },
  };
}

export async function runDetail(deps: AppDeps, runId: string) {
  const { run, attempts } = await loadRun(deps, runId);
  const prompts = await promptsOf(deps, run.sequence, run.version);
  return {
    runId: run.id,
    status: run.status,
    sequence: run.sequence,
    version: run.version,
    provider: run.provider,
    judge: run.judge,
    createdAt: new Date(run.created_at).toISOString(),
    finishedAt: run.finished_at ? new Date(run.finished_at).toISOString() : null,
    progress: progressOf(attempts),
    graph: { prompts: prompts.map((p) => ({ name: p.name, next: p.next_prompt, trigger: p.trigger_condition })) },
    budgets: BUDGETS,
    cases: caseViews(run.case_ids, attempts).map(({ list, ...c }) => ({ ...c, attempts: list.map(attemptDetail) })),
    coverage: coverage(prompts, attempts),
  };
}

export async function listRuns(deps: AppDeps, sequenceName: string) {
  const sequence = await runSequence(deps, sequenceName);
  const runs = await repo.listRuns(deps.db, sequence.id, RUN_LIST_LIMIT);
  const attempts = (await repo.runAttempts(
    deps.db,
    runs.map((r) => r.id),
    { results: false },
  )) as (AttemptRow & { run_id: string })[];
  return {
    runs: runs.map((run) => {
      const mine = attempts.filter((a) => a.run_id === run.id);
      const cases = caseViews(run.case_ids, mine);
      return {
        runId: run.id,
        sequence: run.sequence,
        version: run.version,
        status: run.status,
        provider: run.provider,
        createdAt: new Date(run.created_at).toISOString(),
        finishedAt: run.finished_at ? new Date(run.finished_at).toISOString() : null,
        progress: progressOf(mine),
        casesPassed: cases.filter((c) => c.passed).length,
        casesFailed: cases.filter((c) => !c.passed && c.runs === c.repeats).length,
      };
    }),
  };
}
