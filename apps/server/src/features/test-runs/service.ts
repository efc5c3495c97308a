import type { DB } from '@hearth/db/client';
import { randomUUID } from 'node:crypto';
import { Conflict, Invalid, NotFound } from '../../errors';
import { findSequence, promptNamesOfAllVersions } from '../sequences/lookup';
import { DEFAULT_REPEATS, DEFAULT_THRESHOLD, type TestCase } from './model';
import * as repo from './repository';

/**
 * PRODUCT §10 test cases: conversations a sequence must handle, kept with the sequence across its versions.
 * Runs (later) play them against one version; here they are only defined, stored and linted.
 */

async function caseSequence(db: DB, name: string) {
  const sequence = await findSequence(db, name);
  if (!sequence || sequence.is_global) throw new NotFound('Sequence not found');
  return sequence;
}

/** The prompts a case names: where it starts and what it must (not) reach. */
export function promptsNamed(c: Pick<TestCase, 'startPrompt' | 'expect'>): string[] {
  const named = c.startPrompt ? [c.startPrompt] : [];
  for (const e of c.expect) if (e.type === 'reaches' || e.type === 'never_reaches') named.push(e.prompt);
  return [...new Set(named)];
}

/** "A case naming a prompt that no version has is a 400 with the name." */
async function lint(db: DB, sequence: { id: number; name: string }, c: TestCase) {
  const known = await promptNamesOfAllVersions(db, sequence.id);
  const missing = promptsNamed(c).find((p) => !known.has(p));
  if (missing !== undefined) throw new Invalid(`No version of "${sequence.name}" has a prompt named "${missing}"`);
}

/** The stored definition: the case without its name, with the defaults written out and blank optionals dropped. */
function definitionOf(c: TestCase): Record<string, unknown> {
  const { name: _name, ...rest } = c;
  const definition: Record<string, unknown> = {
    ...rest,
    repeats: c.repeats ?? DEFAULT_REPEATS,
    threshold: c.threshold ?? DEFAULT_THRESHOLD,
  };
  for (const key of ['memory', 'profile', 'opening', 'startPrompt'] as const) if (!c[key]?.trim()) delete definition[key];
  return definition;
}

/** The trimmed name; and a tool expectation's `args` must be an object of argument values. */
function checked(c: TestCase) {
  const name = c.name.trim();
  if (!name) throw new Invalid('A test case needs a name');
  for (const e of c.expect) {
    if (e.type === 'tool' && e.args !== undefined && (typeof e.args !== 'object' || e.args === null || Array.isArray(e.args))) {
      throw new Invalid(`The arguments of the ${e.name} expectation must be a JSON object`);
    }
  }
  return name;
}

export async function listCases(db: DB, sequenceName: string) {
  const sequence = await caseSequence(db, sequenceName);
  const rows = await repo.listCases(db, sequence.id);
  return { cases: rows.map((r) => ({ caseId: r.id, ...(r.definition as Omit<TestCase, 'name'>), name: r.name })) };
}

export async function createCase(db: DB, createdBy: string, sequenceName: string, c: TestCase) {
  const sequence = await caseSequence(db, sequenceName);
  const name = checked(c);
  await lint(db, sequence, c);
  if (await repo.findCaseNamed(db, sequence.id, name)) throw new Conflict(`A test case named "${name}" already exists`);
  const caseId = randomUUID();
  try {
    await repo.insertCase(db, { id: caseId, sequenceId: sequence.id, name, definition: definitionOf(c), createdBy });
  } catch (err) {
    // Two saves of the same name at once: the unique key decides.
    if (await repo.findCaseNamed(db, sequence.id, name)) throw new Conflict(`A test case named "${name}" already exists`);
    throw err;
  }
  return { caseId };
}

export async function updateCase(db: DB, sequenceName: string, caseId: string, c: TestCase) {
  const sequence = await caseSequence(db, sequenceName);
  if (!(await repo.findCase(db, sequence.id, caseId))) throw new NotFound('Test case not found');
  const name = checked(c);
  await lint(db, sequence, c);
  if (await repo.findCaseNamed(db, sequence.id, name, caseId)) throw new Conflict(`A test case named "${name}" already exists`);
  await repo.updateCase(db, caseId, name, definitionOf(c));
  return { caseId };
}

export async function deleteCase(db: DB, sequenceName: string, caseId: string) {
  const sequence = await caseSequence(db, sequenceName);
  if (!(await repo.findCase(db, sequence.id, caseId))) throw new NotFound('Test case not found');
  await repo.deleteCase(db, caseId);
  return { deleted: true as const };
}
