import { describe, expect, test } from 'bun:test'

import type { TestCase } from '@/features/prompt-manager/api'
import { caseLint, caseToDraft, draftToCase, emptyExpectation } from '@/features/prompt-manager/test-case-form'

const shy: TestCase = {
  caseId: 'c1',
  name: 'Shy member',
  persona: 'Quiet.',
  startPrompt: 'welcome',
  turnLimit: 12,
  repeats: 3,
  threshold: 1,
  expect: [
    { type: 'reaches', prompt: 'interests', within: 6 },
    { type: 'never_reaches', prompt: 'goodbye' },
    { type: 'tool', name: 'set_memory', args: { key: 'hobby' } },
    { type: 'judged', criterion: 'Warm', pass: 'Take your time.', fail: 'Hurry up.' },
  ],
}

describe('test case form', () => {
  test('a stored case reads back unchanged through the form', () => {
    const { caseId: _id, ...input } = shy
    expect(draftToCase(caseToDraft(shy))).toEqual({ ok: true, value: input })
  })

  test('what is missing is said in words, by expectation', () => {
    const draft = caseToDraft()
    expect(draftToCase(draft)).toEqual({ ok: false, error: 'Give the test case a name' })
    const named = { ...draft, name: 'A', persona: 'B' }
    expect(draftToCase({ ...named, expect: [emptyExpectation('reaches')] })).toEqual({
      ok: false,
      error: 'Expectation 1: choose the prompt it must reach',
    })
    const tool = { ...emptyExpectation('tool'), tool: 'set_memory', args: '[1]' }
    expect(draftToCase({ ...named, expect: [{ ...emptyExpectation('mood') }, tool] })).toEqual({
      ok: false,
      error: 'Expectation 2: the arguments must be a JSON object',
    })
  })

  test('the checks name each case that names a prompt no version has', () => {
    expect(caseLint([shy], new Set(['welcome', 'interests', 'goodbye']))).toEqual([])
    expect(caseLint([shy], new Set(['welcome', 'interests', 'farewell']))).toEqual([
      "Test case 'Shy member' names prompt 'goodbye', which no version has",
    ])
    expect(caseLint([{ ...shy, name: 'Lost' }], new Set(['interests', 'goodbye']))).toEqual([
      "Test case 'Lost' names prompt 'welcome', which no version has",
    ])
  })
})
