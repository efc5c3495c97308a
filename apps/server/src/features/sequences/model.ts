import { t } from 'elysia';

/** A sequence as SPEC §7 paths name it: with or without ".json"; looked up in the database, never a path. */
export const sequenceParams = t.Object({ name: t.String({ minLength: 1, maxLength: 300 }) });

export const listQuery = t.Object({ showArchived: t.Optional(t.Boolean()) });

export const contentQuery = t.Object({ showArchivedPrompts: t.Optional(t.Boolean()) });

export const renameBody = t.Object({ newName: t.String({ maxLength: 300 }) });

/**
 * `content` is a list of versions or one version object (missing or empty: the new-sequence template).
 * Its shape is checked by content.ts, like the uploaded file's, for the same per-field messages.
 */
export const createBody = t.Object({
  name: t.String({ maxLength: 300 }),
  content: t.Optional(t.Unknown()),
});

/** The version object `{ version?, module_prompt, sequential_prompts, global_prompt?, archived? }`, checked by content.ts. */
export const versionBody = t.Unknown();

export const uploadBody = t.Object({
  /** Falls back to the uploaded file's own name. */
  name: t.Optional(t.String({ maxLength: 300 })),
  jsonFile: t.File(),
});
