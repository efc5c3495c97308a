import type { DB } from '@hearth/db/client';
import * as repo from './run-repository';
import { caseViews, type AttemptRow } from './run-views';

/**
 * The public read side of test runs for other features (PRODUCT §10's gate and sequence status): per version, its
 * latest finished ('done') run and how its cases fared.
 */

export interface VersionRun {
  runId: string;
  /** Case ids that passed / did not, of the cases the run covered. */
  passedCaseIds: string[];
  failedCaseIds: string[];
}

export async function latestDoneRunsByVersion(db: DB, sequenceId: number): Promise<Map<number, VersionRun>> {
  const runs = await repo.latestDoneRuns(db, sequenceId);
  const attempts = (await repo.runAttempts(
    db,
    runs.map((r) => r.id),
    { results: false },
  )) as (AttemptRow & { run_id: string })[];
  const out = new Map<number, VersionRun>();
  for (const run of runs) {
    const cases = caseViews(
      run.case_ids,
      attempts.filter((a) => a.run_id === run.id),
    );
    out.set(run.version, {
      runId: run.id,
      passedCaseIds: cases.filter((c) => c.passed).map((c) => c.caseId),
      failedCaseIds: cases.filter((c) => !c.passed).map((c) => c.caseId),
    });
  }
  return out;
}

/** The sequence's current cases (id and name), for the gate's list of failing names. */
export const currentCases = (db: DB, sequenceId: number) => repo.casesOf(db, sequenceId);
