// The community loop on the group detail (PRODUCT §11): the group's told → met → met again numbers (GET /api/insights),
// its asking delays (met-settings) and asking now (ask-met), through the typed client.
import { client, unwrap } from '@/lib/api'

type Options = { signal?: AbortSignal }

/** GET /api/met-settings/{groupId}: after how many days a told member is asked, and asked again. */
export const fetchMetSettings = (groupId: string, options: Options = {}) =>
  unwrap(client.api['met-settings']({ groupId }).get({ fetch: { signal: options.signal } }))

export type MetSettings = Awaited<ReturnType<typeof fetchMetSettings>>

/** PUT /api/met-settings/{groupId}: whole days from 0 to 365 (the server says why otherwise). */
export const saveMetSettings = (groupId: string, settings: MetSettings) => unwrap(client.api['met-settings']({ groupId }).put(settings))

export type AskRound = 'met' | 'met_again'

/** POST /api/ask-met/{groupId}: asks now; `force` asks again those already asked. */
export const askMet = (groupId: string, round: AskRound, force: boolean) =>
  unwrap(client.api['ask-met']({ groupId }).post({ round, ...(force ? { force: true } : {}) }))

/** GET /api/insights?groupId=: the group's funnel (counts hidden below five members). */
export const fetchGroupInsights = (groupId: string, options: Options = {}) =>
  unwrap(client.api.insights.get({ query: { groupId }, fetch: { signal: options.signal } }))

export type GroupInsights = Awaited<ReturnType<typeof fetchGroupInsights>>
