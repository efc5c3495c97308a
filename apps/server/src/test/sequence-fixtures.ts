import { jsonb } from '@hearth/db/json';
import type { DB } from '@hearth/db/client';

/** A sequential prompt whose fields name themselves, for tests. */
export const promptFixture = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} description`,
  prompt: `${name} prompt`,
  trigger_condition: `${name} trigger`,
  next_prompt: '',
  ...extra,
});

/**
 * Writes a sequence and its versions straight to the database; each module prompt is "<name> v<version>". Like the
 * migration did for existing sequences, a module's highest non-archived version is published unless `published`
 * says which (null: unpublished).
 */
export async function insertSequence(
  db: DB,
  name: string,
  opts: {
    archived?: boolean;
    isGlobal?: boolean;
    published?: number | null;
    versions: Array<{ version: number; archived?: boolean; globalPrompt?: string; prompts?: object[] }>;
  },
) {
  const { id } = await db
    .insertInto('sequences')
    .values({ name, archived: opts.archived ?? false, is_global: opts.isGlobal ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const v of opts.versions) {
    await db
      .insertInto('sequence_versions')
      .values({
        sequence_id: id,
        version: v.version,
        module_prompt: `${name} v${v.version}`,
        global_prompt: v.globalPrompt ?? null,
        sequential_prompts: jsonb((v.prompts ?? []) as never),
        archived: v.archived ?? false,
      })
      .execute();
  }
  const open = opts.versions.filter((v) => !v.archived).map((v) => v.version);
  const highest = open.length ? Math.max(...open) : null;
  const published = opts.isGlobal ? null : opts.published === undefined ? highest : opts.published;
  if (published !== null) {
    await db.updateTable('sequences').set({ published_version: published }).where('id', '=', id).execute();
    await db.insertInto('sequence_publications').values({ sequence_id: id, version: published }).execute();
  }
  return id;
}
