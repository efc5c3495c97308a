// The one API client of every screen: the Eden treaty client typed from the server's routes (`type App`), over
// lib/http.ts's fetch (SPEC §7's 10-minute timeout, SPEC §8's network texts), re-exported here so screens
// import one module. Every failure becomes an ApiError with the server's `{ error }` text (PRODUCT §9).
import { treaty } from '@elysiajs/eden'

import type { App } from '../../../server/src/app'
import { ABORTED_ERROR, ApiError, apiFetch, errorText, NETWORK_ERROR, readAnswer, retryAfterSeconds } from '@/lib/http'

export {
  ABORTED_ERROR,
  ApiError,
  apiFetch,
  errorMessage,
  getJson,
  isAbortError,
  isApiError,
  NETWORK_ERROR,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_ERROR,
} from '@/lib/http'

export function createApiClient(origin: string) {
  return treaty<App>(origin, { fetcher: apiFetch as typeof fetch, fetch: { credentials: 'same-origin' } })
}

export const client = createApiClient(globalThis.location?.origin ?? 'http://localhost')

type EdenResult<T> =
  | { data: T; error: null; response: Response }
  | { data: null; error: { status: unknown; value: unknown }; response: Response | undefined }

/** The data of a typed-client call, or an ApiError with the server's message. */
export async function unwrap<T>(call: Promise<EdenResult<T>>): Promise<T> {
  let result: EdenResult<T>
  try {
    result = await call
  } catch (error) {
    if (error instanceof ApiError) throw error
    if (error instanceof DOMException && error.name === 'AbortError') throw new ApiError(ABORTED_ERROR, 0)
    throw new ApiError(NETWORK_ERROR, 0)
  }
  if (result.error === null) return result.data
  const { response } = result
  if (!response) {
    const cause = result.error.value
    if (cause instanceof ApiError) throw cause
    throw new ApiError(NETWORK_ERROR, 0)
  }
  throw new ApiError(errorText(result.error.value, response), response.status, retryAfterSeconds(response), result.error.value)
}

/** For the two multipart calls (upload, feedback audio) the typed client does not suit: same errors. */
export async function postForm<T>(path: string, form: FormData, options: { signal?: AbortSignal } = {}): Promise<T> {
  return readAnswer<T>(await apiFetch(path, { method: 'POST', body: form, signal: options.signal }))
}
