import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { createTestContext, type TestContext } from './harness';
import { ENDPOINTS, makeFixtures, send, type Endpoint, type Fixtures } from './endpoints';

// Malformed input for every endpoint with a body or a path parameter: never a 5xx, always the error shape.
let ctx: TestContext;
let fixtures: Fixtures;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  fixtures = makeFixtures(ctx);
  admin = await ctx.staffCookie('admin');
  // Count what was sent and how it was answered, for the report below (the assertions are per request).
  const request = ctx.request.bind(ctx);
  ctx.request = async (...args) => {
    const res = await request(...args);
    answered.total++;
    if (res.status >= 500) answered.serverErrors++;
    return res;
  };
});
const answered = { total: 0, serverErrors: 0 };
afterAll(async () => {
  console.log(`fuzz: ${answered.total} requests, ${answered.serverErrors} answered with 5xx`);
  await ctx.close();
});

const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const pathTricks = fc.constantFrom(
  '..%2Fx',
  '../x',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  'a%00b',
  '%2F',
  '.',
  '..',
  '%25',
  'x'.repeat(5000),
  '%F0%9F%94%A5',
  '%E2%80%AE',
  "'%20or%201=1--",
  '%22%3E%3Cscript%3E',
  'null',
  'undefined',
  '-1',
  '1e309',
);
const weird = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 50 }),
  fc.constant('x'.repeat(200_000)),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.array(fc.anything(), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.anything(), { maxKeys: 5 }),
  // Objects that break naive string conversion.
  fc.constantFrom({ toString: 0 }, { valueOf: 1 }, { toString: 'x', valueOf: null }, { __proto__: null, a: 1 }),
);

function assertShape(res: { status: number; body: any }, what: string) {
  if (res.status >= 500) throw new Error(`${what} -> ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
  if (res.status >= 400) {
    if (typeof res.body?.error !== 'string')
      throw new Error(`${what} -> ${res.status} without {error}: ${String(JSON.stringify(res.body)).slice(0, 200)}`);
  }
}

function withPath(route: string, call: string, param: string, value: string): string {
  // Replace the one parameter's segment in the real call path by the hostile value.
  const routeParts = route.split('/');
  const callParts = call.split('/');
  const i = routeParts.indexOf(`{${param}}`);
  callParts[i] = value;
  return callParts.join('/');
}

const withBody = ENDPOINTS.filter((e) => e.bodyFields?.length || e.params?.length || e.multipart);

describe('malformed input never causes a 5xx', () => {
  for (const ep of withBody) {
    test(`${ep.method} ${ep.route}`, async () => {
      const owner = await fixtures.freshUser();
      const base = await ep.make(fixtures, owner);
      const what = `${ep.method} ${ep.route}`;

      // Malformed JSON and wrong content types.
      if (!ep.multipart && ep.method !== 'GET' && ep.method !== 'DELETE') {
        for (const raw of ['{', '{"a":', 'null', '[]', '"str"', '12', 'not json', '{"__proto__":{"x":1}}']) {
          const res = await ctx.request(ep.method, base.path, { raw, cookie: admin, headers: { 'content-type': 'application/json' } });
          assertShape(res, `${what} raw ${raw}`);
          expect(res.status).toBeGreaterThanOrEqual(400);
        }
      }
      if (ep.multipart) {
        for (const raw of ['--x\r\n', 'garbage']) {
          const res = await ctx.request(ep.method, base.path, {
            raw,
            cookie: admin,
            headers: { 'content-type': 'multipart/form-data; boundary=x' },
          });
          assertShape(res, `${what} multipart ${raw}`);
          expect(res.status).toBeGreaterThanOrEqual(400);
        }
        const empty = new FormData();
        assertShape(await send(ctx, ep, { path: base.path, form: empty }, admin), `${what} empty form`);
      }

      // A field nested 5,000 levels deep (it overflowed Elysia's validation-error builder: a 500) and 40 levels.
      if (ep.bodyFields?.length && base.body && typeof base.body === 'object') {
        for (const levels of [5_000, 40]) {
          for (const [open, close] of [
            ['[', ']'],
            ['{"a":', '}'],
          ]) {
            const nested = open.repeat(levels) + (open === '[' ? '' : '1') + close.repeat(levels);
            const rest = JSON.stringify({ ...(base.body as object), [ep.bodyFields[0]]: undefined }).slice(1, -1);
            const raw = `{${JSON.stringify(ep.bodyFields[0])}:${nested}${rest ? `,${rest}` : ''}}`;
            const res = await ctx.request(ep.method, base.path, { raw, cookie: admin, headers: { 'content-type': 'application/json' } });
            assertShape(res, `${what} ${levels} levels of ${open}`);
            expect(res.status).toBe(400);
          }
        }
      }

      // Wrong types, missing fields, huge strings.
      if (ep.bodyFields?.length && base.body && typeof base.body === 'object') {
        const valid = base.body as Record<string, unknown>;
        await fc.assert(
          fc.asyncProperty(
            fc.subarray(ep.bodyFields),
            fc.array(fc.tuple(fc.constantFrom(...ep.bodyFields), weird), { maxLength: 3 }),
            async (keep, overrides) => {
              const body: Record<string, unknown> = {};
              for (const k of keep) body[k] = valid[k];
              for (const [k, v] of overrides) body[k] = v;
              const res = await ctx.request(ep.method, base.path, { body, cookie: admin });
              assertShape(res, `${what} body ${JSON.stringify(body).slice(0, 200)}`);
            },
          ),
          { numRuns: RUNS },
        );
      }

      // Path tricks in every parameter.
      for (const param of ep.params ?? []) {
        await fc.assert(
          fc.asyncProperty(fc.oneof(pathTricks, fc.string({ maxLength: 40 }).map(encodeURIComponent)), async (value) => {
            const path = withPath(ep.route, base.path, param, value || '%20');
            const res = base.form
              ? await send(ctx, ep, { path, form: base.form }, admin)
              : await ctx.request(ep.method, path, { body: base.body, cookie: admin });
            assertShape(res, `${what} path ${path.slice(0, 120)}`);
          }),
          { numRuns: RUNS },
        );
      }
    });
  }

  test('the server is healthy afterwards', async () => {
    const res = await ctx.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  test('a body over the limit is 413 with the error shape', async () => {
    const res = await ctx.request('POST', '/api/create-group', {
      raw: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
      cookie: admin,
      headers: { 'content-type': 'application/json', 'content-length': String(2 * 1024 * 1024 + 11) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe('Request body too large');
  });
});
