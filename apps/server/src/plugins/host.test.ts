import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { createTestContext, type TestContext } from '../test/harness';

// A missing or malformed Host header, sent over a raw socket to a listening server (a fetch always sends a good one).
let ctx: TestContext;
let server: ReturnType<TestContext['app']['listen']>;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext();
  server = ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  port = server.server!.port!;
});
afterAll(async () => {
  await server.stop();
  await ctx.close();
});

/** Sends `head` (request line and headers) and `body` as they are; the status and body of the answer. */
function rawRequest(head: string[], body = '') {
  const lines = [...head, 'Connection: close', ...(body ? ['Content-Type: application/json', `Content-Length: ${body.length}`] : [])];
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine, ...rest] = answer.split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), body: rest.join('\r\n').split('\r\n\r\n').slice(1).join('') });
    });
  });
}

async function captureLogs<T>(run: () => Promise<T>) {
  const lines: string[] = [];
  const original = { log: console.log, error: console.error, warn: console.warn };
  process.env.LOG_LEVEL = 'info';
  for (const k of ['log', 'error', 'warn'] as const) console[k] = (...args: unknown[]) => lines.push(args.map(String).join(' '));
  try {
    return { result: await run(), lines };
  } finally {
    Object.assign(console, original);
    delete process.env.LOG_LEVEL;
  }
}

const requests: Array<[string, string]> = [
  ['GET / HTTP/1.0', ''],
  ['GET /about HTTP/1.0', ''],
  ['POST /api/auth/login HTTP/1.0', '{"email":"a@b.c","password":"x"}'],
  ['PUT /api/staff/00000000-0000-0000-0000-000000000000 HTTP/1.0', '{"disabled":true}'],
  ['DELETE /api/staff/00000000-0000-0000-0000-000000000000 HTTP/1.0', ''],
];

describe('requests without a usable Host header', () => {
  for (const host of [null, '[garbage']) {
    for (const [requestLine, body] of requests) {
      const line = host ? requestLine.replace('HTTP/1.0', 'HTTP/1.1') : requestLine;
      test(`${line}${host ? ` with Host: ${host}` : ' without Host'} is a 400 {error}, logged in one line without a stack`, async () => {
        const { result, lines } = await captureLogs(() => rawRequest(host ? [line, `Host: ${host}`] : [line], body));
        expect(result.status).toBe(400);
        expect(JSON.parse(result.body)).toEqual({ error: 'The request needs a valid Host header' });
        expect(lines).toHaveLength(1);
        expect(lines[0]).toContain('refused a request without a valid Host header');
        expect(lines[0]).not.toMatch(/stack|\bat /);
      });
    }
  }

  test('a request with a proper Host header is served as before', async () => {
    const res = await rawRequest(['GET /api/health HTTP/1.1', 'Host: 127.0.0.1']);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).ok).toBe(true);
  });
});
