import type { DB } from '@hearth/db/client';
import type { SequentialPrompt, StoredTurnDetection } from '@hearth/db/schema';
import { Invalid } from '../../errors';

/**
 * Read side of sequences (modules) for the realtime relay, post-chat work and the sequences feature.
 * Names here are stored names, without ".json" (SPEC calls sequences files; the ".json" lives only in answers).
 */

export const GLOBAL_SEQUENCE_NAME = 'global_prompt';

/** The fields of a sequential prompt, in the order SPEC §3 renders them. */
export const PROMPT_FIELDS = ['name', 'description', 'prompt', 'trigger_condition', 'next_prompt'] as const;

/** "Get to Know You.json" -> "Get to Know You". Only a trailing ".json" (any case) is removed. */
export function sequenceBaseName(name: string): string {
  return name
    .trim()
    .replace(/\.json$/i, '')
    .trim();
}

export const sequenceFileName = (name: string) => `${name}.json`;

/** Case-insensitive alphabetical order that is the same on every database and locale. */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A sequence by the name a client sent (with or without ".json"). The exact name wins; otherwise a
 * case-insensitive match is accepted when it is the only one. Archived sequences are found too.
 */
export async function findSequence(db: DB, name: string) {
  const base = sequenceBaseName(name);
  if (!base) return undefined;
  const columns = ['id', 'name', 'is_global', 'archived', 'published_version', 'turn_detection', 'wellbeing'] as const;
  const exact = await db.selectFrom('sequences').select(columns).where('name', '=', base).executeTakeFirst();
  if (exact) return exact;
  const rows = await db
    .selectFrom('sequences')
    .select(columns)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', base.toLowerCase()))
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * Modules an end user or the assistant may choose: not global_prompt, not archived, and with at least
 * one version that is not archived. Names without ".json", alphabetical (case-insensitive). `published`: only
 * those whose published version can be opened (what members see, PRODUCT §10).
 */
export async function listModuleNames(db: DB, opts: { published?: boolean } = {}): Promise<string[]> {
  const rows = await db
    .selectFrom('sequences')
    .select('name')
    .where('is_global', '=', false)
    .where('archived', '=', false)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sequence_versions')
          .select('version')
          .whereRef('sequence_versions.sequence_id', '=', 'sequences.id')
          .where('sequence_versions.archived', '=', false)
          .$if(opts.published === true, (qb) => qb.whereRef('sequence_versions.version', '=', 'sequences.published_version')),
      ),
    )
    .execute();
  return rows.map((r) => r.name).sort(compareNames);
}

/**
 * A module members may be sent to (invitations, blasts, personal links, group isolation): known, not global,
 * not archived, and published (PRODUCT §10). Throws `Invalid` with the reason otherwise.
 */
export async function publishedModule(db: DB, name: string) {
  const sequence = await findSequence(db, name);
  if (!sequence || sequence.is_global || sequence.archived) throw new Invalid('The module does not exist');
  if (sequence.published_version === null) {
    throw new Invalid(`The module "${sequence.name}" is not published yet; publish a version in the Prompt Manager first`);
  }
  return sequence;
}

/** SPEC §9: on the user page 'get to know you' (any case) if present, else the first module. */
export function defaultUserModule(names: string[]): string | undefined {
  return names.find((n) => sequenceBaseName(n).toLowerCase() === 'get to know you') ?? names[0];
}

/** SPEC §9: on the testing page the first module starting with 'default_', else the first. */
export function defaultTestingModule(names: string[]): string | undefined {
  return names.find((n) => n.startsWith('default_')) ?? names[0];
}

export interface ModuleVersion {
  name: string;
  version: number;
  /** Every selectable (non-archived) version, ascending. */
  versions: number[];
  modulePrompt: string;
  /** The version's prompts without the archived ones, in their stored order. */
  prompts: SequentialPrompt[];
  /** The sequence's turn detection (PUT /api/sequence-settings); null: the page's server VAD. */
  turnDetection: StoredTurnDetection | null;
  /** The module offers the tool that records the loneliness scale (issue 24, PUT /api/sequence-settings). */
  wellbeing: boolean;
}

/**
 * One version of a module, or null when the module is unknown, global, archived or has no such
 * (non-archived) version. Without `version` the highest non-archived version is the default (SPEC §3).
 * `published`: members always get the published version (PRODUCT §10), whatever `version` says; null when
 * there is none.
 */
export async function loadModuleVersion(
  db: DB,
  name: string,
  version?: number,
  opts: { published?: boolean } = {},
): Promise<ModuleVersion | null> {
  const sequence = await findSequence(db, name);
  if (!sequence || sequence.is_global || sequence.archived) return null;
  if (opts.published) {
    if (sequence.published_version === null) return null;
    version = sequence.published_version;
  }
  const rows = await db
    .selectFrom('sequence_versions')
    .select(['version', 'module_prompt', 'sequential_prompts'])
    .where('sequence_id', '=', sequence.id)
    .where('archived', '=', false)
    .orderBy('version')
    .execute();
  const chosen = version === undefined ? rows.at(-1) : rows.find((r) => r.version === version);
  if (!chosen) return null;
  return {
    name: sequence.name,
    version: chosen.version,
    // A member is shown only the version they get, never the drafts.
    versions: opts.published ? [chosen.version] : rows.map((r) => r.version),
    modulePrompt: chosen.module_prompt,
    prompts: activePrompts(chosen.sequential_prompts),
    turnDetection: sequence.turn_detection ?? null,
    wellbeing: sequence.wellbeing,
  };
}

/**
 * Every prompt name any version of a sequence has (test cases' lint, PRODUCT §10). Archived versions and prompts
 * do not count: no conversation can reach them, and the Prompt Manager does not show them.
 */
export async function promptNamesOfAllVersions(db: DB, sequenceId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sequence_versions')
    .select('sequential_prompts')
    .where('sequence_id', '=', sequenceId)
    .where('archived', '=', false)
    .execute();
  return new Set(rows.flatMap((r) => activePrompts(r.sequential_prompts).map((p) => p.name)));
}

/** The text of the highest non-archived version of global_prompt ('' when there is none). */
export async function loadGlobalPrompt(db: DB): Promise<string> {
  const row = await db
    .selectFrom('sequence_versions')
    .innerJoin('sequences', 'sequences.id', 'sequence_versions.sequence_id')
    .select('sequence_versions.global_prompt')
    .where('sequences.is_global', '=', true)
    .where('sequence_versions.archived', '=', false)
    .orderBy('sequence_versions.version', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.global_prompt ?? '';
}

function activePrompts(stored: SequentialPrompt[] | null): SequentialPrompt[] {
  return (stored ?? [])
    .filter((p) => p.archived !== true)
    .map((p) => ({
      name: p.name,
      description: p.description,
      prompt: p.prompt,
      trigger_condition: p.trigger_condition,
      next_prompt: p.next_prompt,
      ...(p.reasoning_effort ? { reasoning_effort: p.reasoning_effort } : {}),
    }));
}

export interface ComposeInput {
  globalPrompt: string;
  modulePrompt: string;
  /** The active sequential prompt; omitted when the module has none. */
  prompt?: Pick<SequentialPrompt, (typeof PROMPT_FIELDS)[number]> | null;
  /** True on the end user's page: adds the 'Current prompt information' heading and the memory document. */
  userPage?: boolean;
  memoryDocument?: string | null;
}

/**
 * SPEC §3 "Composed instruction": the global prompt, the module prompt, then the chosen prompt's fields as
 * 'field: value' paragraphs; on the user page those are headed 'Current prompt information' and the user's
 * memory document follows under 'User Information'. Paragraphs are separated by a blank line; empty
 * global/module prompts and an empty memory document are left out rather than sent as empty paragraphs.
 */
export function composeInstructions(input: ComposeInput): string {
  const paragraphs: string[] = [];
  if (input.globalPrompt.trim()) paragraphs.push(input.globalPrompt.trim());
  if (input.modulePrompt.trim()) paragraphs.push(input.modulePrompt.trim());
  if (input.prompt) {
    if (input.userPage) paragraphs.push('Current prompt information');
    for (const field of PROMPT_FIELDS) paragraphs.push(`${field}: ${input.prompt[field] ?? ''}`.trimEnd());
  }
  const memory = input.memoryDocument?.trim();
  if (input.userPage && memory) paragraphs.push('User Information', memory);
  return paragraphs.join('\n\n');
}
