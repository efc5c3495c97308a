import { createProviders } from '../providers';
import type { FakeConnection, FakeRealtime } from '../test/fake-openai-realtime';
import { startFakeRealtime } from '../test/fake-openai-realtime';
import { createTestContext, testConfig, type TestContext } from '../test/harness';
import type { RealtimeOptions } from './routes';
import { TestSocket, type Json } from './test-support';

// Shared by the relay test files: a server whose realtime provider is the fake OpenAI server.
export const KEY = 'sk-test-relay-key';
export const ORIGIN = 'http://hearth.test';

/** A context whose realtime provider is the fake OpenAI server (text tasks stay local). */
export async function openAiContext(
  fakeServer: FakeRealtime,
  limits: Partial<ReturnType<typeof testConfig>['limits']> = {},
  realtime?: RealtimeOptions,
) {
  const config = {
    openaiApiKey: KEY,
    openaiRealtimeUrl: fakeServer.url,
    openaiRealtimeModel: 'gpt-realtime-test',
    limits: { ...testConfig().limits, ...limits },
  };
  const c = await createTestContext({
    config,
    deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' } } },
    app: { realtime },
  });
  c.app.listen({ port: 0, hostname: '127.0.0.1' });
  return { ctx: c, url: `ws://127.0.0.1:${c.app.server!.port}/ws` };
}

export async function connectTo(
  fakeServer: FakeRealtime,
  url: string,
  cookie: string,
  query = '',
): Promise<{ client: TestSocket; upstream: FakeConnection; session: Json }> {
  const client = await TestSocket.open(`${url}${query}`, { origin: ORIGIN, cookie });
  const upstream = await fakeServer.nextConnection();
  const session = await client.waitFor('hearth.session');
  // The page and the fake hear the relay on separate sockets, in either order: the tests start once the fake has
  // all of the session's opening requests (the greeting's response.create is the last) and the relay has passed
  // the greeting's response.created on to the page.
  await client.waitFor('response.created');
  return { client, upstream, session };
}

export async function outputFor(upstream: FakeConnection, callId: string) {
  const event = await upstream.waitFor('conversation.item.create', (e) => e.item?.call_id === callId);
  return JSON.parse(event.item.output);
}

/** The usual relay test file: a fake OpenAI server, a listening app on it, and an operator cookie. */
export async function startRelaySuite() {
  const fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  // An ended upstream is renewed after short waits here (the product's are seconds: upstream-line.ts).
  const { ctx, url } = await openAiContext(fake, {}, { renewal: { retryDelaysMs: [0, 100, 100] } });
  return { fake, ctx, wsUrl: url, staff: await ctx.staffCookie('operator') };
}

export async function stopRelaySuite(ctx: TestContext, fake: FakeRealtime) {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
}
