import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { loadConfig } from '../config';
import { createTestContext, type TestContext } from '../test/harness';
import { acceptedOrigins, announcedUrl } from './origin';
import { TestSocket, upgradeStatus } from '../realtime/test-support';

describe('acceptedOrigins', () => {
  test('PUBLIC_URL unset: both loopback names of the listening port; set: exactly its origin', () => {
    const unset = loadConfig({ PORT: '4321', APP_SECRET: 's', DATA_DIR: '/tmp/hearth-test-unused' });
    expect(unset.publicUrlSet).toBe(false);
    expect(acceptedOrigins(unset).sort()).toEqual(['http://127.0.0.1:4321', 'http://localhost:4321']);
    const set = loadConfig({
      PORT: '4321',
      PUBLIC_URL: 'https://hearth.example.org/',
      APP_SECRET: 's',
      DATA_DIR: '/tmp/hearth-test-unused',
    });
    expect(set.publicUrlSet).toBe(true);
    expect(acceptedOrigins(set)).toEqual(['https://hearth.example.org']);
    // PORT=0: the port the server got when it started listening.
    const anyPort = loadConfig({ PORT: '0', APP_SECRET: 's', DATA_DIR: '/tmp/hearth-test-unused' });
    expect(acceptedOrigins(anyPort, 45123)).toContain('http://127.0.0.1:45123');
  });
});

describe('announcedUrl', () => {
  test('the start banner names an address whose pages may open a voice session', () => {
    const env = { PORT: '4321', APP_SECRET: 's', DATA_DIR: '/tmp/hearth-test-unused' };
    const set = loadConfig({ ...env, PUBLIC_URL: 'http://127.0.0.1:4321' });
    expect(announcedUrl(set, 'http://127.0.0.1:4321')).toBe('http://127.0.0.1:4321');
    expect(acceptedOrigins(set)).toContain(announcedUrl(set, 'http://127.0.0.1:4321'));
    const unset = loadConfig(env);
    expect(announcedUrl(unset, 'http://127.0.0.1:4321')).toBe('http://localhost:4321');
    expect(acceptedOrigins(unset)).toContain(announcedUrl(unset, 'http://127.0.0.1:4321'));
  });
});

describe('/ws with PUBLIC_URL unset, on a real listening server', () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    // A free port first: the accepted origins name the port the server listens on.
    const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() });
    port = probe.port!;
    probe.stop(true);
    ctx = await createTestContext({ config: { port, publicUrl: `http://localhost:${port}`, publicUrlSet: false } });
    ctx.app.listen({ port, hostname: '127.0.0.1' });
  });
  afterAll(async () => {
    await ctx.app.stop(true);
    await ctx.close();
  });

  test('the app opened at 127.0.0.1 and at localhost can both open a voice session; other origins are 403', async () => {
    const cookie = await ctx.staffCookie('operator');
    const url = `ws://127.0.0.1:${port}/ws`;
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const client = await TestSocket.open(url, { origin, cookie });
      expect((await client.waitFor('hearth.session', () => true, 10_000)).type).toBe('hearth.session');
      client.close();
      await client.closed;
    }
    expect((await upgradeStatus(url, { origin: `http://localhost:${port + 1}`, cookie })).status).toBe(403);
    expect((await upgradeStatus(url, { origin: 'http://evil.test', cookie })).status).toBe(403);
  });
});
