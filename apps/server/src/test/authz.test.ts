import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from './harness';
import { ENDPOINTS, makeFixtures, send, type Endpoint, type Fixtures } from './endpoints';

// Every endpoint × {no session, end user, other end user, operator, admin} (PRODUCT.md §3).
let ctx: TestContext;
let fixtures: Fixtures;
beforeAll(async () => {
  ctx = await createTestContext();
  fixtures = makeFixtures(ctx);
});
afterAll(() => ctx.close());

type Who = 'nobody' | 'end user' | 'other end user' | 'operator' | 'admin';

function expected(ep: Endpoint, who: Who): 'ok' | 401 | 403 | 404 {
  if (ep.access === 'public') return 'ok';
  if (who === 'nobody') return 401;
  if (ep.access === 'member') return who === 'operator' || who === 'admin' ? 403 : 'ok';
  if (who === 'admin') return 'ok';
  if (who === 'operator') return ep.access === 'admin' ? 403 : 'ok';
  if (ep.access !== 'user') return 403;
  return who === 'other end user' && ep.ownData ? 404 : 'ok';
}

describe('authorisation matrix', () => {
  for (const ep of ENDPOINTS) {
    for (const who of ['nobody', 'end user', 'other end user', 'operator', 'admin'] as Who[]) {
      const want = expected(ep, who);
      test(`${ep.method} ${ep.route} as ${who} -> ${want}`, async () => {
        const owner = await fixtures.freshUser();
        const other = await fixtures.freshUser();
        const call = await ep.make(fixtures, owner);
        const cookie =
          who === 'nobody'
            ? undefined
            : who === 'end user'
              ? await ctx.userCookie(owner.id)
              : who === 'other end user'
                ? await ctx.userCookie(other.id)
                : await ctx.staffCookie(who);
        const res = await send(ctx, ep, call, cookie);
        if (want === 'ok') {
          if (res.status >= 300) throw new Error(`expected 2xx, got ${res.status} ${JSON.stringify(res.body)}`);
        } else {
          expect(res.status).toBe(want);
          expect(typeof res.body?.error).toBe('string');
          // Not yours reads as not found: no data leaks in the answer.
          if (want === 404) expect(Object.keys(res.body)).toEqual(['error']);
        }
      });
    }
  }
});
