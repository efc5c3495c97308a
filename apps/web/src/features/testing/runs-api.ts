// The test-run calls (PRODUCT §10, issue 22): start a run, read one run in full, list a sequence's runs. The
// endpoints are not in the server's `App` type of this branch yet, so these are plain typed fetches through
// lib/http (same timeout, same `{ error }` texts as the Eden client). The types mirror the engine's contract field
// for field; moving to the typed client later touches only this file.
import { apiFetch, getJson, readAnswer } from '@/lib/http'

type Signal = { signal?: AbortSignal }

export type RunStatus = 'queued' | 'running' | 'done' | 'failed'
export type AttemptStatus = 'queued' | 'running' | 'passed' | 'failed' | 'error'
export type RunProvider = 'local' | 'openai'
export type RunJudge = 'keywords' | 'model'
export type TransitionVerdict = 'premature' | 'on_time' | 'missed'

export interface RunProgress {
  done: number
  total: number
}

export interface GraphPrompt {
  name: string
  next: string
  trigger: string
}

export interface AttemptCheck {
  expectation: string
  passed: boolean
  turn: number | null
  detail: string
}

export interface TranscriptTurn {
  turn: number
  role: 'member' | 'assistant'
  text: string
  prompt: string
  tools: { name: string; args: unknown; output: unknown }[]
  latencyMs: number | null
}

export interface AttemptTransition {
  from: string
  to: string
  turn: number | null
  verdict: TransitionVerdict
  reason: string
}

export interface RunAttempt {
  repeat: number
  status: AttemptStatus
  turns: number
  promptPath: string[]
  latencyMs: { p50: number | null; p95: number | null }
  costUsd: number
  checks: AttemptCheck[]
  transcript: TranscriptTurn[]
  transitions: AttemptTransition[]
}

export interface RunCase {
  caseId: string
  name: string
  runs: number
  passes: number
  passed: boolean
  repeats: number
  threshold: number
  failures: string[]
  attempts: RunAttempt[]
}

export interface RunCoverage {
  attempts: number
  prompts: Record<string, number>
  edges: { from: string; to: string; taken: number }[]
  transitions: { from: string; to: string; premature: number; onTime: number; missed: number }[]
}

/** GET /api/test-runs/{runId}/detail */
export interface RunDetail {
  runId: string
  status: RunStatus
  sequence: string
  version: number
  provider: RunProvider
  judge: RunJudge
  createdAt: string
  finishedAt: string | null
  progress: RunProgress
  graph: { prompts: GraphPrompt[] }
  budgets: { latencyP95Ms: number; costUsd: number }
  cases: RunCase[]
  coverage: RunCoverage
}

/** One row of GET /api/test-runs?sequence=NAME */
export interface RunListItem {
  runId: string
  sequence: string
  version: number
  status: RunStatus
  provider: RunProvider
  createdAt: string
  finishedAt: string | null
  progress: RunProgress
  casesPassed: number
  casesFailed: number
}

export interface StartRunInput {
  sequence: string
  version: number
  caseIds?: string[]
  repeats?: number
}

/** POST /api/test-runs → { runId } (400/404 `{ error }`). */
export async function startRun(input: StartRunInput): Promise<{ runId: string }> {
  const response = await apiFetch('/api/test-runs', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  return readAnswer<{ runId: string }>(response)
}

export const fetchRunDetail = (runId: string, options: Signal = {}) =>
  getJson<RunDetail>(`/api/test-runs/${encodeURIComponent(runId)}/detail`, options)

/** Newest first. */
export async function fetchRuns(sequence: string, options: Signal = {}): Promise<RunListItem[]> {
  const { runs } = await getJson<{ runs: RunListItem[] }>(`/api/test-runs?sequence=${encodeURIComponent(sequence)}`, options)
  return runs
}

/** A sequence's test cases (only their ids and names here: the Prompt Manager edits them). */
export async function fetchCaseNames(sequence: string, options: Signal = {}): Promise<{ caseId: string; name: string }[]> {
  const { cases } = await getJson<{ cases: { caseId: string; name: string }[] }>(`/api/test-cases/${encodeURIComponent(sequence)}`, options)
  return cases
}

export const isLive = (status: RunStatus) => status === 'queued' || status === 'running'
