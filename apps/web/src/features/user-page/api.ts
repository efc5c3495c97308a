// The calls the user page makes (SPEC §7, PRODUCT §3, §9), all with the end user's own session cookie.
import { client, isAbortError, isApiError, postForm, unwrap } from '@/lib/api'

export type EndUser = { name: string; userFile: string }

/** Trades the personal link's token for the end-user session cookie (POST /api/user-session). */
export async function exchangeLinkToken(token: string, options?: { signal?: AbortSignal }) {
  const session = await unwrap(client.api['user-session'].post({ token }, { fetch: { signal: options?.signal } }))
  return { name: session.name, userFile: session.userFile, moduleName: session.moduleName ?? null }
}

/**
 * Who this browser is as an end user, or null without an end-user session. Staff get `staff: true` (they may
 * look at the page, but it is not theirs to talk on).
 */
export async function fetchEndUser(options?: { signal?: AbortSignal }): Promise<EndUser | { staff: true } | null> {
  try {
    const who = await unwrap(client.api['user-session'].get({ fetch: { signal: options?.signal } }))
    if ('staff' in who && who.staff) return { staff: true }
    if (!who.name || !who.userFile) return null
    return { name: who.name, userFile: who.userFile }
  } catch (error) {
    if (isApiError(error, 401)) return null
    throw error
  }
}

/** GET /api/get-user-content/{userName}: the user's own record. */
export function fetchUserContent(userName: string, options?: { signal?: AbortSignal }) {
  return unwrap(client.api['get-user-content']({ userName }).get({ fetch: { signal: options?.signal } }))
}

export type UserContent = Awaited<ReturnType<typeof fetchUserContent>>

/** PUT /api/update-user-phone-number/{userName}; the server answers with the number as stored (E.164). */
export function savePhoneNumber(userName: string, phoneNumber: string) {
  return unwrap(client.api['update-user-phone-number']({ userName }).put({ phoneNumber }))
}

/** GET /api/get-sequences: the published modules' file names ("….json"), for a member and for staff previewing. */
export function fetchModuleFiles(options?: { signal?: AbortSignal }) {
  return unwrap(client.api['get-sequences'].get({ query: { published: true }, fetch: { signal: options?.signal } }))
}

/** Which realtime provider the server runs: 'local' when no OpenAI key is configured. */
export async function fetchRealtimeProvider(options?: { signal?: AbortSignal }): Promise<string | null> {
  try {
    const health = await unwrap(client.api.health.get({ fetch: { signal: options?.signal } }))
    return health.providers.realtime
  } catch (error) {
    if (isAbortError(error)) throw error
    return null
  }
}

/** `local`: no transcription service (no OpenAI key); `message` says so and `text` is empty. */
export type FeedbackTranscript = { text: string; transcribed?: boolean; local?: boolean; message?: string }

/** POST /api/send-feedback: the recording as multipart `audio` (audio.wav), transcribed in memory. */
export async function sendFeedbackAudio(wav: Uint8Array<ArrayBuffer>): Promise<FeedbackTranscript> {
  const form = new FormData()
  form.append('audio', new Blob([wav], { type: 'audio/wav' }), 'audio.wav')
  const body = await postForm<Partial<FeedbackTranscript> | undefined>('/api/send-feedback', form)
  return {
    text: typeof body?.text === 'string' ? body.text : '',
    transcribed: body?.transcribed,
    local: body?.local === true,
    message: typeof body?.message === 'string' ? body.message : undefined,
  }
}

export type ConfirmedFeedback = {
  feedback: string
  selectedSequence: string | null
  selectedVersion: number | null
  /** The conversation, only when the person ticked "Include conversation in feedback". */
  lastConversation: string
}

/** POST /api/confirmed-feedback: stores the feedback text. */
export function confirmFeedback(feedback: ConfirmedFeedback) {
  return unwrap(client.api['confirmed-feedback'].post(feedback))
}
