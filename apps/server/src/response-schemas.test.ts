import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { errorResponses } from './plugins/errors';
import { createTestContext, type TestContext } from './test/harness';

/**
 * HOUSE-STYLE: every route declares its `response` schemas (issue 9 §3), so an answer is checked before it goes out
 * and the typed web client reads the server's own types. A new route without them fails here.
 */

/** Routes with no HTTP answer of their own to describe. */
const NO_ANSWER_SCHEMA: Record<string, string> = {
  'WS /ws': 'a websocket upgrade (realtime/routes.ts); its messages are typed in @hearth/protocol',
  'WS /internal/ws-bridge': 'the internal bridge between instances (realtime/bridge.ts); it carries the frames of /ws',
  'GET /*': 'the web app: files and index.html (plugins/web.ts), not JSON',
};

/** Routes whose success is not a JSON body, so they declare only their `{ error }` answers. */
const ERRORS_ONLY: Record<string, string> = {
  'POST /api/twilio/inbound': 'answers TwiML to Twilio',
  'POST /api/twilio/status': 'answers an empty 204 to Twilio',
  'ALL /api/*': 'an unknown API path: always 404',
};

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const responses = (r: { hooks: unknown }) =>
  ((r.hooks as { response?: Record<string, unknown> }).response ?? {}) as Record<string, unknown>;

describe('response schemas', () => {
  test('every route declares a 2xx schema and every { error } status, apart from the few listed', () => {
    const missing: string[] = [];
    for (const route of ctx.app.routes) {
      const key = routeKey(route);
      if (key in NO_ANSWER_SCHEMA) continue;
      const statuses = Object.keys(responses(route));
      const ok = statuses.filter((s) => s.startsWith('2'));
      if (ok.length === 0 && !(key in ERRORS_ONLY)) missing.push(`${key}: no 2xx schema`);
      if (ok.length > 0 && key in ERRORS_ONLY) missing.push(`${key}: listed as errors-only but has ${ok.join(', ')}`);
      for (const status of Object.keys(errorResponses)) if (!statuses.includes(status)) missing.push(`${key}: no ${status} schema`);
    }
    expect(missing).toEqual([]);
  });

  test('the exemptions name routes that exist', () => {
    const keys = new Set(ctx.app.routes.map(routeKey));
    for (const key of [...Object.keys(NO_ANSWER_SCHEMA), ...Object.keys(ERRORS_ONLY)]) expect(keys.has(key)).toBe(true);
  });

  test('the count of routes with a success schema', () => {
    const withOk = ctx.app.routes.filter((r) => Object.keys(responses(r)).some((s) => s.startsWith('2')));
    // Every API route but the three errors-only ones: a drop means a route lost its schema.
    expect(withOk.length).toBe(ctx.app.routes.length - Object.keys(NO_ANSWER_SCHEMA).length - Object.keys(ERRORS_ONLY).length);
    expect(withOk.length).toBeGreaterThanOrEqual(59);
  });
});
