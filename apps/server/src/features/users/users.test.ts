import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';

let ctx: TestContext;
let admin: string;
let operator: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
  operator = await ctx.staffCookie('operator');
});
afterAll(() => ctx.close());

describe('GET /api/get-user-names', () => {
  test('lists {id, name} of every user by name, for operators', async () => {
    const b = await ctx.createUser('Names Beta');
    const a = await ctx.createUser('names alpha');
    const res = await ctx.request('GET', '/api/get-user-names', { cookie: operator });
    expect(res.status).toBe(200);
    const mine = res.body.filter((u: { name: string }) => u.name.toLowerCase().startsWith('names '));
    expect(mine).toEqual([
      { id: a.id, name: 'names alpha' },
      { id: b.id, name: 'Names Beta' },
    ]);
    expect(Object.keys(res.body[0]).sort()).toEqual(['id', 'name']);
  });

  test('401 without a session, 403 for an end user', async () => {
    expect((await ctx.request('GET', '/api/get-user-names')).status).toBe(401);
    const u = await ctx.createUser('Names Gamma');
    expect((await ctx.request('GET', '/api/get-user-names', { cookie: await ctx.userCookie(u.id) })).status).toBe(403);
  });
});

describe('POST /api/create-user', () => {
  test('creates a user: trimmed name without underscores, E.164 phone, returns id, name and fileName', async () => {
    const res = await ctx.request('POST', '/api/create-user', {
      cookie: operator,
      body: { name: '  Mary_Ann Lee ', phone_number: '+1 415 555 2671'.replace(/ /g, ''), email: ' mary@example.org ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('MaryAnn Lee');
    expect(typeof res.body.id).toBe('string');
    expect(res.body.fileName).toBe(`${res.body.id}_maryann lee.json`);
    const row = await ctx.db.selectFrom('users').selectAll().where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'MaryAnn Lee',
      file_name: res.body.fileName,
      phone_number: '+14155552671',
      email: 'mary@example.org',
    });
  });

  test('a number without a plus is read as a US number; email and phone are optional', async () => {
    const res = await ctx.request('POST', '/api/create-user', {
      cookie: operator,
      body: { name: 'Local Number', phone_number: '4155552672', email: '' },
    });
    expect(res.status).toBe(200);
    const row = await ctx.db.selectFrom('users').select(['phone_number', 'email']).where('id', '=', res.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_number: '+14155552672', email: null });
    const bare = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { name: 'Bare' } });
    expect(bare.status).toBe(200);
  });

  test('two users may share a name: each gets its own id and file', async () => {
    const one = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { name: 'Twin' } });
    const two = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { name: 'Twin' } });
    expect(one.body.id).not.toBe(two.body.id);
    expect(one.body.fileName).not.toBe(two.body.fileName);
  });

  test('allowSameName: false refuses a taken name with 409 and the users that have it; true creates it anyway', async () => {
    const first = await ctx.request('POST', '/api/create-user', {
      cookie: operator,
      body: { name: 'Ida Twin', email: 'ida@example.org', allowSameName: false },
    });
    expect(first.status).toBe(200);
    const again = await ctx.request('POST', '/api/create-user', {
      cookie: operator,
      body: { name: ' ida_ twin', phone_number: '+14155552673', allowSameName: false },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'A user named "ida twin" already exists',
      sameName: [{ name: 'Ida Twin', fileName: first.body.fileName, email: 'ida@example.org', phone_number: null }],
    });
    expect(await ctx.db.selectFrom('users').select('id').where('name', 'ilike', 'ida twin').execute()).toHaveLength(1);
    const anyway = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { name: 'Ida Twin', allowSameName: true } });
    expect(anyway.status).toBe(200);
    const third = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { name: 'Ida Twin', allowSameName: false } });
    expect([third.status, third.body.error, third.body.sameName.length]).toEqual([409, '2 users named "Ida Twin" already exist', 2]);
  });

  test('400 with a clear message for a missing name, a bad e-mail or a bad phone', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ' }, 'Name is required'],
      [{ name: '___' }, 'Name is required'],
      [{ name: 'Ok', email: 'not-an-email' }, 'Invalid e-mail address'],
      [{ name: 'Ok', phone_number: '+1 (415) 555-2671' }, 'Invalid phone number'],
      [{ name: 'Ok', phone_number: '+1555abc' }, 'Invalid phone number'],
      [{ name: 'Ok', phone_number: '+12' }, 'Invalid phone number'],
      [{ name: 'x'.repeat(101) }, 'Name is too long (100 characters at most)'],
    ];
    for (const [body, error] of cases) {
      const res = await ctx.request('POST', '/api/create-user', { cookie: operator, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error });
    }
    const noName = await ctx.request('POST', '/api/create-user', { cookie: operator, body: { email: 'a@b.co' } });
    expect(noName.status).toBe(400);
    expect(typeof noName.body.error).toBe('string');
  });

  test('401 without a session, 403 for an end user', async () => {
    expect((await ctx.request('POST', '/api/create-user', { body: { name: 'X' } })).status).toBe(401);
    const u = await ctx.createUser('Creator');
    const res = await ctx.request('POST', '/api/create-user', { cookie: await ctx.userCookie(u.id), body: { name: 'X' } });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/get-user-content/{userName}', () => {
  test('staff read any user by name, file name or id', async () => {
    const u = await ctx.createUser('Content Reader', { email: 'cr@example.org', phone_number: '+14155550101' });
    await ctx.db.updateTable('users').set({ memory_document: 'likes hiking' }).where('id', '=', u.id).execute();
    const expected = {
      phone_number: '+14155550101',
      email: 'cr@example.org',
      memory_document: 'likes hiking',
      name: 'Content Reader',
      userFile: u.fileName,
    };
    for (const ref of ['content reader', u.fileName, u.id]) {
      const res = await ctx.request('GET', `/api/get-user-content/${encodeURIComponent(ref)}`, { cookie: operator });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(expected);
    }
  });

  test("an end user reads their own content; another user's name is 404", async () => {
    const me = await ctx.createUser('Own Content');
    const other = await ctx.createUser('Someone Else', { phone_number: '+14155550102' });
    const cookie = await ctx.userCookie(me.id);
    const own = await ctx.request('GET', `/api/get-user-content/${encodeURIComponent('Own Content')}`, { cookie });
    expect(own.status).toBe(200);
    expect(own.body.userFile).toBe(me.fileName);
    for (const ref of ['Someone Else', other.fileName, other.id, 'Nobody At All']) {
      const res = await ctx.request('GET', `/api/get-user-content/${encodeURIComponent(ref)}`, { cookie });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'User not found' });
    }
  });

  test('an end user sharing a name with someone still gets their own record', async () => {
    const me = await ctx.createUser('Shared Name');
    await ctx.createUser('Shared Name');
    const res = await ctx.request('GET', '/api/get-user-content/Shared%20Name', { cookie: await ctx.userCookie(me.id) });
    expect(res.status).toBe(200);
    expect(res.body.userFile).toBe(me.fileName);
    const staff = await ctx.request('GET', '/api/get-user-content/Shared%20Name', { cookie: operator });
    expect(staff.status).toBe(409);
  });

  test('401 without a session; 404 for an unknown user', async () => {
    expect((await ctx.request('GET', '/api/get-user-content/anyone')).status).toBe(401);
    expect((await ctx.request('GET', '/api/get-user-content/nobody-here', { cookie: operator })).status).toBe(404);
  });
});

describe('PUT /api/update-user-info', () => {
  test('updates phone and e-mail and answers the updated content', async () => {
    const u = await ctx.createUser('Info Target', { email: 'old@example.org' });
    const res = await ctx.request('PUT', '/api/update-user-info', {
      cookie: operator,
      body: { userFileName: u.fileName, phoneNumber: '+447911123456', email: 'new@example.org' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      phone_number: '+447911123456',
      email: 'new@example.org',
      memory_document: '',
      name: 'Info Target',
      userFile: u.fileName,
    });
    const row = await ctx.db.selectFrom('users').select(['phone_number', 'email']).where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ phone_number: '+447911123456', email: 'new@example.org' });
  });

  test('empty values remove the phone and e-mail; left-out fields stay', async () => {
    const u = await ctx.createUser('Info Clear', { email: 'keep@example.org', phone_number: '+14155550103' });
    const res = await ctx.request('PUT', '/api/update-user-info', {
      cookie: operator,
      body: { userFileName: u.fileName, phoneNumber: '' },
    });
    expect(res.body).toMatchObject({ phone_number: null, email: 'keep@example.org' });
    const res2 = await ctx.request('PUT', '/api/update-user-info', { cookie: operator, body: { userFileName: u.id, email: '' } });
    expect(res2.body).toMatchObject({ phone_number: null, email: null });
  });

  test('the phone must be empty or a plus followed by digits: else 400 Invalid phone number', async () => {
    const u = await ctx.createUser('Info Invalid', { phone_number: '+14155550104' });
    for (const phoneNumber of ['4155550105', '+1-415-555-0105', 'call me', '+']) {
      const res = await ctx.request('PUT', '/api/update-user-info', { cookie: operator, body: { userFileName: u.fileName, phoneNumber } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid phone number' });
    }
    const email = await ctx.request('PUT', '/api/update-user-info', {
      cookie: operator,
      body: { userFileName: u.fileName, email: 'nope' },
    });
    expect(email.status).toBe(400);
    const row = await ctx.db.selectFrom('users').select('phone_number').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('+14155550104');
  });

  test('404 for an unknown user, 401 without a session, 403 for an end user', async () => {
    const missing = await ctx.request('PUT', '/api/update-user-info', {
      cookie: operator,
      body: { userFileName: 'nope_nobody.json', email: '' },
    });
    expect(missing.status).toBe(404);
    expect((await ctx.request('PUT', '/api/update-user-info', { body: { userFileName: 'x' } })).status).toBe(401);
    const u = await ctx.createUser('Info Self');
    const res = await ctx.request('PUT', '/api/update-user-info', {
      cookie: await ctx.userCookie(u.id),
      body: { userFileName: u.fileName, email: '' },
    });
    expect(res.status).toBe(403);
  });
});

describe('PUT /api/update-user-phone-number/{userName}', () => {
  test('an end user saves their own phone (optional plus) and may remove it', async () => {
    const u = await ctx.createUser('Phone Owner');
    const cookie = await ctx.userCookie(u.id);
    const res = await ctx.request('PUT', '/api/update-user-phone-number/Phone%20Owner', { cookie, body: { phoneNumber: '+14155550106' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ phone_number: '+14155550106' });
    const noPlus = await ctx.request('PUT', `/api/update-user-phone-number/${u.fileName}`, { cookie, body: { phoneNumber: '4155550107' } });
    expect(noPlus.body).toEqual({ phone_number: '+14155550107' });
    const cleared = await ctx.request('PUT', `/api/update-user-phone-number/${u.id}`, { cookie, body: { phoneNumber: '' } });
    expect(cleared.body).toEqual({ phone_number: null });
  });

  test('an invalid number is 400 { error: "Invalid phone number" } and nothing changes', async () => {
    const u = await ctx.createUser('Phone Invalid', { phone_number: '+14155550108' });
    const cookie = await ctx.userCookie(u.id);
    for (const phoneNumber of ['415-555-0109', '+1 415', 'abc', '+99912345', '1'.repeat(30)]) {
      const res = await ctx.request('PUT', `/api/update-user-phone-number/${u.fileName}`, { cookie, body: { phoneNumber } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid phone number' });
    }
    const row = await ctx.db.selectFrom('users').select('phone_number').where('id', '=', u.id).executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('+14155550108');
  });

  test("another user's number is 404 and untouched; staff may set anyone's; 401 without a session", async () => {
    const me = await ctx.createUser('Phone Me');
    const other = await ctx.createUser('Phone Other', { phone_number: '+14155550110' });
    const res = await ctx.request('PUT', `/api/update-user-phone-number/${other.fileName}`, {
      cookie: await ctx.userCookie(me.id),
      body: { phoneNumber: '+14155550111' },
    });
    expect(res.status).toBe(404);
    const row = await ctx.db.selectFrom('users').select('phone_number').where('id', '=', other.id).executeTakeFirstOrThrow();
    expect(row.phone_number).toBe('+14155550110');
    const staff = await ctx.request('PUT', `/api/update-user-phone-number/${other.fileName}`, {
      cookie: operator,
      body: { phoneNumber: '+14155550112' },
    });
    expect(staff.body).toEqual({ phone_number: '+14155550112' });
    expect((await ctx.request('PUT', `/api/update-user-phone-number/${other.fileName}`, { body: { phoneNumber: '' } })).status).toBe(401);
  });
});

/** One row in every table that refers to a user, so delete and export can be checked against all of them. */
