import { postgresHandle, type DatabaseHandle } from '@hearth/db/client';
import { createApp } from '../app';
import type { Config, Limits } from '../config';
import type { AppDeps } from '../deps';
import { Shutdown } from '../shutdown';
import { createProviders } from '../providers';
import type { FakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import type { LiveRegistryTiming } from './live-registry';
import { KEY } from './relay-fixture';

/**
 * Two server instances on one database, as two processes behind a load balancer would be (PRODUCT §8): each has
 * its own app, live-session registry and /ws port. On PostgreSQL (DATABASE_URL) the second opens its own
 * connections; PGlite is one process's database, so there the second instance shares the handle in-process.
 */
export interface Instance {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  wsUrl: string;
  request(method: string, path: string, opts?: { body?: unknown; cookie?: string }): Promise<{ status: number; body: any }>;
}

export interface InstanceOptions {
  timing?: LiveRegistryTiming;
  /** false: this instance gets no LISTEN (a lost notification), so only its poll can end its sessions. */
  listen?: boolean;
}

export interface TwoInstances {
  ctx: TestContext;
  a: Instance;
  b: Instance;
  stop(): Promise<void>;
}

export async function startTwoInstances(
  fake: FakeRealtime,
  limits: Partial<Limits> = {},
  opts: { a?: InstanceOptions; b?: InstanceOptions; config?: Partial<Config> } = {},
): Promise<TwoInstances> {
  const config = {
    ...opts.config,
    openaiApiKey: KEY,
    openaiRealtimeUrl: fake.url,
    openaiRealtimeModel: 'gpt-realtime-test',
    limits: { ...testConfig().limits, ...limits },
  };
  const providers = { ...createProviders(testConfig()), realtime: { kind: 'openai' as const } };
  const ctx = await createTestContext({
    config,
    deps: { providers, ...(opts.a?.listen === false ? { listen: undefined } : {}) },
    app: { realtime: { liveTiming: opts.a?.timing } },
  });
  const a = listening(ctx.app, ctx.deps);
  const handleB: DatabaseHandle = ctx.handle.kind === 'postgres' ? postgresHandle(ctx.handle.connectionString!, 5) : ctx.handle;
  const depsB: AppDeps = {
    ...ctx.deps,
    db: handleB.db,
    listen: opts.b?.listen === false ? undefined : handleB.listen,
    shutdown: new Shutdown(),
  };
  const b = listening(createApp(depsB, { webDist: '/nonexistent-web-dist', realtime: { liveTiming: opts.b?.timing } }), depsB);
  return {
    ctx,
    a,
    b,
    async stop() {
      await b.app.stop(true);
      await depsB.shutdown.run();
      if (handleB !== ctx.handle) await handleB.close();
      await ctx.app.stop(true);
      await ctx.close();
    },
  };
}

function listening(app: ReturnType<typeof createApp>, deps: AppDeps): Instance {
  app.listen({ port: 0, hostname: '127.0.0.1' });
  return {
    app,
    deps,
    wsUrl: `ws://127.0.0.1:${app.server!.port}/ws`,
    async request(method, path, { body, cookie } = {}) {
      const headers = new Headers();
      if (cookie) headers.set('cookie', cookie);
      if (body !== undefined) headers.set('content-type', 'application/json');
      const res = await app.handle(
        new Request(`http://hearth.test${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      );
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
  };
}
