import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { domainToASCII } from 'node:url';
import { createTestContext, type TestContext } from '../../test/harness';
import { emailSkeleton, mixedScripts } from './look-alike';

// An admin adding a staff account whose e-mail reads like an existing one is warned first (issue 21 #23).
let ctx: TestContext;
let admin: string;
const EXISTING = 'jane.doe@hearth.org';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  const res = await create({ email: EXISTING, role: 'operator' });
  expect(res.status).toBe(200);
});
afterAll(() => ctx.close());

const create = (body: Record<string, unknown>) => ctx.request('POST', '/api/staff', { cookie: admin, body });
const staffEmails = async () => (await ctx.request('GET', '/api/staff', { cookie: admin })).body.map((a: { email: string }) => a.email);

describe('the skeleton of an address', () => {
  test('differences a reader would not see give the same skeleton', () => {
    const same = [
      'Jane.Doe@hearth.org',
      'janedoe@hearth.org',
      'j.a.n.e.d.o.e+staff@hearth.org',
      'j\u0430ne.doe@hearth.org', // Cyrillic а
      'jane.d\u03bfe@hearth.org', // Greek ο
      '\uff4aane.doe@hearth.org', // fullwidth j (NFKC)
      'jáne.doe@hearth.org',
      'jane\u200b.doe@hearth.org', // zero-width space
      `jane.doe@${domainToASCII('h\u0435arth.org')}`, // punycode of a Cyrillic е
      'jane.d0e@hearth.org',
    ];
    for (const email of same) expect([email, emailSkeleton(email)]).toEqual([email, emailSkeleton(EXISTING)]);
    expect(emailSkeleton('jane.dough@hearth.org')).not.toBe(emailSkeleton(EXISTING));
    expect(emailSkeleton('jane.doe@hearth.com')).not.toBe(emailSkeleton(EXISTING));
    expect(emailSkeleton('adrnin@hearth.org')).toBe(emailSkeleton('admin@hearth.org'));
  });

  test('letters of two alphabets in one part are found', () => {
    expect(mixedScripts('p\u0430ypal@hearth.org')).toEqual(['Latin', 'Cyrillic']);
    expect(mixedScripts(`ops@${domainToASCII('h\u0435arth.org')}`)).toEqual(['Latin', 'Cyrillic']);
    expect(mixedScripts('ops@hearth.org')).toEqual([]);
    expect(mixedScripts('\u043e\u043f\u0441@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444')).toEqual([]);
  });
});

describe('POST /api/staff with a look-alike e-mail', () => {
  test('is 409 with the look-alike accounts, adds nothing, and adds it with confirm: true', async () => {
    for (const email of [
      'janedoe@hearth.org',
      'jane.doe+ops@hearth.org',
      'j\u0430ne.doe@hearth.org',
      `jane.doe@${domainToASCII('h\u0435arth.org')}`,
    ]) {
      const res = await create({ email, role: 'admin' });
      expect([email, res.status, res.body]).toEqual([
        email,
        409,
        { error: `This e-mail looks like an existing staff account: ${EXISTING}. Add it anyway?`, lookAlike: [EXISTING] },
      ]);
    }
    expect(await staffEmails()).toEqual(['admin@hearth.test', EXISTING]);

    const confirmed = await create({ email: 'janedoe@hearth.org', role: 'operator', confirm: true });
    expect(confirmed.status).toBe(200);
    expect(Object.keys(confirmed.body).sort()).toEqual([
      'createdAt',
      'disabled',
      'email',
      'generatedPassword',
      'id',
      'lastSignInAt',
      'role',
    ]);
    expect(confirmed.body).toMatchObject({ email: 'janedoe@hearth.org', role: 'operator', disabled: false });
    // Both existing accounts are named the next time.
    const again = await create({ email: 'jane.doe+x@hearth.org', role: 'operator' });
    expect(again.body.lookAlike.sort()).toEqual(['jane.doe@hearth.org', 'janedoe@hearth.org']);
  });

  test('an address mixing alphabets is 409 even with no account like it; an exact duplicate stays the plain 409', async () => {
    const mixed = await create({ email: 'p\u0430yroll@hearth.org', role: 'operator' });
    expect(mixed.status).toBe(409);
    expect(mixed.body).toEqual({
      error: 'This e-mail mixes letters of different alphabets (Latin, Cyrillic), as look-alike addresses do. Add it anyway?',
      lookAlike: [],
    });
    expect((await create({ email: 'p\u0430yroll@hearth.org', role: 'operator', confirm: true })).status).toBe(200);

    const duplicate = await create({ email: 'JANE.DOE@hearth.org', role: 'operator', confirm: true });
    expect([duplicate.status, duplicate.body]).toEqual([409, { error: 'A staff account with this e-mail already exists' }]);
  });

  test('an e-mail unlike any other is added at once', async () => {
    const res = await create({ email: 'sam.rivers@hearth.org', role: 'operator' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('sam.rivers@hearth.org');
  });
});
