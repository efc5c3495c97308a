// The fetch underneath every call: SPEC §7's 10-minute timeout, SPEC §8's network texts and ApiError with the
// server's `{ error }` text (PRODUCT §9). Kept apart from the Eden client (lib/api.ts re-exports all of it) so
// the first page load can ask who is signed in without downloading the typed client.

/** SPEC §7: every call gives up after 10 minutes. */
export const REQUEST_TIMEOUT_MS = 10 * 60 * 1000

/** SPEC §8 "Network": the texts of a call that never got an answer. */
export const NETWORK_ERROR = 'Network Error'
export const TIMEOUT_ERROR = 'timeout exceeded'
export const ABORTED_ERROR = 'Request aborted'

export class ApiError extends Error {
  /** 0 when the server never answered. */
  readonly status: number
  /** From a 429's Retry-After header, when the server sent one. */
  readonly retryAfterSeconds: number | undefined
  /** The whole error body, for answers that say more than `error` (a 409's `failing` case names). */
  readonly body: unknown

  constructor(message: string, status: number, retryAfterSeconds?: number, body?: unknown) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
    this.body = body
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status)

/** The caller (a route loader, a closed dialog) cancelled the call: nothing to tell the person. */
export const isAbortError = (error: unknown) =>
  (error instanceof ApiError && error.status === 0 && error.message === ABORTED_ERROR) ||
  (error instanceof DOMException && error.name === 'AbortError')

/** The message to show for any failure of a call: the server's text, or SPEC §8's network text. */
export const errorMessage = (error: unknown, fallback = 'Unknown error') =>
  error instanceof Error && error.message ? error.message : fallback

/** fetch with the 10-minute timeout; failures before an answer become ApiErrors with SPEC §8's texts. */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  try {
    return await fetch(input, { credentials: 'same-origin', ...init, signal })
  } catch {
    if (timeout.aborted) throw new ApiError(TIMEOUT_ERROR, 0)
    if (init.signal?.aborted) throw new ApiError(ABORTED_ERROR, 0)
    throw new ApiError(NETWORK_ERROR, 0, undefined)
  }
}

/** The JSON (or text) body of an answer, or an ApiError with the server's message. */
export async function readAnswer<T>(response: Response): Promise<T> {
  const text = await response.text()
  let data: unknown = undefined
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    data = text
  }
  if (!response.ok) throw new ApiError(errorText(data, response), response.status, retryAfterSeconds(response), data)
  return data as T
}

/** A GET without the typed client (the first page load uses it); the caller names the type Eden infers. */
export async function getJson<T>(path: string, options: { signal?: AbortSignal } = {}): Promise<T> {
  return readAnswer<T>(await apiFetch(path, { signal: options.signal }))
}

export function errorText(data: unknown, response: Response) {
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' && data.error) {
    return data.error
  }
  // Not our JSON (a proxy's HTML page, an empty body): say something a person can act on.
  if (response.status >= 500) return 'The server had a problem. Please try again in a moment.'
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`
}

export function retryAfterSeconds(response: Response) {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const dateMs = Date.parse(header)
  return Number.isNaN(dateMs) ? undefined : Math.max(0, Math.ceil((dateMs - Date.now()) / 1000))
}
