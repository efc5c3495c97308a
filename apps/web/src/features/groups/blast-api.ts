// Blasts to a whole group (PRODUCT §6): a dry run, the send, and its progress from the outbox states.
// TEMPORARY until the `blasts` branch is merged: typed by the written contract through lib/http, to be replaced by
// the typed client (Eden) once the server has these routes.
import { apiFetch, ApiError } from '@/lib/api'
import { readAnswer } from '@/lib/http'

import { type OutboxCounts } from '@/features/groups/texts'

export type BlastKind = 'invite-sms' | 'invite-email' | 'assignment-sms' | 'assignment-email'

type Options = { signal?: AbortSignal }

export type BlastPreview = {
  kind: BlastKind
  total: number
  recipients: number
  skipped: Array<{ userFile: string; name: string; reason: string }>
  alreadySent: number
  sentAt: string | null
}

export type Blast = {
  campaignId: string
  groupId: string
  kind: BlastKind
  total: number
  counts: OutboxCounts
  done: boolean
  failures: Array<{ userFile: string; name: string; error: string }>
  startedAt: string
  finishedAt: string | null
}

/** A repeat of a finished blast or notice, refused by the server (409 `{ error, alreadySent, sentAt }`). */
export class AlreadySentError extends Error {
  constructor(
    message: string,
    readonly alreadySent: number,
    readonly sentAt: string | null,
  ) {
    super(message)
    this.name = 'AlreadySentError'
  }
}

/** The 409 body of an already-sent message, or null for any other answer (e.g. the 409 of an opted-out user). */
export function alreadySentOf(status: number, value: unknown): AlreadySentError | null {
  if (status !== 409 || !value || typeof value !== 'object' || !('alreadySent' in value)) return null
  const body = value as { error?: unknown; alreadySent?: unknown; sentAt?: unknown }
  const count = typeof body.alreadySent === 'number' ? body.alreadySent : 0
  if (count <= 0) return null
  const error = typeof body.error === 'string' && body.error ? body.error : 'Already sent'
  return new AlreadySentError(error, count, typeof body.sentAt === 'string' ? body.sentAt : null)
}

const post = (path: string, body: unknown) =>
  apiFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

export async function previewBlast(input: { groupId: string; kind: BlastKind; moduleName?: string }) {
  return readAnswer<BlastPreview>(await post('/api/blasts/preview', input))
}

/** Starts a blast; a refused repeat rejects with AlreadySentError so the screen can ask before `force`. */
export async function startBlast(input: { groupId: string; kind: BlastKind; moduleName?: string; force?: boolean }) {
  const response = await post('/api/blasts', input)
  if (response.status === 409) {
    const body: unknown = await response.clone().json().catch(() => null)
    const refused = alreadySentOf(409, body)
    if (refused) throw refused
  }
  return readAnswer<{ campaignId: string; kind: BlastKind; total: number }>(response)
}

export async function fetchBlast(campaignId: string, options: Options = {}) {
  return readAnswer<Blast>(await apiFetch(`/api/blasts/${encodeURIComponent(campaignId)}`, { signal: options.signal }))
}

/** The group's blasts, newest first; a 404 (no blasts API on the server) counts as none. */
export async function fetchBlasts(groupId: string, options: Options = {}) {
  try {
    const answer = await readAnswer<{ blasts: Blast[] }>(
      await apiFetch(`/api/blasts?groupId=${encodeURIComponent(groupId)}`, { signal: options.signal }),
    )
    return answer.blasts
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return []
    throw error
  }
}
