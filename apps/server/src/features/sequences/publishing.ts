import type { DB } from '@hearth/db/client';
import type { StaffIdentity } from '../../plugins/auth';
import { Conflict, Forbidden, Invalid, NotFound } from '../../errors';
import { findSequence } from './lookup';
import * as repo from './repository';

/**
 * PRODUCT §10 published versions: members get the one published version of a sequence; staff publish (rolling back
 * is publishing an older one), and every publish is kept with who and when.
 */

export const GATE_CLOSED = 'This sequence requires a passing test run before publishing; none exists yet';

async function moduleSequence(db: DB, name: string) {
  const sequence = await findSequence(db, name);
  if (!sequence) throw new NotFound('Sequence not found');
  if (sequence.is_global) throw new Invalid('global_prompt.json is not published: every chat uses its highest version');
  return sequence;
}

/**
 * Operators and admins publish; only an admin may `force` past the gate (`require_tests`), and a forced publish is
 * recorded as such. Test runs do not exist yet, so with the gate on no run can have passed: 409 unless forced.
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
    if (state.require_tests && !force) throw new Conflict(GATE_CLOSED, { failing: [] });
    await repo.publishVersion(trx, sequence.id, version, staff.email, state.require_tests && force);
    return { published: version };
  });
}

/**
 * The published version, the gate setting, and per version who published it last and when (null: never
 * published; publishedBy null: published at the migration). `lastRun` stays null until test runs exist.
 */
export async function getSequenceStatus(db: DB, name: string) {
  const sequence = await moduleSequence(db, name);
  const [state, versions, publications] = await Promise.all([
    repo.publishingState(db, sequence.id),
    repo.listVersions(db, sequence.id),
    repo.listPublications(db, sequence.id),
  ]);
  const last = new Map(publications.map((p) => [p.version, p]));
  return {
    published: state.published_version,
    requireTests: state.require_tests,
    versions: versions.map((v) => {
      const p = last.get(v.version);
      return {
        version: v.version,
        publishedAt: p ? new Date(p.published_at).toISOString() : null,
        publishedBy: p?.published_by ?? null,
        lastRun: null,
      };
    }),
  };
}

export async function setSequenceSettings(db: DB, name: string, requireTests: boolean) {
  const sequence = await moduleSequence(db, name);
  await repo.setRequireTests(db, sequence.id, requireTests);
  return { requireTests };
}
