import type { DB } from '@hearth/db/client';
import { jsonb } from '@hearth/db/json';
import type { StoredTurnDetection } from '@hearth/db/schema';
import type { NumberedVersion } from './content';

export const listSequences = (db: DB, includeArchived: boolean) =>
  db
    .selectFrom('sequences')
    .select(['name', 'is_global', 'archived'])
    .$if(!includeArchived, (qb) => qb.where('archived', '=', false))
    .execute();

export const listVersions = (db: DB, sequenceId: number) =>
  db
    .selectFrom('sequence_versions')
    .select(['version', 'module_prompt', 'global_prompt', 'sequential_prompts', 'archived'])
    .where('sequence_id', '=', sequenceId)
    .orderBy('version')
    .execute();

export const findVersion = (db: DB, sequenceId: number, version: number) =>
  db
    .selectFrom('sequence_versions')
    .select(['version', 'sequential_prompts', 'archived'])
    .where('sequence_id', '=', sequenceId)
    .where('version', '=', version)
    .executeTakeFirst();

/** Another sequence already holding this name in any letter case (names are compared case-insensitively). */
export const findNameHolder = (db: DB, name: string, exceptId?: number) =>
  db
    .selectFrom('sequences')
    .select('name')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .$if(exceptId !== undefined, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();

/** Serialises saves of one sequence, so two "new version" saves cannot pick the same number. */
export const lockSequence = (db: DB, sequenceId: number) =>
  db.selectFrom('sequences').select('id').where('id', '=', sequenceId).forUpdate().executeTakeFirst();

export async function maxVersion(db: DB, sequenceId: number): Promise<number> {
  const row = await db
    .selectFrom('sequence_versions')
    .select((eb) => eb.fn.max('version').as('max'))
    .where('sequence_id', '=', sequenceId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

export async function insertSequence(db: DB, name: string, versions: NumberedVersion[]) {
  const { id } = await db.insertInto('sequences').values({ name }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('sequence_versions')
    .values(versions.map((v) => versionValues(id, v)))
    .execute();
  return id;
}

/** New versions of an existing sequence; the caller holds its lock and chose numbers above the highest. */
export async function insertVersions(db: DB, sequenceId: number, versions: NumberedVersion[]) {
  await db
    .insertInto('sequence_versions')
    .values(versions.map((v) => versionValues(sequenceId, v)))
    .execute();
  await touch(db, sequenceId);
}

export async function upsertVersion(db: DB, sequenceId: number, v: NumberedVersion) {
  const values = versionValues(sequenceId, v);
  await db
    .insertInto('sequence_versions')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['sequence_id', 'version']).doUpdateSet({
        module_prompt: values.module_prompt,
        global_prompt: values.global_prompt,
        sequential_prompts: values.sequential_prompts,
        archived: values.archived,
      }),
    )
    .execute();
  await touch(db, sequenceId);
}

export const renameSequence = (db: DB, sequenceId: number, name: string) =>
  db.updateTable('sequences').set({ name, updated_at: new Date() }).where('id', '=', sequenceId).execute();

export const deleteSequence = (db: DB, sequenceId: number) => db.deleteFrom('sequences').where('id', '=', sequenceId).execute();

const touch = (db: DB, sequenceId: number) =>
  db.updateTable('sequences').set({ updated_at: new Date() }).where('id', '=', sequenceId).execute();

function versionValues(sequenceId: number, v: NumberedVersion) {
  return {
    sequence_id: sequenceId,
    version: v.version,
    module_prompt: v.module_prompt,
    global_prompt: v.global_prompt,
    sequential_prompts: jsonb(v.sequential_prompts),
    archived: v.archived,
  };
}

// ---- Publishing (PRODUCT §10) ----

export const publishingState = (db: DB, sequenceId: number) =>
  db
    .selectFrom('sequences')
    .select(['published_version', 'require_tests', 'turn_detection', 'wellbeing'])
    .where('id', '=', sequenceId)
    .executeTakeFirstOrThrow();

/** Makes `version` the one members get and keeps the history row; the caller holds the sequence's lock. */
export async function publishVersion(db: DB, sequenceId: number, version: number, publishedBy: string, forced: boolean) {
  await db.updateTable('sequences').set({ published_version: version }).where('id', '=', sequenceId).execute();
  await db.insertInto('sequence_publications').values({ sequence_id: sequenceId, version, published_by: publishedBy, forced }).execute();
}

/** Every publish of the sequence, oldest first. */
export const listPublications = (db: DB, sequenceId: number) =>
  db
    .selectFrom('sequence_publications')
    .select(['version', 'published_by', 'published_at', 'forced'])
    .where('sequence_id', '=', sequenceId)
    .orderBy('id')
    .execute();

/** Sets what the body names and answers the settings as they then are. */
export const setSettings = (
  db: DB,
  sequenceId: number,
  settings: { requireTests?: boolean; turnDetection?: StoredTurnDetection; wellbeing?: boolean },
) =>
  db
    .updateTable('sequences')
    .set({
      ...(settings.requireTests === undefined ? {} : { require_tests: settings.requireTests }),
      ...(settings.turnDetection === undefined ? {} : { turn_detection: jsonb(settings.turnDetection) }),
      ...(settings.wellbeing === undefined ? {} : { wellbeing: settings.wellbeing }),
    })
    .where('id', '=', sequenceId)
    .returning(['require_tests', 'turn_detection', 'wellbeing'])
    .executeTakeFirstOrThrow();
