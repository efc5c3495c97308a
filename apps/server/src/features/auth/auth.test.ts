import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { ensureStaff } from './service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    config: { limits: { ...(await import('../../test/harness')).testConfig().limits, loginAttemptsPerMinute: 3 } },
  });
  await ensureStaff(ctx.deps, 'Admin@Hearth.test', 'correct-horse', 'admin');
});
afterAll(() => ctx.close());

describe('staff sign-in', () => {
  test('logs in with the right password, sets an HttpOnly cookie and /me answers', async () => {
    const res = await ctx.request('POST', '/api/auth/login', { body: { email: 'admin@hearth.test', password: 'correct-horse' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ email: 'admin@hearth.test', role: 'admin' });
    const setCookie = res.headers.get('set-cookie') ?? '';
    expect(setCookie).toContain('hearth_staff=');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = setCookie.split(';')[0];
    const me = await ctx.request('GET', '/api/auth/me', { cookie });
    expect(me.body).toEqual({ email: 'admin@hearth.test', role: 'admin' });
    const out = await ctx.request('POST', '/api/auth/logout', { cookie });
    expect(out.status).toBe(200);
    expect((await ctx.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
  });

  test('the password is stored as an Argon2id hash', async () => {
    const row = await ctx.db.selectFrom('staff').select('password_hash').where('email', '=', 'admin@hearth.test').executeTakeFirstOrThrow();
    expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
  });

  test('a wrong password is 401 with the error shape', async () => {
    const res = await ctx.request('POST', '/api/auth/login', { body: { email: 'nobody@hearth.test', password: 'x' } });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid e-mail or password' });
  });

  test('sign-in is rate limited per e-mail with Retry-After', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i++) {
      last = await ctx.request('POST', '/api/auth/login', { body: { email: 'victim@hearth.test', password: `guess${i}` } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last!.body.error).toContain('Too many attempts');
  });

  test('malformed JSON is 400 with the error shape', async () => {
    const res = await ctx.request('POST', '/api/auth/login', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(typeof res.body.error).toBe('string');
  });
});

describe('personal links', () => {
  test('a link is exchanged for an end-user session, works more than once, and is revocable', async () => {
    const user = await ctx.createUser('Rosa');
    const operator = await ctx.staffCookie('operator');
    for (const moduleName of ['No Such Module', 'global_prompt']) {
      const refused = await ctx.request('POST', '/api/user-link', { cookie: operator, body: { userFile: user.fileName, moduleName } });
      expect([refused.status, refused.body.error]).toEqual([404, 'The module does not exist']);
    }
    const link = await ctx.request('POST', '/api/user-link', {
      cookie: operator,
      body: { userFile: user.fileName, moduleName: 'Get to Know You.json' },
    });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.origin).toBe('http://hearth.test');
    expect(url.pathname).toBe('/user');
    expect(url.searchParams.get('id')).toBe('Rosa');
    expect(url.searchParams.get('module')).toBe('Get to Know You');
    const token = url.hash.replace('#k=', '');
    expect(token.length).toBeGreaterThanOrEqual(43);
    const stored = await ctx.db.selectFrom('user_link_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    for (let i = 0; i < 2; i++) {
      const s = await ctx.request('POST', '/api/user-session', { body: { token } });
      expect(s.status).toBe(200);
      expect(s.body).toMatchObject({ name: 'Rosa', userFile: user.fileName });
      expect(s.headers.get('set-cookie')).toContain('hearth_user=');
    }
    const admin = await ctx.staffCookie('admin');
    expect((await ctx.request('POST', '/api/revoke-user-links', { cookie: admin, body: { userFile: user.fileName } })).body).toEqual({
      revoked: 1,
      // The two sessions the link opened above, neither in a voice session.
      signedOut: 2,
      liveSessionsEnded: 0,
    });
    const after = await ctx.request('POST', '/api/user-session', { body: { token } });
    expect(after.status).toBe(401);
  });

  test('an end user cannot reach staff endpoints', async () => {
    const user = await ctx.createUser('Sam');
    const cookie = await ctx.userCookie(user.id);
    expect((await ctx.request('GET', '/api/auth/me', { cookie })).status).toBe(403);
    expect((await ctx.request('POST', '/api/user-link', { cookie, body: { userFile: user.fileName, moduleName: 'x' } })).status).toBe(403);
  });

  test('an operator cannot revoke links (admin only)', async () => {
    const user = await ctx.createUser('Tim');
    const operator = await ctx.staffCookie('operator');
    const r = await ctx.request('POST', '/api/revoke-user-links', { cookie: operator, body: { userFile: user.fileName } });
    expect(r.status).toBe(403);
  });

  test('GET /api/user-session names the end user, or says a staff member is trying the page', async () => {
    const user = await ctx.createUser('Una');
    const mine = await ctx.request('GET', '/api/user-session', { cookie: await ctx.userCookie(user.id) });
    expect([mine.status, mine.body]).toEqual([200, { name: 'Una', userFile: user.fileName }]);
    const staff = await ctx.request('GET', '/api/user-session', { cookie: await ctx.staffCookie('operator') });
    expect([staff.status, staff.body]).toEqual([200, { name: null, userFile: null, staff: true }]);
    expect((await ctx.request('GET', '/api/user-session')).status).toBe(401);
  });
});
