import type { DB } from '@hearth/db/client';
import type { StoredTurnDetection } from '@hearth/db/schema';
import type { StaffIdentity } from '../../plugins/auth';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors';
import { currentCases, latestDoneRunsByVersion } from '../test-runs/lookup';
import { findSequence } from './lookup';
import * as repo from './repository';

/**
 * PRODUCT §10 published versions: members get the one published version of a sequence; staff publish (rolling back
 * is publishing an older one), and every publish is kept with who and when.
 */

export const GATE_CLOSED = 'This sequence requires a passing test run before publishing; none exists yet';

/**
 * The gate (PRODUCT §10): version V may be published when its latest finished run covered every current case of
 * the sequence and every one passed. Null when it may; else why not and the failing case names (failed, or not run).
 */
async function gateRefusal(db: DB, sequenceId: number, version: number): Promise<{ error: string; failing: string[] } | null> {
  const [cases, runs] = await Promise.all([currentCases(db, sequenceId), latestDoneRunsByVersion(db, sequenceId)]);
  const run = runs.get(version);
  if (!run) {
    return {
      error: cases.length ? `Version ${version} has no finished test run; run its test cases before publishing` : GATE_CLOSED,
      failing: cases.map((c) => c.name),
    };
  }
  const passed = new Set(run.passedCaseIds);
  const failing = cases.filter((c) => !passed.has(c.id)).map((c) => c.name);
  if (failing.length === 0) return null;
  return {
    error: `Version ${version} cannot be published: in its latest finished test run these cases failed or were not run: ${failing.join(', ')}`,
    failing,
  };
}

async function moduleSequence(db: DB, name: string) {
  const sequence = await findSequence(db, name);
  if (!sequence) throw new NotFound('Sequence not found');
  if (sequence.is_global) throw new Invalid('global_prompt.json is not published: every chat uses its highest version');
  return sequence;
}

/**
 * Operators and admins publish; only an admin may `force` past the gate (`require_tests`, see gateRefusal), and a
 * publish the gate would have refused is recorded as forced.
 */
export async function publishSequence(db: DB, staff: StaffIdentity, name: string, version: number, force: boolean) {
  if (force && staff.role !== 'admin') throw new Forbidden('Only admins can force a publish');
  return db.transaction().execute(async (trx) => {
    const sequence = await moduleSequence(trx, name);
    await repo.lockSequence(trx, sequence.id);
    const row = await repo.findVersion(trx, sequence.id, version);
    if (!row) throw new Invalid(`Version ${version} not found`);
    if (row.archived) throw new Invalid(`Version ${version} is archived; unarchive it before publishing`);
    const state = await repo.publishingState(trx, sequence.id);
    const refusal = state.require_tests ? await gateRefusal(trx, sequence.id, version) : null;
    if (refusal && !force) throw new Conflict(refusal.error, { failing: refusal.failing });
    await repo.publishVersion(trx, sequence.id, version, staff.email, refusal !== null);
    return { published: version };
  });
}

/**
 * The published version, the gate setting, and per version who published it last and when (null: never
 * published; publishedBy null: published at the migration), and its latest finished test run's case counts.
 */
export async function getSequenceStatus(db: DB, name: string) {
  const sequence = await moduleSequence(db, name);
  const [state, versions, publications, runs] = await Promise.all([
    repo.publishingState(db, sequence.id),
    repo.listVersions(db, sequence.id),
    repo.listPublications(db, sequence.id),
    latestDoneRunsByVersion(db, sequence.id),
  ]);
  const last = new Map(publications.map((p) => [p.version, p]));
  return {
    published: state.published_version,
    requireTests: state.require_tests,
    turnDetection: state.turn_detection ?? null,
    wellbeing: state.wellbeing,
    versions: versions.map((v) => {
      const p = last.get(v.version);
      const run = runs.get(v.version);
      return {
        version: v.version,
        publishedAt: p ? new Date(p.published_at).toISOString() : null,
        publishedBy: p?.published_by ?? null,
        lastRun: run ? { runId: run.runId, passed: run.passedCaseIds.length, failed: run.failedCaseIds.length } : null,
      };
    }),
  };
}

/** The sequence's publishing history, newest first: rollbacks and admins' overrides of the gate show here. */
export async function listSequencePublications(db: DB, name: string) {
  const sequence = await moduleSequence(db, name);
  const rows = await repo.listPublications(db, sequence.id);
  return {
    publications: rows.reverse().map((p) => ({
      version: p.version,
      publishedAt: new Date(p.published_at).toISOString(),
      publishedBy: p.published_by,
      forced: p.forced,
    })),
  };
}

/**
 * PRODUCT §10's gate, (issue 23) the members' turn detection and (issue 24) the loneliness scale's tool; a body may
 * set any of them.
 */
export async function setSequenceSettings(
  db: DB,
  name: string,
  settings: { requireTests?: boolean; turnDetection?: StoredTurnDetection; wellbeing?: boolean },
) {
  if (settings.requireTests === undefined && settings.turnDetection === undefined && settings.wellbeing === undefined) {
    throw new Invalid('Send requireTests, turnDetection or wellbeing');
  }
  const sequence = await moduleSequence(db, name);
  const row = await repo.setSettings(db, sequence.id, settings);
  return { requireTests: row.require_tests, turnDetection: row.turn_detection ?? null, wellbeing: row.wellbeing };
}
