import { afterAll, beforeAll, expect, test } from 'bun:test';
import { insertSession } from '../features/auth/repository';
import { createTestContext, type TestContext } from '../test/harness';
import { recordStatements } from '../test/record-statements';
import { hashToken, newToken, STAFF_COOKIE, staffFromCookie, USER_COOKIE, userFromCookie, type CookieJar } from './auth';
import { SignInBatch } from './sign-in-batch';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const jar = (name: string, token: string): CookieJar => ({ [name]: { value: token } });
const valueOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);

async function staffSignIn(email: string, opts: { disabled?: boolean; expired?: boolean } = {}) {
  const staff = await ctx.db
    .insertInto('staff')
    .values({ email, password_hash: 'unused', role: 'operator', disabled: opts.disabled ?? false })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await insertSession(ctx.db, hashToken(token), { staffId: staff.id }, new Date(Date.now() + (opts.expired ? -1000 : 86_400_000)));
  return { id: staff.id, cookie: jar(STAFF_COOKIE, token) };
}

test('sign-ins asked for together are looked up in one statement per kind, each with the answer staffFromCookie / userFromCookie gives', async () => {
  const staff = await Promise.all(Array.from({ length: 8 }, (_, i) => staffSignIn(`batch${i}@hearth.test`)));
  const disabled = await staffSignIn('disabled@hearth.test', { disabled: true });
  const expired = await staffSignIn('expired@hearth.test', { expired: true });
  const users = await Promise.all(Array.from({ length: 6 }, (_, i) => ctx.createUser(`Batch ${i}`)));
  const userJars = await Promise.all(users.map(async (u) => jar(USER_COOKIE, valueOf(await ctx.userCookie(u.id)))));
  const unknown = jar(STAFF_COOKIE, newToken());
  const garbage = jar(STAFF_COOKIE, 'short');

  const statements: string[] = [];
  const batch = new SignInBatch({ db: ctx.db.withPlugin(recordStatements(statements)) });
  const staffJars = [...staff.map((s) => s.cookie), staff[0]!.cookie, disabled.cookie, expired.cookie, unknown, garbage];
  const [staffAnswers, userAnswers] = await Promise.all([
    Promise.all(staffJars.map((c) => batch.staff(c))),
    Promise.all(userJars.map((c) => batch.user(c))),
  ]);

  expect(statements).toHaveLength(2);
  expect(staffAnswers.map((a) => a?.id ?? null)).toEqual([...staff.map((s) => s.id), staff[0]!.id, null, null, null, null]);
  expect(userAnswers.map((a) => a?.id)).toEqual(users.map((u) => u.id));
  for (const [i, c] of staffJars.entries()) expect(staffAnswers[i]).toEqual(await staffFromCookie(ctx.deps, c));
  for (const [i, c] of userJars.entries()) expect(userAnswers[i]).toEqual(await userFromCookie(ctx.deps, c));
  // A user's cookie is no staff sign-in, and the other way round.
  expect(await batch.staff(jar(STAFF_COOKIE, valueOf(await ctx.userCookie(users[0]!.id))))).toBeNull();
  expect(await batch.user(jar(USER_COOKIE, valueOf(Object.values(staff[1]!.cookie)[0]!.value as string)))).toBeNull();
});

test('a failed lookup fails every asker of its batch, and the next batch works again', async () => {
  const { cookie } = await staffSignIn('fails@hearth.test');
  let fail = true;
  const batch = new SignInBatch({
    get db() {
      if (fail) throw new Error('database down');
      return ctx.db;
    },
  });
  const answers = await Promise.allSettled([batch.staff(cookie), batch.staff(cookie)]);
  expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  fail = false;
  expect((await batch.staff(cookie))?.email).toBe('fails@hearth.test');
});
