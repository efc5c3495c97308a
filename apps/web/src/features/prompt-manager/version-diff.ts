// Side-by-side comparison of two versions of a sequence, per prompt field (matched by prompt name).

export const PROMPT_FIELDS = ['description', 'prompt', 'trigger_condition', 'next_prompt'] as const

/** Compared only where either side has it, so prompts without one show no empty row. */
const OPTIONAL_FIELDS = ['reasoning_effort'] as const

type PromptLike = { name: string } & Partial<Record<(typeof PROMPT_FIELDS)[number] | (typeof OPTIONAL_FIELDS)[number], string>>
type VersionLike = { module_prompt?: string; global_prompt?: string; sequential_prompts?: PromptLike[] }

export type FieldChange = { field: string; left: string; right: string; changed: boolean }

export type PromptDiff =
  | { name: string; kind: 'added'; fields: FieldChange[] }
  | { name: string; kind: 'removed'; fields: FieldChange[] }
  | { name: string; kind: 'changed' | 'same'; fields: FieldChange[] }

export type VersionDiff = { top: FieldChange[]; prompts: PromptDiff[]; changedCount: number }

const field = (name: string, left = '', right = ''): FieldChange => ({ field: name, left, right, changed: left !== right })

/** Prompts in the right version's order, then the ones only the left version has. */
export function diffVersions(left: VersionLike, right: VersionLike): VersionDiff {
  const top = [field('module_prompt', left.module_prompt, right.module_prompt)]
  if (left.global_prompt !== undefined || right.global_prompt !== undefined) {
    top.push(field('global_prompt', left.global_prompt, right.global_prompt))
  }
  const leftPrompts = new Map((left.sequential_prompts ?? []).map((p) => [p.name, p]))
  const rightNames = new Set((right.sequential_prompts ?? []).map((p) => p.name))
  const prompts: PromptDiff[] = []
  for (const prompt of right.sequential_prompts ?? []) {
    const before = leftPrompts.get(prompt.name)
    const fields = promptFields(before, prompt)
    if (!before) prompts.push({ name: prompt.name, kind: 'added', fields })
    else prompts.push({ name: prompt.name, kind: fields.some((f) => f.changed) ? 'changed' : 'same', fields })
  }
  for (const prompt of left.sequential_prompts ?? []) {
    if (rightNames.has(prompt.name)) continue
    prompts.push({ name: prompt.name, kind: 'removed', fields: promptFields(prompt, undefined) })
  }
  const changedCount = top.filter((f) => f.changed).length + prompts.filter((p) => p.kind !== 'same').length
  return { top, prompts, changedCount }
}

function promptFields(left: PromptLike | undefined, right: PromptLike | undefined): FieldChange[] {
  const optional = OPTIONAL_FIELDS.filter((name) => left?.[name] !== undefined || right?.[name] !== undefined)
  return [...PROMPT_FIELDS, ...optional].map((name) => field(name, left?.[name], right?.[name]))
}
