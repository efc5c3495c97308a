// The testing page's own calls (SPEC §7): the second model that answers the assistant, and its system prompt
// ('Edit gpt4o prompt'). The module list comes from the voice kit's staff calls.
import { client, isAbortError, unwrap } from '@/lib/api'
import { loadVoiceSetup } from '@/voice/staff-api'

type Signal = { signal?: AbortSignal }

/** GET /api/get-system-prompt: "a list whose first item has the prompt text" (SPEC §3). */
export async function fetchSystemPrompt(options: Signal = {}): Promise<string> {
  const list = await unwrap(client.api['get-system-prompt'].get({ fetch: { signal: options.signal } }))
  return list[0]?.prompt ?? ''
}

/** PUT /api/update-system-prompt → { newSystemPrompt }. */
export const updateSystemPrompt = (newSystemPrompt: string) => unwrap(client.api['update-system-prompt'].put({ newSystemPrompt }))

/** POST /api/get-response: the second model's reply to the assistant's message. */
export async function fetchSecondModelReply(input: { systemPrompt: string; message: string; temperature: number }): Promise<string> {
  const { gptResponse } = await unwrap(client.api['get-response'].post(input))
  return gptResponse
}

export type SystemPromptLoad = { ok: true; text: string } | { ok: false; message: string }

/** The route's loader: modules and provider (voice kit), and the second model's system prompt. Failures are kept. */
export async function loadTestingPage(signal: AbortSignal) {
  const [setup, systemPrompt] = await Promise.all([
    loadVoiceSetup(signal),
    fetchSystemPrompt({ signal }).then(
      (text): SystemPromptLoad => ({ ok: true, text }),
      (error: unknown): SystemPromptLoad => {
        if (isAbortError(error)) throw error
        return { ok: false, message: error instanceof Error && error.message ? error.message : 'Unknown error' }
      },
    ),
  ])
  return { setup, systemPrompt }
}

export type TestingPageData = Awaited<ReturnType<typeof loadTestingPage>>
