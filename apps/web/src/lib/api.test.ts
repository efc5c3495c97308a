import { afterAll, beforeAll, describe, expect, test } from 'bun:test'

import { ABORTED_ERROR, ApiError, createApiClient, isAbortError, isApiError, NETWORK_ERROR, postForm, unwrap } from '@/lib/api'

// A real HTTP server on 127.0.0.1 answering the way ours does (and the way a broken proxy might).
let server: ReturnType<typeof Bun.serve>
let base: string
let mode = 'ok'

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/api/upload-sequence') {
        const form = await request.formData()
        return Response.json({ fileName: `${form.get('name')}.json` })
      }
      if (pathname !== '/api/health') return Response.json({ error: 'Not found' }, { status: 404 })
      if (mode === 'denied') return Response.json({ error: 'Not signed in' }, { status: 401 })
      if (mode === 'limited') return Response.json({ error: 'Too many attempts' }, { status: 429, headers: { 'retry-after': '90' } })
      if (mode === 'gate') return Response.json({ error: 'Tests failing', failing: ['Greets by name'] }, { status: 409 })
      if (mode === 'proxy-error') return new Response('<html>Bad gateway</html>', { status: 502 })
      if (mode === 'slow') await Bun.sleep(2_000)
      return Response.json({
        ok: true,
        database: 'pglite',
        providers: { realtime: 'local', text: 'local', sms: 'outbox', email: 'outbox' },
      })
    },
  })
  base = `http://127.0.0.1:${server.port}`
})

afterAll(() => server.stop(true))

async function failure(call: Promise<unknown>) {
  try {
    await call
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('the API client', () => {
  test('returns the typed data', async () => {
    mode = 'ok'
    const health = await unwrap(createApiClient(base).api.health.get())
    expect(health.providers.realtime).toBe('local')
  })

  test("throws the server's own error text with the status, and Retry-After on 429", async () => {
    mode = 'denied'
    const denied = await failure(unwrap(createApiClient(base).api.health.get()))
    expect(isApiError(denied, 401)).toBe(true)
    expect((denied as ApiError).message).toBe('Not signed in')
    mode = 'limited'
    const limited = (await failure(unwrap(createApiClient(base).api.health.get()))) as ApiError
    expect([limited.status, limited.message, limited.retryAfterSeconds]).toEqual([429, 'Too many attempts', 90])
    // The whole error body travels with it, for answers that say more (the publish gate's failing cases).
    mode = 'gate'
    const gate = (await failure(unwrap(createApiClient(base).api.health.get()))) as ApiError
    expect([gate.status, gate.message, gate.body]).toEqual([409, 'Tests failing', { error: 'Tests failing', failing: ['Greets by name'] }])
  })

  test('says something a person can act on when the answer is not ours', async () => {
    mode = 'proxy-error'
    const error = (await failure(unwrap(createApiClient(base).api.health.get()))) as ApiError
    expect(error.status).toBe(502)
    expect(error.message).toBe('The server had a problem. Please try again in a moment.')
  })

  test("an unreachable server is SPEC §8's 'Network Error' with status 0", async () => {
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
    const url = `http://127.0.0.1:${closed.port}`
    closed.stop(true)
    const error = (await failure(unwrap(createApiClient(url).api.health.get()))) as ApiError
    expect([error.status, error.message]).toEqual([0, NETWORK_ERROR])
  })

  test("a call the caller aborts is 'Request aborted' and recognised as an abort", async () => {
    mode = 'slow'
    const controller = new AbortController()
    const call = unwrap(createApiClient(base).api.health.get({ fetch: { signal: controller.signal } }))
    setTimeout(() => controller.abort(), 50)
    const error = await failure(call)
    expect((error as ApiError).message).toBe(ABORTED_ERROR)
    expect(isAbortError(error)).toBe(true)
  })

  test('multipart posts share the same errors', async () => {
    const form = new FormData()
    form.set('name', 'Walk')
    expect(await postForm(`${base}/api/upload-sequence`, form)).toEqual({ fileName: 'Walk.json' })
    const missing = (await failure(postForm(`${base}/api/nothing`, form))) as ApiError
    expect([missing.status, missing.message]).toEqual([404, 'Not found'])
  })
})
