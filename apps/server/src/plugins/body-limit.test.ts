import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../test/harness';
import { MAX_JSON_BYTES, MAX_UPLOAD_BYTES } from '../app';

// A real listening server: chunked bodies and Bun's own body cap only exist on a socket, not in app.handle.
let ctx: TestContext;
let base: string;
let userCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  base = `http://127.0.0.1:${ctx.app.server!.port}`;
  userCookie = await ctx.userCookie((await ctx.createUser('Streamer')).id);
}, 60_000);
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
});

/** A body of `total` bytes sent chunked (a stream has no Content-Length); counts what the server pulled. */
function chunked(total: number, prefix = new Uint8Array()) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 && prefix.byteLength ? prefix : new Uint8Array(Math.min(64 * 1024, total - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

async function post(path: string, body: BodyInit, headers: Record<string, string>) {
  const res = await fetch(base + path, { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

describe('body limits on a listening server', () => {
  test('a chunked JSON body over the limit is 413 {error}, and is not read to its end', async () => {
    for (const size of [2 * 1024 * 1024, 20 * 1024 * 1024]) {
      const body = chunked(size, new TextEncoder().encode('{"email":"a@b.c","password":"'));
      const res = await post('/api/auth/login', body.stream, { 'content-type': 'application/json' });
      expect(res).toEqual({ status: 413, text: expect.any(String), body: { error: 'Request body too large' } });
      // 2 MB can sit whole in loopback socket buffers before the answer arrives; 20 MB cannot.
      if (size > 8 * 1024 * 1024) expect(body.pulled()).toBeLessThan(size);
    }
  });

  test("other types are counted too: a chunked form-encoded body to Twilio's webhook over 1 MB (20 MB) is 413 {error}", async () => {
    // 20 MB: more than loopback socket buffers can hold, so "not read to its end" is not up to timing.
    const size = 20 * 1024 * 1024;
    const body = chunked(size);
    const res = await post('/api/twilio/inbound', body.stream, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
    expect(body.pulled()).toBeLessThan(size);
  });

  test('a small chunked JSON body is read and parsed as usual', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ email: 'nobody@hearth.test', password: 'x' }) + ' '.repeat(MAX_JSON_BYTES / 2));
    const res = await post('/api/auth/login', new Blob([bytes]).stream(), { 'content-type': 'application/json' });
    expect(res.body).toEqual({ error: 'Invalid e-mail or password' });
  });

  test('bodies over the 25 MB upload limit are 413 with JSON {error}, chunked or with a Content-Length', async () => {
    const size = MAX_UPLOAD_BYTES + 5 * 1024 * 1024;
    const type = { 'content-type': 'multipart/form-data; boundary=x', cookie: userCookie };
    const streamed = await post('/api/send-feedback', chunked(size).stream, type);
    expect(streamed).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
    const declared = await post('/api/send-feedback', new Uint8Array(size), type);
    expect(declared).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
    const json = await post('/api/auth/login', chunked(size).stream, { 'content-type': 'application/json' });
    expect(json).toMatchObject({ status: 413, body: { error: 'Request body too large' } });
  });

  test('a chunked multipart upload under the limit still arrives whole', async () => {
    const form = new FormData();
    form.append(
      'audio',
      new Blob([new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '), new Uint8Array(4000)], { type: 'audio/wav' }),
      'audio.wav',
    );
    const encoded = new Response(form);
    const type = encoded.headers.get('content-type')!;
    const res = await post('/api/send-feedback', new Blob([await encoded.arrayBuffer()]).stream(), {
      'content-type': type,
      cookie: userCookie,
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.text).toBe('string');
  });
});
