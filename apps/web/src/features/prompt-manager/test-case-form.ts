// A test case (PRODUCT §10) as the form edits it: every field as text, read back into the case on save.
import type { ExpectationDraft, ExpectationType } from '@/features/prompt-manager/components/expectation-row'
import type { Expectation, TestCase, TestCaseInput } from '@/features/prompt-manager/api'

export type CaseDraft = {
  name: string
  persona: string
  opening: string
  turnLimit: string
  repeats: string
  threshold: string
  startPrompt: string
  memory: string
  profile: string
  expect: ExpectationDraft[]
}

let nextKey = 0

export function emptyExpectation(type: ExpectationType = 'reaches'): ExpectationDraft {
  return { key: ++nextKey, type, prompt: '', within: '', tool: '', args: '', memoryKey: '', criterion: '', pass: '', fail: '' }
}

export function caseToDraft(testCase?: TestCase): CaseDraft {
  if (!testCase) {
    return {
      name: '',
      persona: '',
      opening: '',
      turnLimit: '20',
      repeats: '3',
      threshold: '1',
      startPrompt: '',
      memory: '',
      profile: '',
      expect: [],
    }
  }
  return {
    name: testCase.name,
    persona: testCase.persona,
    opening: testCase.opening ?? '',
    turnLimit: String(testCase.turnLimit),
    repeats: String(testCase.repeats ?? 3),
    threshold: String(testCase.threshold ?? 1),
    startPrompt: testCase.startPrompt ?? '',
    memory: testCase.memory ?? '',
    profile: testCase.profile ?? '',
    expect: testCase.expect.map(expectationToDraft),
  }
}

function expectationToDraft(e: Expectation): ExpectationDraft {
  const draft = emptyExpectation(e.type)
  if (e.type === 'reaches') return { ...draft, prompt: e.prompt, within: e.within === undefined ? '' : String(e.within) }
  if (e.type === 'never_reaches') return { ...draft, prompt: e.prompt }
  if (e.type === 'tool') return { ...draft, tool: e.name, args: e.args === undefined ? '' : JSON.stringify(e.args) }
  if (e.type === 'memory_key') return { ...draft, memoryKey: e.key }
  if (e.type === 'judged') return { ...draft, criterion: e.criterion, pass: e.pass, fail: e.fail }
  return draft
}

/** The case to send, or the first thing the person must fix (in words, for the form). */
export function draftToCase(draft: CaseDraft): { ok: true; value: TestCaseInput } | { ok: false; error: string } {
  if (!draft.name.trim()) return { ok: false, error: 'Give the test case a name' }
  if (!draft.persona.trim()) return { ok: false, error: 'Describe the member in the persona' }
  const expect: Expectation[] = []
  for (const [index, row] of draft.expect.entries()) {
    const read = readExpectation(row)
    if (typeof read === 'string') return { ok: false, error: `Expectation ${index + 1}: ${read}` }
    expect.push(read)
  }
  const optional = (text: string) => (text.trim() ? text : undefined)
  return {
    ok: true,
    value: {
      name: draft.name.trim(),
      persona: draft.persona,
      opening: optional(draft.opening),
      turnLimit: Number(draft.turnLimit),
      repeats: Number(draft.repeats),
      threshold: Number(draft.threshold),
      startPrompt: optional(draft.startPrompt),
      memory: optional(draft.memory),
      profile: optional(draft.profile),
      expect,
    },
  }
}

function readExpectation(row: ExpectationDraft): Expectation | string {
  switch (row.type) {
    case 'reaches':
      if (!row.prompt) return 'choose the prompt it must reach'
      return row.within.trim()
        ? { type: 'reaches', prompt: row.prompt, within: Number(row.within) }
        : { type: 'reaches', prompt: row.prompt }
    case 'never_reaches':
      if (!row.prompt) return 'choose the prompt it must never reach'
      return { type: 'never_reaches', prompt: row.prompt }
    case 'tool': {
      if (!row.tool) return 'choose the tool'
      const tool = row.tool as Extract<Expectation, { type: 'tool' }>['name']
      if (!row.args.trim()) return { type: 'tool', name: tool }
      try {
        const args: unknown = JSON.parse(row.args)
        if (typeof args !== 'object' || args === null || Array.isArray(args)) return 'the arguments must be a JSON object'
        return { type: 'tool', name: tool, args }
      } catch {
        return 'the arguments are not valid JSON'
      }
    }
    case 'memory_key':
      return row.memoryKey.trim() ? { type: 'memory_key', key: row.memoryKey.trim() } : 'name the memory key'
    case 'mood':
      return { type: 'mood' }
    case 'judged':
      if (!row.criterion.trim() || !row.pass.trim() || !row.fail.trim()) return 'write the criterion and a passing and a failing example'
      return { type: 'judged', criterion: row.criterion, pass: row.pass, fail: row.fail }
  }
}

/** "Test case 'N' names prompt 'P', which no version has": for the Prompt Manager's checks. */
export function caseLint(cases: TestCase[], promptNames: Set<string>): string[] {
  const messages: string[] = []
  for (const c of cases) {
    const named = [c.startPrompt, ...c.expect.map((e) => (e.type === 'reaches' || e.type === 'never_reaches' ? e.prompt : undefined))]
    for (const prompt of new Set(named)) {
      if (prompt && !promptNames.has(prompt)) messages.push(`Test case '${c.name}' names prompt '${prompt}', which no version has`)
    }
  }
  return messages
}
