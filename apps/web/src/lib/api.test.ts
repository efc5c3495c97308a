import { afterAll, beforeAll, describe, expect, test } from 'bun:test'

import { api, ApiError, isApiError } from '@/lib/api'

// A real HTTP server on 127.0.0.1 answering the way ours does (and the way a broken proxy might).
let server: ReturnType<typeof Bun.serve>
let base: string

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const { pathname } = new URL(request.url)
      if (pathname === '/echo') return Response.json({ method: request.method, body: await request.json() })
      if (pathname === '/empty') return new Response(null, { status: 204 })
      if (pathname === '/denied') return Response.json({ error: 'Invalid e-mail or password' }, { status: 401 })
      if (pathname === '/limited') {
        return Response.json({ error: 'Too many attempts' }, { status: 429, headers: { 'retry-after': '90' } })
      }
      if (pathname === '/proxy-error') return new Response('<html>Bad gateway</html>', { status: 502 })
      return Response.json({ error: 'Not found' }, { status: 404 })
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

describe('api', () => {
  test('sends and receives JSON', async () => {
    expect(await api.post(`${base}/echo`, { email: 'a@b.test' })).toEqual({
      method: 'POST',
      body: { email: 'a@b.test' },
    })
    expect(await api.get(`${base}/empty`)).toBeUndefined()
  })

  test("throws the server's own error text with the status", async () => {
    const error = await failure(api.post(`${base}/denied`, { email: 'a@b.test', password: 'x' }))
    expect(isApiError(error, 401)).toBe(true)
    expect((error as ApiError).message).toBe('Invalid e-mail or password')
  })

  test('reads Retry-After on 429', async () => {
    const error = (await failure(api.post(`${base}/limited`, {}))) as ApiError
    expect(error.status).toBe(429)
    expect(error.message).toBe('Too many attempts')
    expect(error.retryAfterSeconds).toBe(90)
  })

  test('says something a person can act on when the answer is not ours', async () => {
    const error = (await failure(api.get(`${base}/proxy-error`))) as ApiError
    expect(error.status).toBe(502)
    expect(error.message).toBe('The server had a problem. Please try again in a moment.')
  })

  test('reports an unreachable server as status 0', async () => {
    const closed = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
    const url = `http://127.0.0.1:${closed.port}/anything`
    closed.stop(true)
    const error = (await failure(api.get(url))) as ApiError
    expect(error.status).toBe(0)
    expect(error.message).toContain('Could not reach the server')
  })

  test('lets an abort through unchanged', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(api.get(`${base}/echo`, { signal: controller.signal }))
    expect(isApiError(error)).toBe(false)
    expect((error as Error).name).toBe('AbortError')
  })
})
