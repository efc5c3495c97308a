import { t } from 'elysia';
import { REASONING_EFFORTS } from '@hearth/protocol';

/** A sequence as SPEC §7 paths name it: with or without ".json"; looked up in the database, never a path. */
export const sequenceParams = t.Object({ name: t.String({ minLength: 1, maxLength: 300 }) });

/** `published`: only the modules members can be sent to (PRODUCT §10), for staff screens that send members somewhere. */
export const listQuery = t.Object({ showArchived: t.Optional(t.Boolean()), published: t.Optional(t.Boolean()) });

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

// ---- Answers ----

/** File names ending in .json (SPEC §7 get-sequences). */
export const sequenceFilesAnswer = t.Array(t.String());

const archived = t.Optional(t.Literal(true));

/** One rendered version: a module's, or global_prompt.json's (content.ts renderVersion). */
export const versionView = t.Union([
  t.Object({
    version: t.Number(),
    module_prompt: t.String(),
    sequential_prompts: t.Array(
      t.Object({
        name: t.String(),
        description: t.String(),
        prompt: t.String(),
        trigger_condition: t.String(),
        next_prompt: t.String(),
        reasoning_effort: t.Optional(t.UnionEnum([...REASONING_EFFORTS])),
        archived,
      }),
    ),
    archived,
  }),
  t.Object({ version: t.Number(), global_prompt: t.String(), module_prompt: t.Optional(t.String()), archived }),
]);

/** SPEC §7: the list of versions. */
export const sequenceContentAnswer = t.Array(versionView);
export const updatedSequenceAnswer = t.Object({ updatedSequence: sequenceContentAnswer });
export const sequenceFileAnswer = t.Object({ fileName: t.String() });
export const deletedSequenceAnswer = t.Object({ deleted: t.String() });
/** An upload creates the sequence, or adds the file's versions to the existing one (`versions`: their numbers). */
export const uploadAnswer = t.Object({ fileName: t.String(), created: t.Boolean(), versions: t.Array(t.Number()) });

// ---- Publishing (PRODUCT §10, fixed shapes) ----

export const publishBody = t.Object({ version: t.Integer({ minimum: 1 }), force: t.Optional(t.Boolean()) });
export const publishAnswer = t.Object({ published: t.Number() });
/** Every publish of a sequence, newest first (beyond PRODUCT §10's fixed endpoints): who, when, and whether an admin forced it past the gate. */
export const publicationsAnswer = t.Object({
  publications: t.Array(
    t.Object({ version: t.Number(), publishedAt: t.String(), publishedBy: t.Nullable(t.String()), forced: t.Boolean() }),
  ),
});
/** Issue 23: how members' turns end; semantic VAD needs its eagerness. */
export const turnDetectionSetting = t.Union(
  [
    t.Object({ type: t.Literal('server_vad') }, { additionalProperties: false }),
    t.Object(
      { type: t.Literal('semantic_vad'), eagerness: t.UnionEnum(['low', 'medium', 'high', 'auto']) },
      { additionalProperties: false },
    ),
  ],
  {
    error: 'turnDetection must be { "type": "server_vad" } or { "type": "semantic_vad", "eagerness": "low" | "medium" | "high" | "auto" }',
  },
);
/**
 * PRODUCT §10's `{ requireTests }`, plus (issue 23) an optional turnDetection and (issue 24) whether the module offers
 * the loneliness scale's tool; any may come alone.
 */
export const settingsBody = t.Object({
  requireTests: t.Optional(t.Boolean()),
  turnDetection: t.Optional(turnDetectionSetting),
  wellbeing: t.Optional(t.Boolean()),
});
/** `turnDetection` null: the page's server VAD (nothing chosen yet). */
export const settingsAnswer = t.Object({
  requireTests: t.Boolean(),
  turnDetection: t.Nullable(turnDetectionSetting),
  wellbeing: t.Boolean(),
});
/** `publishedAt`/`publishedBy`: this version's latest publish (publishedBy null: at the migration). */
export const sequenceStatusAnswer = t.Object({
  published: t.Nullable(t.Number()),
  requireTests: t.Boolean(),
  turnDetection: t.Nullable(turnDetectionSetting),
  /** Issue 24: the assistant may ask the three-item loneliness scale (with consent) in this module. */
  wellbeing: t.Boolean(),
  versions: t.Array(
    t.Object({
      version: t.Number(),
      publishedAt: t.Nullable(t.String()),
      publishedBy: t.Nullable(t.String()),
      lastRun: t.Nullable(t.Object({ runId: t.String(), passed: t.Number(), failed: t.Number() })),
    }),
  ),
});
