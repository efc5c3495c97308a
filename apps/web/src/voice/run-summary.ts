// The testing page's summary of a finished run (issue 7 §3): messages, the prompts reached and never reached
// in each sequence visited, the tools called, and the memory keys and mood scores set — as JSON to copy.
import type { ConversationItem } from '@/voice/transcript'
import type { PromptPathCause, PromptPathStep } from '@/voice/prompt-path'
import type { ToolCallRecord } from '@/voice/tool-calls'
import { type TurnTakingRates, type TurnTakingTotals, turnTakingRates } from '@hearth/protocol'

import type { TurnLatencySummary } from '@/voice/turn-latency'

export interface RunSummaryInput {
  items: readonly ConversationItem[]
  path: readonly PromptPathStep[]
  tools: readonly ToolCallRecord[]
  memory: Record<string, string>
  mood: Record<string, number>
  /** The prompt names of each version visited, keyed by `versionKey(module, version)`; missing when not loaded. */
  promptsByVersion: Record<string, string[]>
  latency: TurnLatencySummary
  /** The session's turn-taking totals (voice/turn-taking-feed.ts). */
  turnTaking: TurnTakingTotals
  startedAtMs: number
  endedAtMs: number
  /** Why the run ended: the message limit or the operator. */
  endedBy: 'limit' | 'operator' | 'connection'
}

export interface RunSummary {
  startedAt: string
  endedAt: string
  durationS: number
  endedBy: RunSummaryInput['endedBy']
  messages: { total: number; user: number; assistant: number }
  sequences: Array<{ module: string; version: number; reached: string[]; neverReached: string[] | null }>
  path: Array<{ module: string; version: number; prompt: string; via: PromptPathCause; at: string }>
  tools: Array<{ name: string; calls: number; failed: number }>
  memory: Record<string, string>
  mood: Record<string, number>
  turnLatencyMs: { count: number; p50: number | null; p95: number | null }
  /** Counts and their rates per turn (0..1). */
  turnTaking: TurnTakingTotals & { rates: TurnTakingRates }
}

export const versionKey = (module: string, version: number) => `${module}\u0000${version}`

export function buildRunSummary(input: RunSummaryInput): RunSummary {
  const messages = input.items.filter((item) => item.type === 'message' && item.role !== 'system')
  const user = messages.filter((item) => item.role === 'user').length

  const sequences: RunSummary['sequences'] = []
  for (const step of input.path) {
    let entry = sequences.find((s) => s.module === step.module && s.version === step.version)
    if (!entry) {
      const prompts = input.promptsByVersion[versionKey(step.module, step.version)]
      entry = { module: step.module, version: step.version, reached: [], neverReached: prompts ? [...prompts] : null }
      sequences.push(entry)
    }
    if (step.prompt && !entry.reached.includes(step.prompt)) entry.reached.push(step.prompt)
    if (entry.neverReached) entry.neverReached = entry.neverReached.filter((name) => name !== step.prompt)
  }

  const tools: RunSummary['tools'] = []
  for (const call of input.tools) {
    let entry = tools.find((t) => t.name === call.name)
    if (!entry) tools.push((entry = { name: call.name, calls: 0, failed: 0 }))
    entry.calls++
    if (call.ok === false) entry.failed++
  }

  const round = (ms: number | null) => (ms === null ? null : Math.round(ms))
  return {
    startedAt: new Date(input.startedAtMs).toISOString(),
    endedAt: new Date(input.endedAtMs).toISOString(),
    durationS: Math.round((input.endedAtMs - input.startedAtMs) / 1000),
    endedBy: input.endedBy,
    messages: { total: messages.length, user, assistant: messages.length - user },
    sequences,
    path: input.path.map((step) => ({
      module: step.module,
      version: step.version,
      prompt: step.prompt,
      via: step.cause,
      at: new Date(step.atMs).toISOString(),
    })),
    tools,
    memory: { ...input.memory },
    mood: { ...input.mood },
    turnLatencyMs: { count: input.latency.count, p50: round(input.latency.p50Ms), p95: round(input.latency.p95Ms) },
    turnTaking: { ...input.turnTaking, rates: turnTakingRates(input.turnTaking) },
  }
}
