// The community loop's calls from the user page (PRODUCT §11), apart from api.ts: only the card's own chunk, loaded
// after the page, downloads them (the page's first-visit budget).
import { client, unwrap } from '@/lib/api'

/** GET /api/met-question: the member's oldest open question of the community loop (PRODUCT §11), or null. */
export async function fetchMetQuestion(options?: { signal?: AbortSignal }) {
  const answer = await unwrap(client.api['met-question'].get({ fetch: { signal: options?.signal } }))
  return answer.question
}

export type MetQuestion = NonNullable<Awaited<ReturnType<typeof fetchMetQuestion>>>

/** POST /api/met-answer: the member's own answer on the card; it may change an earlier one. */
export const answerMetQuestion = (askId: string, answer: 'yes' | 'no' | 'later') => unwrap(client.api['met-answer'].post({ askId, answer }))
