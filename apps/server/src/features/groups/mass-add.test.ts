import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { duplicateOf, MASS_ADD_ERRORS, parseMassAdd } from './mass-add';

describe('parseMassAdd (SPEC §5: split on commas, trimmed, blank lines skipped)', () => {
  test('reads name, phone and e-mail per line and counts lines as typed', () => {
    const lines = parseMassAdd('  Ann Lee , +1 (415) 555-0101 , ann@example.org \n\n   \r\nBo_b,4155550102\nCy');
    expect(lines).toEqual([
      { line: 1, name: 'Ann Lee', phone: '+14155550101', email: 'ann@example.org', errors: [] },
      { line: 4, name: 'Bob', phone: '+14155550102', email: '', errors: [] },
      { line: 5, name: 'Cy', phone: '', email: '', errors: [] },
    ]);
  });

  test('lists every problem of a line', () => {
    const [bad] = parseMassAdd(' ,12,not-an-email,extra');
    expect(bad.errors).toEqual([MASS_ADD_ERRORS.tooManyFields, MASS_ADD_ERRORS.nameRequired, MASS_ADD_ERRORS.phone, MASS_ADD_ERRORS.email]);
    expect(bad.phone).toBe('12');
    expect(parseMassAdd('Dee,+99912345678')[0].errors).toEqual([MASS_ADD_ERRORS.phone]);
    expect(parseMassAdd(`${'x'.repeat(101)},,`)[0].errors).toEqual([MASS_ADD_ERRORS.nameTooLong]);
    expect(parseMassAdd('Eve,,eve@example')[0].errors).toEqual([MASS_ADD_ERRORS.email]);
  });
});

describe('POST /api/mass-add-users', () => {
  let ctx: TestContext;
  let admin: string;
  let groupId: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await ctx.staffCookie('admin');
    groupId = (await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Mass Group' } })).body.id;
  });
  afterAll(() => ctx.close());

  const massAdd = (text: string, dryRun?: boolean) =>
    ctx.request('POST', '/api/mass-add-users', { cookie: admin, body: { groupId, text, ...(dryRun === undefined ? {} : { dryRun }) } });
  const memberNames = async () =>
    (
      await ctx.db
        .selectFrom('group_members as gm')
        .innerJoin('users as u', 'u.id', 'gm.user_id')
        .select('u.name')
        .where('gm.group_id', '=', groupId)
        .execute()
    )
      .map((r) => r.name)
      .sort();

  test('a dry run previews each line and changes nothing; the real run adds the good lines only', async () => {
    const member = await ctx.createUser('Mia', { phone_number: '+14155550190' });
    await ctx.request('POST', '/api/add-user-to-group', { cookie: admin, body: { groupId, userFile: member.fileName } });
    const outsider = await ctx.createUser('Olga', { email: 'olga@example.org' });
    const text = [
      'Ann,+14155550101,ann@example.org',
      'Ben,555,ben@example.org',
      '',
      'Cat,4155550103,',
      'Dup,(415) 555-0101,',
      'Mia again,+14155550190,',
      'olga,,OLGA@example.org',
    ].join('\n');
    const users = await ctx.db.selectFrom('users').select('id').execute();

    const preview = await massAdd(text, true);
    expect(preview.status).toBe(200);
    expect(preview.body).toEqual({
      dryRun: true,
      accepted: 3,
      rejected: 3,
      added: 0,
      lines: [
        { line: 1, name: 'Ann', phone: '+14155550101', email: 'ann@example.org', status: 'new', error: null },
        { line: 2, name: 'Ben', phone: '555', email: 'ben@example.org', status: 'rejected', error: MASS_ADD_ERRORS.phone },
        { line: 4, name: 'Cat', phone: '+14155550103', email: '', status: 'new', error: null },
        { line: 5, name: 'Dup', phone: '+14155550101', email: '', status: 'rejected', error: duplicateOf(1) },
        { line: 6, name: 'Mia again', phone: '+14155550190', email: '', status: 'rejected', error: MASS_ADD_ERRORS.member },
        { line: 7, name: 'olga', phone: '', email: 'OLGA@example.org', status: 'existing', error: null },
      ],
    });
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(users.length);
    expect(await memberNames()).toEqual(['Mia']);

    const added = await massAdd(text);
    expect(added.body).toMatchObject({ dryRun: false, accepted: 3, rejected: 3, added: 3 });
    expect(await memberNames()).toEqual(['Ann', 'Cat', 'Mia', 'Olga']);
    const ann = await ctx.db.selectFrom('users').selectAll().where('name', '=', 'Ann').executeTakeFirstOrThrow();
    expect(ann).toMatchObject({ phone_number: '+14155550101', email: 'ann@example.org', file_name: `${ann.id}_ann.json` });
    // Olga was added as herself, not created again.
    expect(
      await ctx.db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb(eb.fn('lower', ['name']), '=', 'olga'))
        .execute(),
    ).toEqual([{ id: outsider.id }]);

    // Pasting the same list again: everyone good is now a member.
    const again = await massAdd(text, true);
    expect(again.body.accepted).toBe(0);
    expect(again.body.lines.filter((l: { error: string }) => l.error === MASS_ADD_ERRORS.member)).toHaveLength(4);
  });

  test('name-only lines: a member of that name is already there, a repeated name is a duplicate', async () => {
    const res = await massAdd('Mia\nNoor\nnoor', true);
    expect(res.body.lines.map((l: { error: string | null }) => l.error)).toEqual([MASS_ADD_ERRORS.member, null, duplicateOf(2)]);
  });

  test('errors: nothing to add, too many lines, unknown group, admins only', async () => {
    expect((await massAdd(' \n\n', true)).body).toEqual({ error: 'Nothing to add: write one name,phone,email per line' });
    const many = Array.from({ length: 5001 }, (_, i) => `P${i}`).join('\n');
    expect(await massAdd(many, true)).toMatchObject({ status: 400, body: { error: 'Too many lines: at most 5,000 users at a time' } });
    const unknown = await ctx.request('POST', '/api/mass-add-users', { cookie: admin, body: { groupId: 'nope', text: 'A' } });
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Group not found' } });
    const body = { groupId, text: 'Intruder' };
    expect((await ctx.request('POST', '/api/mass-add-users', { body })).status).toBe(401);
    expect((await ctx.request('POST', '/api/mass-add-users', { body, cookie: await ctx.staffCookie('operator') })).status).toBe(403);
    expect(await memberNames()).not.toContain('Intruder');
  });

  test('2,000 lines are added in one go', async () => {
    const big = (await ctx.request('POST', '/api/create-group', { cookie: admin, body: { name: 'Big Mass' } })).body.id;
    const text = Array.from({ length: 2000 }, (_, i) => `Member ${i},+1415556${String(i).padStart(4, '0')},m${i}@example.org`).join('\n');
    const res = await ctx.request('POST', '/api/mass-add-users', { cookie: admin, body: { groupId: big, text } });
    expect(res.body).toMatchObject({ accepted: 2000, rejected: 0, added: 2000 });
    const page = await ctx.request('GET', `/api/get-group/${big}?page=20`, { cookie: admin });
    expect(page.body.totals.members).toBe(2000);
    expect(page.body.members).toHaveLength(100);
  }, 60_000);
});
