/**
 * Lint for one version of a prompt sequence (SPEC §3), shared by the web editor (on every keystroke) and the
 * server (on every write). Errors block a save; warnings point at a flow that will behave oddly in a
 * conversation. The server's content.ts stays the authority on exact shape rules (lengths, version numbers);
 * the shape checks here mirror the ones an operator typing JSON trips over. Linear apart from the final sort.
 */
import { isReasoningEffort, REASONING_EFFORTS } from './session';

export type LintIssue = {
  severity: 'error' | 'warning';
  message: string;
  /** Position in sequential_prompts, when the issue is about one prompt. */
  promptIndex?: number;
  promptName?: string;
  field?: string;
};

const PROMPT_FIELDS = ['name', 'description', 'prompt', 'trigger_condition', 'next_prompt'] as const;
const PROMPT_KEYS = new Set<string>([...PROMPT_FIELDS, 'archived', 'reasoning_effort']);
const VERSION_KEYS = new Set(['version', 'module_prompt', 'global_prompt', 'sequential_prompts', 'archived']);
/** Longer loops are shortened in the message, which the editor shows in one line. */
const MAX_LOOP_NAMES = 8;

/** A prompt with a non-blank name (trimmed); next and trigger are '' when they are not strings (already an error). */
interface LintedPrompt {
  index: number;
  name: string;
  next: string;
  trigger: string;
  archived: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const firstError = (issues: LintIssue[]): LintIssue | undefined => issues.find((i) => i.severity === 'error');

export function lintVersion(value: unknown): LintIssue[] {
  const issues: LintIssue[] = [];
  if (!isObject(value)) {
    return [{ severity: 'error', message: 'The version must be an object with module_prompt and sequential_prompts' }];
  }
  for (const key of Object.keys(value)) {
    if (!VERSION_KEYS.has(key)) issues.push({ severity: 'error', message: `Unknown field "${key}" in the version`, field: key });
  }
  if (typeof value.module_prompt !== 'string') {
    issues.push({ severity: 'error', message: 'module_prompt must be a string', field: 'module_prompt' });
  }
  if (value.global_prompt !== undefined && value.global_prompt !== null) {
    issues.push({ severity: 'error', message: 'Only global_prompt.json has a global_prompt', field: 'global_prompt' });
  }
  const list = value.sequential_prompts;
  if (!Array.isArray(list) || list.length === 0) {
    const message = Array.isArray(list)
      ? 'sequential_prompts must have at least one prompt'
      : 'sequential_prompts must be a list of prompts';
    issues.push({ severity: 'error', message, field: 'sequential_prompts' });
    return inOrder(issues);
  }
  const prompts: LintedPrompt[] = [];
  list.forEach((item, index) => {
    const prompt = readPrompt(item, index, issues);
    if (prompt) prompts.push(prompt);
  });
  lintFlow(prompts, issues);
  return inOrder(issues);
}

export function lintText(text: string): { value?: unknown; issues: LintIssue[] } {
  const json = text.replace(/^\uFEFF/, '');
  if (!json.trim()) return { issues: [{ severity: 'error', message: 'Not valid JSON: the text is empty' }] };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (err) {
    return { issues: [{ severity: 'error', message: `Not valid JSON: ${describeJsonError(err)}` }] };
  }
  return { value, issues: lintVersion(value) };
}

/** Shape and blank-field errors of one prompt; the prompt itself when it has a name to follow. */
function readPrompt(item: unknown, index: number, issues: LintIssue[]): LintedPrompt | undefined {
  const at = `sequential_prompts[${index}]`;
  if (!isObject(item)) {
    issues.push({ severity: 'error', message: `${at} must be an object with ${PROMPT_FIELDS.join(', ')}`, promptIndex: index });
    return undefined;
  }
  const hasName = typeof item.name === 'string' && item.name.trim() !== '';
  const promptName = hasName ? (item.name as string).trim() : undefined;
  const label = hasName ? `Prompt "${promptName}"` : at;
  const error = (message: string, field?: string) =>
    issues.push({ severity: 'error', message: `${label}: ${message}`, promptIndex: index, promptName, field });

  for (const key of Object.keys(item)) if (!PROMPT_KEYS.has(key)) error(`unknown field "${key}"`, key);
  for (const field of PROMPT_FIELDS) if (typeof item[field] !== 'string') error(`${field} must be a string`, field);
  if (item.archived !== undefined && typeof item.archived !== 'boolean') error('archived must be true or false', 'archived');
  if (item.reasoning_effort !== undefined && !isReasoningEffort(item.reasoning_effort)) {
    error(`reasoning_effort must be one of ${REASONING_EFFORTS.map((e) => `"${e}"`).join(', ')} (or left out)`, 'reasoning_effort');
  }
  if (typeof item.name === 'string' && !hasName) error('name must not be empty', 'name');
  if (typeof item.prompt === 'string' && !item.prompt.trim()) {
    // Archived prompts are left out of conversations: what would break one only warns for them.
    const severity = item.archived === true ? 'warning' : 'error';
    issues.push({ severity, message: `${label}: prompt must not be empty`, promptIndex: index, promptName, field: 'prompt' });
  }
  if (!hasName) return undefined;
  return {
    index,
    name: promptName!,
    next: typeof item.next_prompt === 'string' ? item.next_prompt.trim() : '',
    trigger: typeof item.trigger_condition === 'string' ? item.trigger_condition : '',
    archived: item.archived === true,
  };
}

/**
 * Names and the next_prompt chain. Archived prompts are prompts of the version (a next_prompt may name one),
 * but conversations leave them out, so the chain is followed over live prompts from the first live one, and
 * what would break a conversation only warns for an archived prompt.
 */
function lintFlow(prompts: LintedPrompt[], issues: LintIssue[]) {
  const add = (severity: LintIssue['severity'], p: LintedPrompt, message: string, field?: string) =>
    issues.push({ severity, message, promptIndex: p.index, promptName: p.name, field });

  const byName = new Map<string, LintedPrompt>();
  for (const p of prompts) {
    const first = byName.get(p.name);
    if (first) add('error', p, `Prompt "${p.name}": the name is already used by sequential_prompts[${first.index}]`, 'name');
    else byName.set(p.name, p);
  }
  for (const p of prompts) {
    const target = p.next ? byName.get(p.next) : undefined;
    if (p.next && !target) {
      const message = `Prompt "${p.name}": next_prompt "${p.next}" names no prompt of this version`;
      add(p.archived ? 'warning' : 'error', p, message, 'next_prompt');
    } else if (target?.archived && !p.archived) {
      const message = `Prompt "${p.name}": next_prompt "${p.next}" names an archived prompt, which conversations leave out`;
      add('warning', p, message, 'next_prompt');
    }
  }

  const live = prompts.filter((p) => !p.archived && byName.get(p.name) === p);
  for (const p of live) {
    // The trigger condition tells the assistant when to move on, so it only matters where there is somewhere to go.
    if (p.next && !p.trigger.trim()) {
      const message = `Prompt "${p.name}": trigger_condition is empty, so the assistant cannot tell when to move on to "${p.next}"`;
      add('warning', p, message, 'trigger_condition');
    }
  }
  if (live.length === 0) return;

  // Every prompt has at most one next_prompt, so the chains from the first prompt are one path.
  const pathPosition = new Map<LintedPrompt, number>();
  const path: LintedPrompt[] = [];
  for (let current: LintedPrompt | undefined = live[0]; current; ) {
    const seenAt = pathPosition.get(current);
    if (seenAt !== undefined) {
      const loop = path.slice(seenAt);
      const message = `next_prompt loops forever through ${loopNames(loop)}: none of these prompts has an empty next_prompt to end on`;
      add('warning', loop[0], message);
      break;
    }
    pathPosition.set(current, path.length);
    path.push(current);
    const target: LintedPrompt | undefined = current.next ? byName.get(current.next) : undefined;
    current = target && !target.archived ? target : undefined;
  }
  for (const p of live) {
    if (pathPosition.has(p)) continue;
    add('warning', p, `Prompt "${p.name}" is never reached: no next_prompt chain from the first prompt "${live[0].name}" leads to it`);
  }
}

function loopNames(loop: LintedPrompt[]): string {
  const names = [...loop, loop[0]].map((p) => `"${p.name}"`);
  if (names.length <= MAX_LOOP_NAMES) return names.join(' → ');
  return `${names.slice(0, MAX_LOOP_NAMES - 1).join(' → ')} → … (${loop.length} prompts)`;
}

/** Errors first, then warnings; within each, issues of the whole version before those of prompts, in prompt order. */
function inOrder(issues: LintIssue[]): LintIssue[] {
  const rank = (i: LintIssue) => (i.severity === 'error' ? 0 : 1);
  return issues.sort((a, b) => rank(a) - rank(b) || (a.promptIndex ?? -1) - (b.promptIndex ?? -1));
}

/** The parser's own words, which carry the line and column where the engine gives them (V8, Firefox; not Safari). */
function describeJsonError(err: unknown): string {
  const raw = err instanceof Error ? err.message : String(err);
  return raw.replace(/^JSON Parse error:\s*/i, '').replace(/^JSON\.parse:\s*/, '') || 'the text cannot be read';
}
