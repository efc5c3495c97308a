import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia } from 'elysia';
import { errorsPlugin, HttpError } from './errors';
import { webPlugin } from './web';

let baseDir: string;
let distDir: string;
let missingDir: string;

// The same order as app.ts: errors first, the API's own 404 for /api/*, the web plugin last.
const appFor = (dir: string) =>
  new Elysia()
    .use(errorsPlugin)
    .get('/api/health', () => ({ ok: true }))
    .all('/api/*', () => {
      throw new HttpError(404, 'Not found');
    })
    .use(webPlugin(dir));

const get = (dir: string, path: string, headers: Record<string, string> = {}) =>
  appFor(dir).handle(new Request(`http://localhost${path}`, { headers }));

beforeAll(async () => {
  baseDir = await mkdtemp(join(tmpdir(), 'hearth-web-'));
  distDir = join(baseDir, 'dist');
  missingDir = join(baseDir, 'not-built');
  await Bun.write(join(baseDir, 'outside.txt'), 'do not serve');
  await Bun.write(join(distDir, 'index.html'), '<!doctype html><title>Hearth</title><div id="root"></div>');
  await Bun.write(join(distDir, 'assets', 'index-abcd1234.js'), 'console.log("app")');
  await Bun.write(join(distDir, 'assets', 'index-abcd1234.js.gz'), Bun.gzipSync(Buffer.from('console.log("app")')));
  await Bun.write(join(distDir, 'worklets', 'capture-processor.js'), 'registerProcessor("capture", class {})');
  await Bun.write(join(distDir, '.secret'), 'do not serve');
});

afterAll(async () => {
  await rm(baseDir, { recursive: true, force: true });
});

describe('webPlugin', () => {
  test('serves hashed assets with their type and a year-long immutable cache', async () => {
    const res = await get(distDir, '/assets/index-abcd1234.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toStartWith('text/javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await res.text()).toBe('console.log("app")');
  });

  test('sends the pre-compressed file to clients that accept gzip', async () => {
    const res = await get(distDir, '/assets/index-abcd1234.js', { 'accept-encoding': 'gzip, br' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(Buffer.from(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer()))).toString()).toBe('console.log("app")');
  });

  test('revalidates unhashed files and index.html on every load', async () => {
    const worklet = await get(distDir, '/worklets/capture-processor.js');
    expect(worklet.headers.get('cache-control')).toBe('no-cache');
    const index = await get(distDir, '/');
    expect(index.headers.get('content-type')).toStartWith('text/html');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const etag = index.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await get(distDir, '/', { 'if-none-match': etag! })).status).toBe(304);
  });

  test('answers deep links with index.html so the client router can show them', async () => {
    for (const path of ['/login', '/groups/book-club', '/user?id=ann&module=intro', '/no-such-page']) {
      const res = await get(distDir, path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    }
  });

  test('leaves unknown API and websocket paths to the API as JSON 404s', async () => {
    for (const path of ['/api/nope', '/api', '/ws/other']) {
      const res = await get(distDir, path);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
    expect(await (await get(distDir, '/api/health')).json()).toEqual({ ok: true });
  });

  test('a missing bundle file is a 404, never index.html', async () => {
    const res = await get(distDir, '/assets/index-00000000.js');
    expect(res.status).toBe(404);
  });

  test('never serves files outside the build or hidden files', async () => {
    for (const path of ['/..%2foutside.txt', '/%2e%2e/outside.txt', '/assets/..%2f..%2foutside.txt', '/.secret']) {
      expect(await (await get(distDir, path)).text()).not.toContain('do not serve');
    }
  });

  test('without a build, the home page says how to make one', async () => {
    const res = await get(missingDir, '/');
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toStartWith('text/html');
    expect(await res.text()).toContain('bun run build:web');
  });

  test('every HTML answer carries the CSP, frame-ancestors none, Referrer-Policy and nosniff (PRODUCT §3)', async () => {
    const answers = [
      await get(distDir, '/'),
      await get(distDir, '/groups/abc'),
      await get(distDir, '/index.html'),
      await get(missingDir, '/'),
      await get(distDir, '/', { 'if-none-match': (await get(distDir, '/')).headers.get('etag')! }),
    ];
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = Object.fromEntries(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );
      expect(directives['default-src']).toEqual(["'self'"]);
      expect(directives['script-src']).toEqual(["'self'"]);
      expect(directives['frame-ancestors']).toEqual(["'none'"]);
      expect(directives['connect-src']).toEqual(["'self'", 'ws://localhost', 'wss://localhost']);
      expect(directives['img-src']).toEqual(["'self'", 'data:']);
      expect(directives['media-src']).toEqual(["'self'", 'blob:']);
      expect(directives['object-src']).toEqual(["'none'"]);
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
