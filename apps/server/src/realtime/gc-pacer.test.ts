import { describe, expect, test } from 'bun:test';
import { createTestContext } from '../test/harness';
import { GcPacer } from './gc-pacer';
import { TestSocket } from './test-support';

function pacer() {
  let collections = 0;
  const p = new GcPacer({ intervalMs: 5, framesPerCollection: 10, collect: () => collections++ });
  return { p, collections: () => collections };
}

describe('GcPacer', () => {
  test('collects while frames flow, once enough have gone by', async () => {
    const { p, collections } = pacer();
    p.setActive(true);
    p.frames += 9;
    await Bun.sleep(30);
    expect(collections()).toBe(0);
    p.frames += 1;
    await Bun.sleep(30);
    expect(collections()).toBe(1);
    expect(p.frames).toBe(0);
    p.setActive(false);
  });

  test('stops when no session is live, and an idle server is never woken', async () => {
    const { p, collections } = pacer();
    p.frames += 100;
    await Bun.sleep(30);
    expect(collections()).toBe(0);
    p.setActive(true);
    expect(p.active).toBe(true);
    p.setActive(false);
    expect(p.active).toBe(false);
    p.frames += 100;
    await Bun.sleep(30);
    expect(collections()).toBe(0);
  });

  test('the relay counts the frames it passes on and paces only while a session is live', async () => {
    const { p, collections } = pacer();
    const ctx = await createTestContext({ app: { realtime: { gcPacer: p } } });
    ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
    try {
      const url = `ws://127.0.0.1:${ctx.app.server!.port}/ws?page=console`;
      const client = await TestSocket.open(url, { origin: 'http://hearth.test', cookie: await ctx.staffCookie('operator') });
      await client.waitFor('hearth.session');
      expect(p.active).toBe(true);
      const silence = Buffer.alloc(960).toString('base64');
      for (let i = 0; i < 20; i++) client.send({ type: 'input_audio_buffer.append', audio: silence });
      client.send({ type: 'hearth.ping', id: 1 });
      await client.waitFor('hearth.pong');
      await Bun.sleep(30);
      expect(collections()).toBeGreaterThan(0);
      client.send({ type: 'hearth.end_session' });
      expect((await client.closed).code).toBe(1000);
      for (let i = 0; i < 100 && p.active; i++) await Bun.sleep(20);
      expect(p.active).toBe(false);
    } finally {
      await ctx.app.stop(true);
      await ctx.close();
    }
  });
});
