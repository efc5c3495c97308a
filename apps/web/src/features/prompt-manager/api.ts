// The sequence (module) calls of SPEC §7 that the prompt manager makes.
import type { SequenceTurnDetection } from '@hearth/protocol'

import { client, isApiError, postForm, unwrap } from '@/lib/api'

type Signal = { signal?: AbortSignal }

/** File names ("….json"), global_prompt.json first, the rest alphabetical (the server's order). */
export const fetchSequences = (options: Signal = {}) =>
  unwrap(client.api['get-sequences'].get({ query: {}, fetch: { signal: options.signal } }))

export const fetchSequenceContent = (name: string, options: Signal = {}) =>
  unwrap(client.api['get-sequence-content']({ name }).get({ query: {}, fetch: { signal: options.signal } }))

export type SequenceVersion = Awaited<ReturnType<typeof fetchSequenceContent>>[number]

/** Saves a version object; without `version` the server stores it as a new, highest version. */
export const saveSequenceVersion = (name: string, version: Record<string, unknown>) =>
  unwrap(client.api['update-sequence-content']({ name }).put(version))

export const renameSequence = (name: string, newName: string) => unwrap(client.api['rename-sequence']({ name }).put({ newName }))

export const createSequence = (name: string) => unwrap(client.api['create-sequence'].post({ name }))

export const deleteSequence = (name: string) => unwrap(client.api['delete-sequence']({ name }).delete())

/**
 * PRODUCT §10: which version members get, who published each and when, with the publishing history (newest first),
 * which says whether a publish was an admin's override of the test gate.
 */
export async function fetchSequenceStatus(name: string, options: Signal = {}) {
  const fetchOptions = { fetch: { signal: options.signal } }
  const [status, history] = await Promise.all([
    unwrap(client.api['get-sequence-status']({ name }).get(fetchOptions)),
    unwrap(client.api['get-sequence-publications']({ name }).get(fetchOptions)),
  ])
  return { ...status, publications: history.publications }
}

export type SequenceStatus = Awaited<ReturnType<typeof fetchSequenceStatus>>

/** `force` (admins only): publish past the test gate; the server records the override. */
export const publishSequence = (name: string, version: number, force = false) =>
  unwrap(client.api['publish-sequence']({ name }).post(force ? { version, force } : { version }))

/** The case names a closed test gate lists in its 409 (`{ error, failing }`), or null for any other failure. */
export function gateFailing(error: unknown): string[] | null {
  if (!isApiError(error, 409)) return null
  const body = error.body
  if (!body || typeof body !== 'object' || !('failing' in body) || !Array.isArray(body.failing)) return null
  return body.failing.filter((name): name is string => typeof name === 'string')
}

/**
 * POST /api/test-runs {sequence, version} → { runId }: runs all the sequence's cases on one version. The Testing
 * page's runs-api.ts holds the rest of the runs contract; features do not share files, so this one call is here.
 */
export const startTestRun = (sequence: string, version: number) => unwrap(client.api['test-runs'].post({ sequence, version }))

/** PUT /api/sequence-settings/{name} (admins): whether publishing needs a passing test run (PRODUCT §10's gate). */
export const setRequireTests = (name: string, requireTests: boolean) =>
  unwrap(client.api['sequence-settings']({ name }).put({ requireTests }))

/** PUT /api/sequence-settings/{name} (admins): how members' turns end in this sequence (issue 23). */
export const setSequenceTurnDetection = (name: string, turnDetection: SequenceTurnDetection) =>
  unwrap(client.api['sequence-settings']({ name }).put({ turnDetection }))

/** PUT /api/sequence-settings/{name} (admins): whether the assistant may ask the loneliness scale here (issue 24). */
export const setSequenceWellbeing = (name: string, wellbeing: boolean) =>
  unwrap(client.api['sequence-settings']({ name }).put({ wellbeing }))

/** GET /api/turn-taking?sequence= (admins): turn-taking rates per version of the sequence (issue 23 §4). */
export const fetchTurnTaking = (sequence: string, options: Signal = {}) =>
  unwrap(client.api['turn-taking'].get({ query: { sequence }, fetch: { signal: options.signal } }))

export type TurnTakingVersion = Awaited<ReturnType<typeof fetchTurnTaking>>['versions'][number]

// ---- What the sequence's conversations cost (PRODUCT §12, admins) ----

const COST_DAYS = 14
const DAY_MS = 86_400_000

export const fetchCosts = (query: { sequence: string; groupBy: 'version' | 'day'; from?: string }, options: Signal = {}) =>
  unwrap(client.api.costs.get({ query, fetch: { signal: options.signal } }))

export type CostRow = Awaited<ReturnType<typeof fetchCosts>>['rows'][number]

/** Per version (all time) and per day of the last 14 UTC days. */
export async function fetchSequenceCosts(sequence: string, options: Signal = {}) {
  const from = new Date(Date.now() - (COST_DAYS - 1) * DAY_MS).toISOString().slice(0, 10)
  const [versions, days] = await Promise.all([
    fetchCosts({ sequence, groupBy: 'version' }, options),
    fetchCosts({ sequence, groupBy: 'day', from }, options),
  ])
  return { provider: versions.provider, versions: versions.rows, days: days.rows, daysTotal: days.total }
}

export type SequenceCosts = Awaited<ReturnType<typeof fetchSequenceCosts>>

// ---- Test cases of a sequence (PRODUCT §10) ----

export const fetchTestCases = (sequence: string, options: Signal = {}) =>
  unwrap(client.api['test-cases']({ sequence }).get({ fetch: { signal: options.signal } }))

export type TestCase = Awaited<ReturnType<typeof fetchTestCases>>['cases'][number]
export type TestCaseInput = Omit<TestCase, 'caseId'>
export type Expectation = TestCase['expect'][number]

export const createTestCase = (sequence: string, testCase: TestCaseInput) => unwrap(client.api['test-cases']({ sequence }).post(testCase))

export const updateTestCase = (sequence: string, caseId: string, testCase: TestCaseInput) =>
  unwrap(client.api['test-cases']({ sequence })({ caseId }).put(testCase))

export const deleteTestCase = (sequence: string, caseId: string) => unwrap(client.api['test-cases']({ sequence })({ caseId }).delete())

export type UploadResult = { fileName: string; created?: boolean; versions?: number[] }

export function uploadSequence(name: string, file: File) {
  const form = new FormData()
  form.set('name', name)
  form.set('jsonFile', file)
  return postForm<UploadResult>('/api/upload-sequence', form)
}

/**
 * The prompt manager's loader: the sequence list, the chosen sequence's versions, its publishing status and its
 * test cases (neither for global_prompt.json, which is not published). Failures are kept, not thrown. For admins, the
 * turn-taking rates and the costs too, not waited for: the page shows them loading (a promise the screen awaits).
 */
export async function loadPromptManager(sequence: string | undefined, signal: AbortSignal, opts: { admin?: boolean } = {}) {
  const publishable = sequence && !/^global_prompt(\.json)?$/i.test(sequence.trim())
  const [sequences, content, status, testCases] = await Promise.all([
    settle(fetchSequences({ signal })),
    sequence ? settle(fetchSequenceContent(sequence, { signal })) : Promise.resolve(null),
    publishable ? settle(fetchSequenceStatus(sequence, { signal })) : Promise.resolve(null),
    publishable ? settle(fetchTestCases(sequence, { signal }).then((r) => r.cases)) : Promise.resolve(null),
  ])
  const turnTaking = opts.admin && publishable ? settle(fetchTurnTaking(sequence, { signal }).then((r) => r.versions)) : null
  const costs = opts.admin && publishable ? settle(fetchSequenceCosts(sequence, { signal })) : null
  return { sequences, content, status, testCases, turnTaking, costs }
}

export type Settled<T> = { ok: true; value: T } | { ok: false; error: string }

async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, value: await call }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : 'Unknown error' }
  }
}
