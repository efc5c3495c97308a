// The calls of the admin System Prompts tab (SPEC §7).
import { client, errorMessage, isAbortError, unwrap } from '@/lib/api'

/** GET /api/get-prompts: [{ name, prompt }], by name. */
export function fetchPrompts(options: { signal?: AbortSignal } = {}) {
  return unwrap(client.api['get-prompts'].get({ fetch: { signal: options.signal } }))
}

export type NamedPrompt = Awaited<ReturnType<typeof fetchPrompts>>[number]

/** The route's loader: a failure becomes an error state on the page (SPEC §8 'Failed to load prompts'). */
export async function loadSystemPrompts(signal: AbortSignal) {
  try {
    return { ok: true as const, prompts: await fetchPrompts({ signal }) }
  } catch (error) {
    if (isAbortError(error)) throw error
    return { ok: false as const, message: errorMessage(error) }
  }
}

/** PUT /api/update-prompt → the stored { name, prompt }. */
export function updatePrompt(promptName: string, updatedPrompt: string) {
  return unwrap(client.api['update-prompt'].put({ promptName, updatedPrompt }))
}
