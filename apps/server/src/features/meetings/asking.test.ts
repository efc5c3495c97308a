import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { asksOf, makeGroup, makeMember, metMessagesOf } from './testing';

// POST /api/ask-met and the settings; messages stay in the outbox (no job queue needed here).
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

const ask = (groupId: string, body?: unknown) => ctx.request('POST', `/api/ask-met/${groupId}`, { cookie: admin, body });

describe('POST /api/ask-met/{groupId}', () => {
  test('asks each told member once by SMS, in words that name the subgroup; a second call asks nobody', async () => {
    const g = await makeGroup(ctx, 'Green Valley');
    const ana = await makeMember(ctx, g, 'Ana Lopez', { phone: '+14155550101' });
    const res = await ask(g.groupId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ asked: 1 });
    const [row] = await asksOf(ctx, ana.id);
    expect(row).toMatchObject({ round: 'met', channel: 'sms', ask_count: 1, answer: null, subgroup_id: g.subgroupId });
    const [message] = await metMessagesOf(ctx, ana.id);
    expect(message).toMatchObject({ kind: 'met-sms', channel: 'sms', to_address: '+14155550101', unique_key: `met/${row.id}/1` });
    expect(message.body).toBe(
      'Hi Ana, it\'s Hearth. Did you get to meet your group "Trail Walkers" (Green Valley)? Reply YES, NO or LATER.',
    );

    expect((await ask(g.groupId, {})).body).toEqual({ asked: 0 });
    expect(await metMessagesOf(ctx, ana.id)).toHaveLength(1);
  });

  test('force asks again: ask_count 2, the answer cleared, a new message', async () => {
    const g = await makeGroup(ctx);
    const bo = await makeMember(ctx, g, 'Bo', { phone: '+14155550102' });
    await ask(g.groupId);
    await ctx.db
      .updateTable('met_asks')
      .set({ answer: 'no', answered_at: new Date(), answered_via: 'sms' })
      .where('user_id', '=', bo.id)
      .execute();
    expect((await ask(g.groupId, { force: true })).body).toEqual({ asked: 1 });
    const [row] = await asksOf(ctx, bo.id);
    expect(row).toMatchObject({ ask_count: 2, answer: null, answered_at: null, answered_via: null });
    const messages = await metMessagesOf(ctx, bo.id);
    expect(messages.map((m) => m.unique_key)).toEqual([`met/${row.id}/1`, `met/${row.id}/2`]);
  });

  test('opted-out members, members without phone or e-mail, and assigned-but-untold members are not asked', async () => {
    const g = await makeGroup(ctx);
    const stopped = await makeMember(ctx, g, 'Stopped', { phone: '+14155550103', optedOut: true });
    const silent = await makeMember(ctx, g, 'No Contact');
    const untold = await makeMember(ctx, g, 'Untold', { phone: '+14155550104', told: false });
    const mailOnly = await makeMember(ctx, g, 'Mia Mail', { email: 'mia@example.com' });
    expect((await ask(g.groupId)).body).toEqual({ asked: 1 });
    for (const u of [stopped, silent, untold]) expect(await asksOf(ctx, u.id)).toEqual([]);
    const [mail] = await metMessagesOf(ctx, mailOnly.id);
    expect(mail).toMatchObject({
      kind: 'met-email',
      channel: 'email',
      to_address: 'mia@example.com',
      subject: 'Did you meet Trail Walkers?',
    });
    // The e-mail's link to the member's page is issued only when it is sent.
    expect(mail.body).toContain('{{personal_link:');
  });

  test('a notice told before the current assignment does not count as told', async () => {
    const g = await makeGroup(ctx);
    const u = await makeMember(ctx, g, 'Moved', { phone: '+14155550105' });
    await ctx.db
      .updateTable('group_members')
      .set({ assigned_at: new Date(Date.now() + 60_000) })
      .where('user_id', '=', u.id)
      .execute();
    expect((await ask(g.groupId)).body).toEqual({ asked: 0 });
  });

  test("round met_again asks only members whose 'met' answer is yes, in its own words", async () => {
    const g = await makeGroup(ctx, 'Hill Town');
    const yes = await makeMember(ctx, g, 'Yara', { phone: '+14155550106' });
    const no = await makeMember(ctx, g, 'Nico', { phone: '+14155550107' });
    await makeMember(ctx, g, 'Unasked', { phone: '+14155550108' });
    expect((await ask(g.groupId, { round: 'met_again' })).body).toEqual({ asked: 0 });
    await ask(g.groupId);
    await ctx.db.updateTable('met_asks').set({ answer: 'yes' }).where('user_id', '=', yes.id).execute();
    await ctx.db.updateTable('met_asks').set({ answer: 'no' }).where('user_id', '=', no.id).execute();
    expect((await ask(g.groupId, { round: 'met_again' })).body).toEqual({ asked: 1 });
    expect((await asksOf(ctx, yes.id)).map((a) => a.round)).toEqual(['met', 'met_again']);
    expect((await asksOf(ctx, no.id)).map((a) => a.round)).toEqual(['met']);
    const messages = await metMessagesOf(ctx, yes.id);
    expect(messages[1].body).toContain('Have you met your group "Trail Walkers" (Hill Town) again since?');
  });

  test('unknown group 404; operators 403; a bad round 400', async () => {
    expect((await ask('no-such-group')).status).toBe(404);
    const g = await makeGroup(ctx);
    const op = await ctx.staffCookie('operator');
    expect((await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: op, body: {} })).status).toBe(403);
    const bad = await ask(g.groupId, { round: 'sometime' });
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');
  });
});

describe('GET/PUT /api/met-settings/{groupId}', () => {
  test('defaults 7 and 30; saved values read back; out-of-range and fractions are 400 with a sentence', async () => {
    const g = await makeGroup(ctx);
    const path = `/api/met-settings/${g.groupId}`;
    expect((await ctx.request('GET', path, { cookie: admin })).body).toEqual({ metAskDays: 7, metAgainDays: 30 });
    const put = await ctx.request('PUT', path, { cookie: admin, body: { metAskDays: 0, metAgainDays: 365 } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ metAskDays: 0, metAgainDays: 365 });
    expect((await ctx.request('GET', path, { cookie: admin })).body).toEqual({ metAskDays: 0, metAgainDays: 365 });
    for (const body of [
      { metAskDays: 366, metAgainDays: 1 },
      { metAskDays: 1.5, metAgainDays: 1 },
      { metAskDays: 1, metAgainDays: -1 },
    ]) {
      const res = await ctx.request('PUT', path, { cookie: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/whole number of days from 0 to 365/);
    }
    expect((await ctx.request('GET', '/api/met-settings/nope', { cookie: admin })).status).toBe(404);
    expect((await ctx.request('PUT', '/api/met-settings/nope', { cookie: admin, body: { metAskDays: 1, metAgainDays: 1 } })).status).toBe(
      404,
    );
  });
});
