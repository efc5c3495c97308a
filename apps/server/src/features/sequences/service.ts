import type { DB } from '@hearth/db/client';
import type { Identity } from '../../plugins/auth';
import { Conflict, Invalid, NotFound, TooLarge } from '../../errors';
import { compareNames, findSequence, listModuleNames, sequenceFileName } from './lookup';
import { modulesForUser } from '../groups/isolation';
import {
  assertLintClean,
  isEmptyContent,
  newSequenceTemplate,
  numberVersions,
  parseContent,
  parseSequenceName,
  parseVersion,
  parseVersions,
  renderVersion,
  type NumberedVersion,
  type VersionInput,
} from './content';
import * as repo from './repository';

export const MAX_SEQUENCE_FILE_BYTES = 1024 * 1024;

const sequenceNotFound = () => new NotFound('Sequence not found');

/**
 * SPEC §7 get-sequences: file names, global_prompt.json first, the rest alphabetical. End users get the
 * published modules they may choose (never global_prompt, never archived, whatever they ask); staff see archived
 * sequences only on request, and only the published modules with `published`.
 */
export async function listSequenceFiles(db: DB, identity: Identity, showArchived: boolean, published = false): Promise<string[]> {
  // An end user sees only their group's module when it is isolated (PRODUCT §9).
  // Members see only published modules (PRODUCT §10).
  if (identity.kind === 'user') {
    return (await modulesForUser(db, identity.id, await listModuleNames(db, { published: true }))).map(sequenceFileName);
  }
  // Staff choosing where to send members (personal links, invitations, isolation) are offered the same.
  if (published) return (await listModuleNames(db, { published: true })).map(sequenceFileName);
  const rows = await repo.listSequences(db, showArchived);
  rows.sort((a, b) => (a.is_global !== b.is_global ? (a.is_global ? -1 : 1) : compareNames(a.name, b.name)));
  return rows.map((r) => sequenceFileName(r.name));
}

export async function getSequenceContent(db: DB, name: string, showArchived: boolean) {
  const sequence = await findSequence(db, name);
  if (!sequence) throw sequenceNotFound();
  return renderSequence(db, sequence, showArchived);
}

async function renderSequence(db: DB, sequence: { id: number; is_global: boolean }, showArchived: boolean) {
  const rows = await repo.listVersions(db, sequence.id);
  return rows
    .filter((row) => showArchived || !row.archived)
    .map((row) => renderVersion(row, { isGlobal: sequence.is_global, showArchived }));
}

export async function createSequence(db: DB, rawName: string, content: unknown) {
  const name = parseSequenceName(rawName);
  const versions = isEmptyContent(content) ? newSequenceTemplate() : parseContent(content, { isGlobal: false, label: 'content' });
  return insertNewSequence(db, name, versions);
}

/**
 * An uploaded .json file. A new name creates the sequence with the file's versions; an existing name gets
 * them added as new versions after its highest (in file order, the file's own numbers ignored), so an upload
 * never overwrites a version.
 */
export async function uploadSequence(db: DB, upload: { name?: string; fileName: string; byteLength: number; text: () => Promise<string> }) {
  if (!/\.json$/i.test(upload.fileName.trim())) throw new Invalid('Only .json files can be uploaded');
  if (upload.byteLength > MAX_SEQUENCE_FILE_BYTES) throw new TooLarge('The file is too large (at most 1 MB)');
  const name = parseSequenceName(upload.name?.trim() ? upload.name : upload.fileName);
  // global_prompt is never renamed, deleted or created, so this check needs no lock.
  if ((await findSequence(db, name))?.is_global) {
    throw new Invalid('Files cannot be uploaded to global_prompt.json; edit it in the editor');
  }
  let data: unknown;
  try {
    data = JSON.parse((await upload.text()).replace(/^\uFEFF/, ''));
  } catch {
    throw new Invalid('The file is not valid JSON');
  }
  if (isEmptyContent(data)) throw new Invalid('The file contains no versions');
  const versions = parseVersions(data, { isGlobal: false, label: 'file' });
  try {
    return await storeUpload(db, name, versions);
  } catch (err) {
    // Two uploads racing to create one name: the loser tries again, finds the winner's sequence and adds to it.
    const nameTaken = isUniqueViolation(err) || err instanceof Conflict;
    if (!nameTaken) throw err;
  }
  return withUniqueName(name, () => storeUpload(db, name, versions));
}

function storeUpload(db: DB, name: string, versions: VersionInput[]) {
  return db.transaction().execute(async (trx) => {
    const existing = await findSequence(trx, name);
    if (!existing) {
      await assertNameFree(trx, name);
      const numbered = numberVersions(versions, 'file');
      await repo.insertSequence(trx, name, numbered);
      return { fileName: sequenceFileName(name), created: true, versions: numbered.map((v) => v.version) };
    }
    await repo.lockSequence(trx, existing.id);
    const highest = await repo.maxVersion(trx, existing.id);
    const numbered = versions.map((v, i) => ({ ...v, version: highest + 1 + i }));
    await repo.insertVersions(trx, existing.id, numbered);
    return { fileName: sequenceFileName(existing.name), created: false, versions: numbered.map((v) => v.version) };
  });
}

async function insertNewSequence(db: DB, name: string, versions: NumberedVersion[]) {
  await withUniqueName(name, () =>
    db.transaction().execute(async (trx) => {
      await assertNameFree(trx, name);
      await repo.insertSequence(trx, name, versions);
    }),
  );
  return { fileName: sequenceFileName(name) };
}

export async function renameSequence(db: DB, name: string, newName: string) {
  const target = parseSequenceName(newName);
  await withUniqueName(target, () =>
    db.transaction().execute(async (trx) => {
      const sequence = await findSequence(trx, name);
      if (!sequence) throw sequenceNotFound();
      if (sequence.is_global) throw new Invalid('global_prompt.json cannot be renamed');
      await assertNameFree(trx, target, sequence.id);
      await repo.renameSequence(trx, sequence.id, target);
    }),
  );
  return { fileName: sequenceFileName(target) };
}

export async function deleteSequence(db: DB, name: string) {
  const sequence = await findSequence(db, name);
  if (!sequence) throw sequenceNotFound();
  if (sequence.is_global) throw new Invalid('global_prompt.json cannot be deleted');
  await repo.deleteSequence(db, sequence.id);
  return { deleted: sequenceFileName(sequence.name) };
}

/**
 * Saves one version object (SPEC §7 update-sequence-content). If `version` names an existing version, that
 * version is replaced; otherwise (no `version`, or a number that does not exist) a new version numbered
 * highest + 1 is created, so a save never overwrites a version the editor did not load.
 *
 * The body is what the editor showed. Loaded without archived prompts (`showArchived` false), a replaced
 * version keeps its archived prompts that the body does not name: saving must not silently delete what the
 * operator could not see. Loaded with them, the body is the whole version.
 */
export async function updateSequenceContent(db: DB, name: string, body: unknown, showArchived: boolean) {
  return db.transaction().execute(async (trx) => {
    const sequence = await findSequence(trx, name);
    if (!sequence) throw sequenceNotFound();
    const input = parseVersion(body, { isGlobal: sequence.is_global });
    await repo.lockSequence(trx, sequence.id);
    const existing = input.version === undefined ? undefined : await repo.findVersion(trx, sequence.id, input.version);
    const version = existing?.version ?? (await repo.maxVersion(trx, sequence.id)) + 1;
    let prompts = input.sequential_prompts;
    if (existing && !showArchived && !sequence.is_global) {
      const named = new Set(prompts.map((p) => p.name));
      const hidden = (existing.sequential_prompts ?? []).filter((p) => p.archived === true && !named.has(p.name));
      prompts = [...prompts, ...hidden];
    }
    // Linted on the final list: a next_prompt may name an archived prompt the editor did not show.
    if (!sequence.is_global) assertLintClean({ module_prompt: input.module_prompt, sequential_prompts: prompts });
    await repo.upsertVersion(trx, sequence.id, { ...input, version, sequential_prompts: prompts });
    return { updatedSequence: await renderSequence(trx, sequence, showArchived) };
  });
}

async function assertNameFree(db: DB, name: string, exceptId?: number) {
  const holder = await repo.findNameHolder(db, name, exceptId);
  if (holder) throw new Conflict(`A sequence named "${sequenceFileName(holder.name)}" already exists`);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | undefined)?.code === '23505';

/** Two requests racing for one name: the unique index decides, and the loser gets the same 409. */
async function withUniqueName<T>(name: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(`A sequence named "${sequenceFileName(name)}" already exists`);
    throw err;
  }
}
