/**
 * The relay of `bench:relay-soak`: the product's app (test harness: migrated, seeded database, an operator
 * session) listening on a free port, pointed at the fake upstream. It answers `stats` over IPC with RSS and the
 * JavaScript heap after a full collection, which /proc cannot tell.
 */
import { heapStats } from 'bun:jsc';
import { createProviders } from '../../src/providers';
import { createTestContext, testConfig } from '../../src/test/harness';
import { BENCH_KEY } from './targets';

process.env.LOG_LEVEL ??= 'silent';
const base = testConfig();
const ctx = await createTestContext({
  config: {
    openaiApiKey: BENCH_KEY,
    openaiRealtimeUrl: process.argv[2],
    limits: { ...base.limits, maxLiveSessions: 100_000, maxFrameBytes: 64 * 1024, maxSessionMinutes: 24 * 60 },
  },
  deps: { providers: { ...createProviders(base), realtime: { kind: 'openai' } } },
});
ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
const cookie = await ctx.staffCookie('operator');
process.on('message', (message: { type: string }) => {
  if (message.type === 'stats') {
    Bun.gc(true);
    const heap = heapStats();
    process.send!({
      type: 'stats',
      rssMb: process.memoryUsage().rss / 2 ** 20,
      heapMb: heap.heapSize / 2 ** 20,
      objects: heap.objectCount,
    });
  } else if (message.type === 'stop') {
    void ctx.app
      .stop(true)
      .then(() => ctx.close())
      .then(() => process.exit(0));
  }
});
process.send!({ type: 'ready', port: ctx.app.server!.port, cookie });
