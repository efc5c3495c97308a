import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, testConfig, type TestContext } from '../../test/harness';
import { ensureStaff } from './service';

// PRODUCT §3: sign-in throttling counts per (e-mail, client address) and per address, so nobody elsewhere can lock
// a staff member out. The client address comes from X-Forwarded-For only behind TRUST_PROXY proxies.
const limits = { ...testConfig().limits, loginAttemptsPerMinute: 3 };
const login = (ctx: TestContext, password: string, forwardedFor?: string, email = 'alice@hearth.test') =>
  ctx.request('POST', '/api/auth/login', { body: { email, password }, headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { limits, trustProxy: 1 } });
    await ensureStaff(ctx.deps, 'alice@hearth.test', 'right-password', 'operator');
  }, 60_000);
  afterAll(() => ctx.close());

  test("address A exhausting the limit for alice's e-mail does not lock alice out at address B", async () => {
    const attacker = [];
    for (let i = 0; i < 5; i++) attacker.push((await login(ctx, `guess${i}`, '203.0.113.7')).status);
    expect(attacker).toEqual([401, 401, 401, 429, 429]);
    // Even the right password is refused at A while A is throttled…
    expect((await login(ctx, 'right-password', '203.0.113.7')).status).toBe(429);
    // …but alice at B signs in.
    const alice = await login(ctx, 'right-password', '198.51.100.20');
    expect(alice.status).toBe(200);
    expect(alice.body).toEqual({ email: 'alice@hearth.test', role: 'operator' });
  });

  test('one address is also limited across e-mails; the address is the one the trusted proxy saw', async () => {
    const statuses = [];
    // The proxy appends the address it saw; what the client wrote before it is not trusted.
    for (let i = 0; i < 11; i++) statuses.push((await login(ctx, 'x', `10.9.9.${i}, 192.0.2.44`, `user${i}@hearth.test`)).status);
    expect(statuses.slice(0, 9).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(9)).toEqual([429, 429]);
    expect((await login(ctx, 'right-password', '198.51.100.21')).status).toBe(200);
  });
});

describe('without TRUST_PROXY', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { limits } });
    await ensureStaff(ctx.deps, 'alice@hearth.test', 'right-password', 'operator');
  }, 60_000);
  afterAll(() => ctx.close());

  test('X-Forwarded-For is ignored: a client cannot escape its limit by writing a new address each time', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await login(ctx, `guess${i}`, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
