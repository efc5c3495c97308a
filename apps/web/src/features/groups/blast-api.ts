// Blasts to a whole group (PRODUCT §6, the blast API): a dry run, the send, and its progress from the outbox states.
import { client, unwrap } from '@/lib/api'

import type { BlastKind } from '../../../../server/src/features/blasts/model'

export type { BlastKind }

type Options = { signal?: AbortSignal }

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
  // The typed client turns ISO dates into Date objects.
  const sentAt = body.sentAt instanceof Date ? body.sentAt.toISOString() : typeof body.sentAt === 'string' ? body.sentAt : null
  return new AlreadySentError(error, count, sentAt)
}

/** `unknownOnly`: only the members whose last message of this kind was cut off by a crash (issue 21). */
type BlastInput = { groupId: string; kind: BlastKind; moduleName?: string; unknownOnly?: boolean }

/** POST /api/blasts/preview: who would receive it, who is skipped and why, and whether it went out before. */
export const previewBlast = (input: BlastInput) => unwrap(client.api.blasts.preview.post(input))

export type BlastPreview = Awaited<ReturnType<typeof previewBlast>>

/** POST /api/blasts → 202 `{ campaignId, kind, total, recipients }`; a refused repeat rejects with AlreadySentError. */
export async function startBlast(input: BlastInput & { force?: boolean }) {
  const result = await client.api.blasts.post(input)
  const refused = result.error ? alreadySentOf(result.error.status as number, result.error.value) : null
  if (refused) throw refused
  return unwrap(Promise.resolve(result))
}

export type BlastStarted = Awaited<ReturnType<typeof startBlast>>

/** GET /api/blasts/{campaignId}: the counts by outbox state, `done` once nothing is queued or sending. */
export const fetchBlast = (campaignId: string, options: Options = {}) =>
  unwrap(client.api.blasts({ campaignId }).get({ fetch: { signal: options.signal } }))

export type Blast = Awaited<ReturnType<typeof fetchBlast>>

/** GET /api/blasts?groupId=: the group's blasts, newest first, so a reloaded page finds one still running. */
export async function fetchBlasts(groupId: string, options: Options = {}) {
  const answer = await unwrap(client.api.blasts.get({ query: { groupId }, fetch: { signal: options.signal } }))
  return answer.blasts
}
