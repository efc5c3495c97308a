import type { SequentialPrompt } from '@hearth/db/schema';
import { isReasoningEffort, REASONING_EFFORTS } from '@hearth/protocol';
import { firstError, lintVersion } from '@hearth/protocol/sequence-lint';
import { Invalid } from '../../errors';
import { PROMPT_FIELDS, sequenceBaseName } from './lookup';

/**
 * The shape of sequence content (SPEC §3) and its rules. One hand-written checker serves the editor's save,
 * create-sequence and the uploaded file alike, so all three give the same per-field messages (with the
 * position of the offending prompt), which a generic schema error could not.
 */

export const SEQUENCE_NAME_MAX_CHARS = 100;
const PROMPT_NAME_MAX_CHARS = 100;
const SHORT_TEXT_MAX_CHARS = 2_000;
const LONG_TEXT_MAX_CHARS = 20_000;
const MAX_PROMPTS_PER_VERSION = 200;
const MAX_VERSIONS = 500;
const MAX_VERSION_NUMBER = 1_000_000;

export interface VersionInput {
  /** Absent: the server chooses the number. */
  version?: number;
  module_prompt: string;
  global_prompt: string | null;
  sequential_prompts: SequentialPrompt[];
  archived: boolean;
}

export type NumberedVersion = VersionInput & { version: number };

/**
 * SPEC §3 "New sequence template": a module prompt placeholder and one placeholder prompt. Its next_prompt is
 * empty (PRODUCT §10), so the template passes the lint every save runs and its first edit can be saved.
 */
export function newSequenceTemplate(): NumberedVersion[] {
  return [
    {
      version: 1,
      module_prompt: 'Describe what this module is about. This text applies to every prompt of the module.',
      global_prompt: null,
      sequential_prompts: [
        {
          name: 'first_prompt',
          description: 'What this part of the conversation is for',
          prompt: 'What the assistant should say or ask',
          trigger_condition: 'When the assistant should move on to the next prompt (once next_prompt names one)',
          next_prompt: '',
        },
      ],
      archived: false,
    },
  ];
}

/** A name from a client: trimmed, without ".json", 1–100 characters, no path separators or control characters. */
export function parseSequenceName(raw: string): string {
  const name = sequenceBaseName(raw);
  if (!name) throw new Invalid('The sequence name must not be empty');
  if (name.length > SEQUENCE_NAME_MAX_CHARS) {
    throw new Invalid(`The sequence name can be at most ${SEQUENCE_NAME_MAX_CHARS} characters`);
  }
  if (/[/\\]/.test(name)) throw new Invalid('The sequence name must not contain / or \\');
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(name)) {
    throw new Invalid('The sequence name must not contain control characters');
  }
  return name;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const VERSION_KEYS = new Set(['version', 'module_prompt', 'global_prompt', 'sequential_prompts', 'archived']);
const PROMPT_KEYS = new Set<string>([...PROMPT_FIELDS, 'archived', 'reasoning_effort']);

function text(value: unknown, where: string, maxChars: number): string {
  if (typeof value !== 'string') throw new Invalid(`${where} must be a string`);
  if (value.length > maxChars) throw new Invalid(`${where} is too long (at most ${maxChars} characters)`);
  return value;
}

function flag(value: unknown, where: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') throw new Invalid(`${where} must be true or false`);
  return value;
}

function unknownKeys(value: Record<string, unknown>, allowed: Set<string>, where: string) {
  const extra = Object.keys(value).find((k) => !allowed.has(k));
  if (extra !== undefined) throw new Invalid(`Unknown field "${extra}" in ${where}`);
}

function parsePrompt(value: unknown, where: string): SequentialPrompt {
  if (!isObject(value)) throw new Invalid(`${where} must be an object with ${PROMPT_FIELDS.join(', ')}`);
  unknownKeys(value, PROMPT_KEYS, where);
  const name = text(value.name, `${where}.name`, PROMPT_NAME_MAX_CHARS).trim();
  if (!name) throw new Invalid(`${where}.name must not be empty`);
  const prompt: SequentialPrompt = {
    name,
    description: text(value.description, `${where}.description`, SHORT_TEXT_MAX_CHARS),
    prompt: text(value.prompt, `${where}.prompt`, LONG_TEXT_MAX_CHARS),
    trigger_condition: text(value.trigger_condition, `${where}.trigger_condition`, SHORT_TEXT_MAX_CHARS),
    next_prompt: text(value.next_prompt, `${where}.next_prompt`, PROMPT_NAME_MAX_CHARS).trim(),
  };
  // Only a true flag is stored, so prompts that were never archived keep the plain SPEC shape.
  if (flag(value.archived, `${where}.archived`)) prompt.archived = true;
  if (value.reasoning_effort !== undefined) {
    if (!isReasoningEffort(value.reasoning_effort)) {
      throw new Invalid(`${where}.reasoning_effort must be one of ${REASONING_EFFORTS.join(', ')}`);
    }
    prompt.reasoning_effort = value.reasoning_effort;
  }
  return prompt;
}

/**
 * One version object. `prefix` places messages ("content[1]."); the global_prompt sequence holds a
 * global_prompt text and no sequential prompts, every other sequence the reverse.
 */
export function parseVersion(value: unknown, opts: { isGlobal: boolean; prefix?: string }): VersionInput {
  const p = opts.prefix ?? '';
  const self = p ? p.replace(/\.$/, '') : 'the version';
  if (!isObject(value)) {
    throw new Invalid(`${self} must be a version object with module_prompt and sequential_prompts`);
  }
  unknownKeys(value, VERSION_KEYS, self);

  let version: number | undefined;
  if (value.version !== undefined && value.version !== null) {
    const n = value.version;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_VERSION_NUMBER) {
      throw new Invalid(`${p}version must be a whole number from 1 to ${MAX_VERSION_NUMBER}`);
    }
    version = n;
  }

  const archived = flag(value.archived, `${p}archived`);
  const hasPrompts = value.sequential_prompts !== undefined && value.sequential_prompts !== null;

  if (opts.isGlobal) {
    const globalPrompt = text(value.global_prompt, `${p}global_prompt`, LONG_TEXT_MAX_CHARS);
    if (!globalPrompt.trim()) throw new Invalid(`${p}global_prompt must not be empty`);
    if (hasPrompts && !(Array.isArray(value.sequential_prompts) && value.sequential_prompts.length === 0)) {
      throw new Invalid(`${p}sequential_prompts: global_prompt.json has no sequential prompts`);
    }
    const modulePrompt = value.module_prompt === undefined ? '' : text(value.module_prompt, `${p}module_prompt`, LONG_TEXT_MAX_CHARS);
    return { version, module_prompt: modulePrompt, global_prompt: globalPrompt, sequential_prompts: [], archived };
  }

  if (value.global_prompt !== undefined && value.global_prompt !== null) {
    throw new Invalid(`${p}global_prompt: only global_prompt.json has a global prompt`);
  }
  const modulePrompt = text(value.module_prompt, `${p}module_prompt`, LONG_TEXT_MAX_CHARS);
  const list = value.sequential_prompts;
  if (!Array.isArray(list)) throw new Invalid(`${p}sequential_prompts must be a list of prompts`);
  if (list.length === 0) throw new Invalid(`${p}sequential_prompts must have at least one prompt`);
  if (list.length > MAX_PROMPTS_PER_VERSION) {
    throw new Invalid(`${p}sequential_prompts can have at most ${MAX_PROMPTS_PER_VERSION} prompts`);
  }
  const prompts = list.map((item, i) => parsePrompt(item, `${p}sequential_prompts[${i}]`));
  const seen = new Set<string>();
  for (const prompt of prompts) {
    if (seen.has(prompt.name)) {
      throw new Invalid(`${p}sequential_prompts: prompt names must be unique in a version ("${prompt.name}" appears twice)`);
    }
    seen.add(prompt.name);
  }
  return { version, module_prompt: modulePrompt, global_prompt: null, sequential_prompts: prompts, archived };
}

/** True for content that means "start from the template": missing, null, [] or {}. */
export function isEmptyContent(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  return isObject(value) && Object.keys(value).length === 0;
}

/**
 * The lint the editor runs on every keystroke, run again on every non-global version a write stores: its
 * first error (a dangling next_prompt, a blank prompt, …) refuses the write; warnings never do. `where`
 * places the message in multi-version content ("file[1]").
 */
export function assertLintClean(version: Pick<VersionInput, 'module_prompt' | 'sequential_prompts'>, where?: string) {
  const error = firstError(lintVersion({ module_prompt: version.module_prompt, sequential_prompts: version.sequential_prompts }));
  if (error) throw new Invalid(where ? `${where}: ${error.message}` : error.message);
}

/** A whole sequence (a list of versions or one version object), shape-checked and linted, in the given order. */
export function parseVersions(value: unknown, opts: { isGlobal: boolean; label: string }): VersionInput[] {
  const single = !Array.isArray(value);
  const items: unknown[] = single ? [value] : (value as unknown[]);
  if (!single && items.length === 0) throw new Invalid(`${opts.label} has no versions`);
  if (items.length > MAX_VERSIONS) throw new Invalid(`${opts.label} can have at most ${MAX_VERSIONS} versions`);
  return items.map((item, i) => {
    const where = single ? opts.label : `${opts.label}[${i}]`;
    const version = parseVersion(item, { isGlobal: opts.isGlobal, prefix: `${where}.` });
    if (!opts.isGlobal) assertLintClean(version, where);
    return version;
  });
}

/**
 * Versions of a new sequence: those without a number are numbered after the highest given one, in list
 * order; the result is sorted by version.
 */
export function numberVersions(versions: VersionInput[], label: string): NumberedVersion[] {
  const taken = new Set<number>();
  for (const v of versions) {
    if (v.version === undefined) continue;
    if (taken.has(v.version)) throw new Invalid(`${label}: version ${v.version} appears more than once`);
    taken.add(v.version);
  }
  let next = Math.max(0, ...taken) + 1;
  return versions.map((v) => ({ ...v, version: v.version ?? next++ })).sort((a, b) => a.version - b.version);
}

export function parseContent(value: unknown, opts: { isGlobal: boolean; label: string }): NumberedVersion[] {
  return numberVersions(parseVersions(value, opts), opts.label);
}

interface StoredVersion {
  version: number;
  module_prompt: string;
  global_prompt: string | null;
  sequential_prompts: SequentialPrompt[] | null;
  archived: boolean;
}

/**
 * A stored version as SPEC §7 answers it: `{ version, module_prompt, sequential_prompts }`, or for
 * global_prompt `{ version, global_prompt }` (plus module_prompt when set). With `showArchived`, archived
 * versions and prompts are included and carry `archived: true`; otherwise they are left out.
 */
export function renderVersion(row: StoredVersion, opts: { isGlobal: boolean; showArchived: boolean }) {
  const archived = opts.showArchived && row.archived ? { archived: true as const } : {};
  if (opts.isGlobal) {
    return {
      version: row.version,
      global_prompt: row.global_prompt ?? '',
      ...(row.module_prompt ? { module_prompt: row.module_prompt } : {}),
      ...archived,
    };
  }
  const prompts = (row.sequential_prompts ?? [])
    .filter((p) => opts.showArchived || p.archived !== true)
    .map((p) => ({
      name: p.name,
      description: p.description,
      prompt: p.prompt,
      trigger_condition: p.trigger_condition,
      next_prompt: p.next_prompt,
      ...(p.reasoning_effort ? { reasoning_effort: p.reasoning_effort } : {}),
      ...(p.archived === true ? { archived: true as const } : {}),
    }));
  return { version: row.version, module_prompt: row.module_prompt, sequential_prompts: prompts, ...archived };
}
