import { expect, test } from 'bun:test'

import { diffVersions } from '@/features/prompt-manager/version-diff'

const prompt = (name: string, extra: Record<string, string> = {}) => ({
  name,
  description: `${name} d`,
  prompt: `${name} p`,
  trigger_condition: `${name} t`,
  next_prompt: '',
  ...extra,
})

test('matches prompts by name and marks each changed field', () => {
  const diff = diffVersions(
    { module_prompt: 'm', sequential_prompts: [prompt('a'), prompt('b'), prompt('gone')] },
    { module_prompt: 'm2', sequential_prompts: [prompt('b'), prompt('a', { prompt: 'new words' }), prompt('fresh')] },
  )
  expect(diff.top).toEqual([{ field: 'module_prompt', left: 'm', right: 'm2', changed: true }])
  expect(diff.prompts.map((p) => [p.name, p.kind])).toEqual([
    ['b', 'same'],
    ['a', 'changed'],
    ['fresh', 'added'],
    ['gone', 'removed'],
  ])
  const a = diff.prompts.find((p) => p.name === 'a')!
  expect(a.fields.filter((f) => f.changed)).toEqual([{ field: 'prompt', left: 'a p', right: 'new words', changed: true }])
  expect(diff.changedCount).toBe(4)
})

test('identical versions have no changes; global prompts compare their text', () => {
  const same = { module_prompt: 'm', sequential_prompts: [prompt('a')] }
  expect(diffVersions(same, same).changedCount).toBe(0)
  const global = diffVersions({ global_prompt: 'be kind' }, { global_prompt: 'be kind and brief' })
  expect(global.top.find((f) => f.field === 'global_prompt')?.changed).toBe(true)
})

test('a reasoning_effort is compared where either side has one', () => {
  const diff = diffVersions(
    { module_prompt: 'm', sequential_prompts: [prompt('a'), prompt('b', { reasoning_effort: 'high' })] },
    { module_prompt: 'm', sequential_prompts: [prompt('a'), prompt('b', { reasoning_effort: 'low' })] },
  )
  expect(diff.prompts.find((p) => p.name === 'a')!.fields.map((f) => f.field)).not.toContain('reasoning_effort')
  expect(diff.prompts.find((p) => p.name === 'b')!.fields.filter((f) => f.changed)).toEqual([
    { field: 'reasoning_effort', left: 'high', right: 'low', changed: true },
  ])
})
