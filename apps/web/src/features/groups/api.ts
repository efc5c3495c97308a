// The calls of the Groups and Group detail screens (SPEC §7, PRODUCT §9), through the typed client.
import { client, isAbortError, unwrap } from '@/lib/api'

import { fetchBlasts } from '@/features/groups/blast-api'
import { fetchGroupInsights, fetchMetSettings } from '@/features/groups/loop-api'

/** SPEC §9: table and group page size. */
export const GROUPS_PAGE_SIZE = 100
export const MEMBERS_PAGE_SIZE = 100

export type PageSearch = { page?: number; q?: string }

type Options = { signal?: AbortSignal }

/** A part of a page that may fail on its own: its data, or why not. */
export type Settled<T> = { ok: true; data: T } | { ok: false; error: string }

async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await call }
  } catch (error) {
    // An aborted load is replaced by a newer one: let the router drop it.
    if (isAbortError(error)) throw error
    return { ok: false, error: error instanceof Error && error.message ? error.message : 'Unknown error' }
  }
}

const pageQuery = ({ page = 1, q }: PageSearch, pageSize: number) => ({ page, pageSize, ...(q ? { q } : {}) })

// ---- Groups ----

/** GET /api/get-groups?page=&pageSize=&q= → `{ groups: [{ id, name, memberCount }], total }`. */
export async function fetchGroupsPage(search: PageSearch, options: Options = {}) {
  const data = await unwrap(client.api['get-groups'].get({ query: pageQuery(search, GROUPS_PAGE_SIZE), fetch: { signal: options.signal } }))
  // With a query the server answers the paged form; the bare list is SPEC's call without one.
  return Array.isArray(data) ? { groups: data, total: data.length } : data
}

export type GroupRow = Awaited<ReturnType<typeof fetchGroupsPage>>['groups'][number]

export const loadGroups = (search: PageSearch, signal: AbortSignal) => settle(fetchGroupsPage(search, { signal }))

/** POST /api/create-group: 400 means the name is taken (SPEC §8). */
export const createGroup = (name: string) => unwrap(client.api['create-group'].post({ name }))

export const deleteGroup = (groupId: string) => unwrap(client.api['delete-group']({ groupId }).delete())

// ---- Group detail ----

/** GET /api/get-group/{groupId}?page=&pageSize=&q=: the group, one page of members, totals and subgroups. */
export async function fetchGroupPage(groupId: string, search: PageSearch, options: Options = {}) {
  const data = await unwrap(
    client.api['get-group']({ groupId }).get({ query: pageQuery(search, MEMBERS_PAGE_SIZE), fetch: { signal: options.signal } }),
  )
  // With a query the server always answers the paged form.
  if (!('totals' in data)) throw new Error('The server answered without paging')
  return data
}

export type GroupPage = Awaited<ReturnType<typeof fetchGroupPage>>
export type Member = GroupPage['members'][number]
export type Subgroup = GroupPage['subgroups'][number]

/** GET /api/get-sequences?published=true: the published modules (without ".json"), the only ones members can be sent to. */
export async function fetchModules(options: Options = {}) {
  const files = await unwrap(client.api['get-sequences'].get({ query: { published: true }, fetch: { signal: options.signal } }))
  return files
    .filter((file) => file.toLowerCase() !== 'global_prompt.json')
    .map((file) => file.replace(/\.json$/i, ''))
    .filter((name) => name.trim() !== '')
}

/**
 * The detail route's loader: the group, the modules, the group's blasts and its community-loop numbers and delays
 * (PRODUCT §11) may each fail on their own.
 */
export async function loadGroupDetail(groupId: string, search: PageSearch, signal: AbortSignal) {
  const [group, modules, blasts, metSettings, insights] = await Promise.all([
    settle(fetchGroupPage(groupId, search, { signal })),
    settle(fetchModules({ signal })),
    settle(fetchBlasts(groupId, { signal })),
    settle(fetchMetSettings(groupId, { signal })),
    settle(fetchGroupInsights(groupId, { signal })),
  ])
  return { group, modules, blasts, metSettings, insights }
}

export type GroupDetailData = Awaited<ReturnType<typeof loadGroupDetail>>

/** PUT /api/set-group-module/{groupId}: a module isolates the group to it (PRODUCT §9); null lifts it. */
export const setGroupModule = (groupId: string, moduleName: string | null) =>
  unwrap(client.api['set-group-module']({ groupId }).put({ moduleName }))

/** POST /api/mass-add-users: with `dryRun` the preview of each line; without, the good lines are added. */
export const massAddUsers = (groupId: string, text: string, dryRun: boolean) =>
  unwrap(client.api['mass-add-users'].post({ groupId, text, dryRun }))

export type MassAddResult = Awaited<ReturnType<typeof massAddUsers>>
export type MassAddLine = MassAddResult['lines'][number]

/** POST /api/assign-subgroups → { usersAssigned, cost: { total_cost } }. */
export const assignSubgroups = (groupId: string, usersPerGroup: number) =>
  unwrap(client.api['assign-subgroups'].post({ groupId, usersPerGroup }))

/** POST /api/generate-test-users (the server clamps the amount into 1–40 too). */
export const generateTestUsers = (groupId: string, usersToGenerate: number) =>
  unwrap(client.api['generate-test-users'].post({ groupId, usersToGenerate }))
