// The calls of the Profile Manager (SPEC §7, PRODUCT §9 "user-link"), through the typed client.
import { client, isAbortError, unwrap } from '@/lib/api'

type Options = { signal?: AbortSignal }

/** GET /api/get-user-names: [{ id, name }], ordered by name. */
export function fetchUserNames(options: Options = {}) {
  return unwrap(client.api['get-user-names'].get({ fetch: { signal: options.signal } }))
}

/** GET /api/get-sequences?published=true: the published modules' file names ("….json"), the only ones a link may open. */
export function fetchModuleFiles(options: Options = {}) {
  return unwrap(client.api['get-sequences'].get({ query: { published: true }, fetch: { signal: options.signal } }))
}

export type UserName = Awaited<ReturnType<typeof fetchUserNames>>[number]

/** One list the page can live without: its data, or the text of why it failed. */
export type Settled<T> = { ok: true; data: T } | { ok: false; message: string }

async function settle<T>(call: Promise<T>): Promise<Settled<T>> {
  try {
    return { ok: true, data: await call }
  } catch (error) {
    // An aborted load is replaced by a newer one: let the router drop it.
    if (isAbortError(error)) throw error
    return { ok: false, message: error instanceof Error && error.message ? error.message : 'Unknown error' }
  }
}

/** The route's loader: either list may fail without taking the page (and the other list) down. */
export async function loadProfileManager(signal: AbortSignal) {
  const [users, modules] = await Promise.all([settle(fetchUserNames({ signal })), settle(fetchModuleFiles({ signal }))])
  return { users, modules }
}

export type ProfileManagerData = Awaited<ReturnType<typeof loadProfileManager>>

export type SameNameUser = { name: string; fileName: string; email: string | null; phone_number: string | null }

/** The server refused a name that is taken (asked with `allowSameName: false`); `sameName` are the users that have it. */
export class SameNameError extends Error {
  constructor(
    message: string,
    readonly sameName: SameNameUser[],
  ) {
    super(message)
    this.name = 'SameNameError'
  }
}

/**
 * POST /api/create-user → { id, name, fileName }. Unless `allowSameName`, a taken name rejects with SameNameError,
 * so the screen can ask before making a second user of that name.
 */
export async function createUser(input: { name: string; phone_number: string; email: string }, allowSameName = false) {
  const result = await client.api['create-user'].post({ ...input, allowSameName })
  const refused = result.error?.status === 409 ? (result.error.value as { error?: string; sameName?: SameNameUser[] }) : null
  if (refused?.sameName) throw new SameNameError(refused.error ?? 'That name is taken', refused.sameName)
  return unwrap(Promise.resolve(result))
}

/** GET /api/get-user-content/{userName} (the id names one user even when names repeat). */
export function fetchUserContent(userId: string, options: Options = {}) {
  return unwrap(client.api['get-user-content']({ userName: userId }).get({ fetch: { signal: options.signal } }))
}

/** PUT /api/update-user-info → the updated record (phone as stored, E.164). */
export function updateUserInfo(input: { userFileName: string; phoneNumber: string; email: string }) {
  return unwrap(client.api['update-user-info'].put(input))
}

/** POST /api/user-link → { url }: a new personal link for that user and module (PRODUCT §3). */
export function generateUserLink(input: { userFile: string; moduleName: string }) {
  return unwrap(client.api['user-link'].post(input))
}
