// What only the staff voice pages (console, testing) keep beside the shared voice atoms: the full event log
// (audio included, collapsed), per-turn latencies, the prompt path and the model's tool calls. The user page
// never imports this file, so it costs the end user nothing.
import { atom } from 'jotai'
import { type ServerMessage, type TurnTakingTotals, turnTakingRates } from '@hearth/protocol'

import { connectVoiceAtom, type ConnectVoiceOptions, resetVoiceStateAtom, sendVoiceEventAtom } from '@/voice/atoms'
import { EventLog } from '@/voice/event-log'
import { emptyPromptPath, reducePromptPath } from '@/voice/prompt-path'
import { reduceToolCalls, type ToolCallRecord, toolErrorMessage } from '@/voice/tool-calls'
import { summarizeTurnLatency, type TurnLatency } from '@/voice/turn-latency'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'
import type { TurnTraceBar } from '@/voice/turn-trace'

/** One log for the page that is open; a new connection starts it afresh. */
export const staffEventLog = new EventLog()

const latenciesBaseAtom = atom<TurnLatency[]>([])
const tracesBaseAtom = atom<TurnTraceBar[]>([])
const pathBaseAtom = atom(emptyPromptPath)
const toolCallsBaseAtom = atom<ToolCallRecord[]>([])
const startedAtBaseAtom = atom<number | null>(null)
const turnTakingBaseAtom = atom<TurnTakingFlags[]>([])
const NO_TURNS: TurnTakingTotals = { turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 }
const turnTakingTotalsBaseAtom = atom<TurnTakingTotals>(NO_TURNS)

export const turnLatenciesAtom = atom((get) => get(latenciesBaseAtom))
export const turnLatencyByItemAtom = atom((get) => new Map(get(latenciesBaseAtom).map((latency) => [latency.itemId, latency])))
/** Each traced turn's shares by the item that answered it (voice/turn-trace.ts). */
export const turnTraceByItemAtom = atom((get) => new Map(get(tracesBaseAtom).map((bar) => [bar.turnId, bar])))
/** p50/p95 of the session's turns, as the page shows them. */
export const turnLatencySummaryAtom = atom((get) => summarizeTurnLatency(get(latenciesBaseAtom)))
/** Each answered turn's turn-taking flags by the item that answered it (voice/turn-taking-feed.ts). */
export const turnTakingByItemAtom = atom(
  (get) => new Map(get(turnTakingBaseAtom).flatMap((turn) => (turn.itemId ? [[turn.itemId, turn] as const] : []))),
)
/** The session's turn-taking totals and their rates per turn. */
export const turnTakingSummaryAtom = atom((get) => {
  const totals = get(turnTakingTotalsBaseAtom)
  return { totals, rates: turnTakingRates(totals) }
})
export const promptPathAtom = atom((get) => get(pathBaseAtom).steps)
export const toolCallsAtom = atom((get) => get(toolCallsBaseAtom))
/** Date.now() of the last connect. */
export const sessionStartedAtAtom = atom((get) => get(startedAtBaseAtom))

export type StaffConnectOptions = ConnectVoiceOptions & {
  /** A change_prompt or change_module call failed: SPEC §8's text and the relay's reason. */
  onToolError?: (message: string, call: ToolCallRecord) => void
}

export const connectStaffVoiceAtom = atom(null, (get, set, options: StaffConnectOptions) => {
  const { onToolError, onServerEvent, onClientEvent, onTurnLatency, onTurnTaking, onTurnTrace, ...rest } = options
  staffEventLog.clear()
  set(latenciesBaseAtom, [])
  set(tracesBaseAtom, [])
  set(turnTakingBaseAtom, [])
  set(turnTakingTotalsBaseAtom, NO_TURNS)
  set(pathBaseAtom, emptyPromptPath)
  set(toolCallsBaseAtom, [])
  set(startedAtBaseAtom, Date.now())

  const follow = (event: ServerMessage, atMs: number) => {
    const path = get(pathBaseAtom)
    const nextPath = reducePromptPath(path, event, atMs)
    if (nextPath !== path) set(pathBaseAtom, nextPath)
    const calls = get(toolCallsBaseAtom)
    const nextCalls = reduceToolCalls(calls, event, atMs)
    if (nextCalls === calls) return
    set(toolCallsBaseAtom, nextCalls)
    nextCalls.forEach((call, index) => {
      const message = calls[index]?.ok === null ? toolErrorMessage(call) : null
      if (message) onToolError?.(message, call)
    })
  }

  return set(connectVoiceAtom, {
    ...rest,
    onServerEvent: (event) => {
      const atMs = Date.now()
      staffEventLog.add('server', event, atMs)
      follow(event, atMs)
      onServerEvent?.(event)
    },
    onClientEvent: (event) => {
      staffEventLog.add('client', event)
      onClientEvent?.(event)
    },
    onTurnLatency: (latency) => {
      set(latenciesBaseAtom, (latencies) => [...latencies, latency])
      onTurnLatency?.(latency)
    },
    onTurnTrace: (bar) => {
      set(tracesBaseAtom, (bars) => [...bars, bar])
      onTurnTrace?.(bar)
    },
    onTurnTaking: (turns, totals) => {
      set(turnTakingBaseAtom, (kept) => [...kept, ...turns])
      set(turnTakingTotalsBaseAtom, totals)
      onTurnTaking?.(turns, totals)
    },
  })
})

/** Removes an item from the conversation upstream (staff only, PRODUCT §4); the server answers conversation.item.deleted. */
export const deleteConversationItemAtom = atom(null, (_get, set, itemId: string) => {
  set(sendVoiceEventAtom, { type: 'conversation.item.delete', item_id: itemId })
})

/** The console's reset after disconnect (SPEC §4): nothing of the last session stays on screen. */
export const resetStaffVoiceAtom = atom(null, (_get, set) => {
  set(resetVoiceStateAtom)
  staffEventLog.clear()
  set(latenciesBaseAtom, [])
  set(tracesBaseAtom, [])
  set(turnTakingBaseAtom, [])
  set(turnTakingTotalsBaseAtom, NO_TURNS)
  set(pathBaseAtom, emptyPromptPath)
  set(toolCallsBaseAtom, [])
  set(startedAtBaseAtom, null)
})
