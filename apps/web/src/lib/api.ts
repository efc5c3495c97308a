// Clients for our own API. Both send same-origin cookies and turn every failure into an ApiError that carries
// the server's `{ error }` text and the HTTP status (PRODUCT §9):
// - `client`: the Eden treaty client typed from the server's routes (`type App`), unwrapped with `unwrap()`;
// - `api`: a plain JSON fetch wrapper for the odd call the typed client does not suit.
import { treaty } from '@elysiajs/eden'

import type { App } from '../../../server/src/app'

export class ApiError extends Error {
  readonly status: number
  /** From a 429's Retry-After header, when the server sent one. */
  readonly retryAfterSeconds: number | undefined

  constructor(message: string, status: number, retryAfterSeconds?: number) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.retryAfterSeconds = retryAfterSeconds
  }
}

export const isApiError = (error: unknown, status?: number): error is ApiError =>
  error instanceof ApiError && (status === undefined || error.status === status)

export const client = treaty<App>(globalThis.location?.origin ?? 'http://localhost', {
  fetch: { credentials: 'same-origin' },
})

type EdenResult<T> =
  | { data: T; error: null; response: Response }
  | { data: null; error: { status: unknown; value: unknown }; response: Response | undefined }

/** The data of a typed-client call, or an ApiError with the server's message. */
export async function unwrap<T>(call: Promise<EdenResult<T>>): Promise<T> {
  let result: EdenResult<T>
  try {
    result = await call
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(unreachableMessage, 0)
  }
  if (result.error === null) return result.data
  const { response } = result
  // Eden reports a fetch that never reached the server as status 503 with no response.
  if (!response) {
    const cause = result.error.value
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(unreachableMessage, 0)
  }
  throw new ApiError(errorText(result.error.value, response), response.status, retryAfterSeconds(response))
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export type RequestOptions = {
  signal?: AbortSignal
  headers?: Record<string, string>
}

const unreachableMessage = 'Could not reach the server. Check your connection and try again.'

export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  if (body !== undefined) headers['content-type'] = 'application/json'

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    })
  } catch (error) {
    // An abort is the caller's own doing: let it through unchanged so it can be ignored.
    if (options.signal?.aborted) throw error
    throw new ApiError(unreachableMessage, 0)
  }

  const data = await readBody(response)
  if (!response.ok) {
    throw new ApiError(errorText(data, response), response.status, retryAfterSeconds(response))
  }
  return data as T
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body, options),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('DELETE', path, body, options),
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function errorText(data: unknown, response: Response) {
  if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' && data.error) {
    return data.error
  }
  // Not our JSON (a proxy's HTML page, an empty body): say something a person can act on.
  if (response.status >= 500) return 'The server had a problem. Please try again in a moment.'
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`
}

function retryAfterSeconds(response: Response) {
  const header = response.headers.get('retry-after')
  if (!header) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds))
  const dateMs = Date.parse(header)
  return Number.isNaN(dateMs) ? undefined : Math.max(0, Math.ceil((dateMs - Date.now()) / 1000))
}
