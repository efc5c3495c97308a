import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { makeGroup, makeMember } from './testing';

// PRODUCT §7: the export gives a member's met questions and answers; deleting the member deletes them.
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

test('the export lists the met asks; deleting the user deletes them', async () => {
  const g = await makeGroup(ctx, 'Export Town');
  const u = await makeMember(ctx, g, 'Exported', { phone: '+14155550601' });
  await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: admin });
  await ctx.request('POST', '/api/met-answer', {
    cookie: await ctx.userCookie(u.id),
    body: {
      askId: (await ctx.db.selectFrom('met_asks').select('id').where('user_id', '=', u.id).executeTakeFirstOrThrow()).id,
      answer: 'yes',
    },
  });
  const res = await ctx.request('GET', `/api/export-user/${u.fileName}`, { cookie: admin });
  expect(res.status).toBe(200);
  expect(res.body.metAsks).toHaveLength(1);
  expect(res.body.metAsks[0]).toMatchObject({
    round: 'met',
    groupName: 'Export Town',
    answer: 'yes',
    via: 'card',
    channel: 'sms',
    askCount: 1,
  });
  expect(typeof res.body.metAsks[0].askedAt).toBe('string');
  expect(typeof res.body.metAsks[0].answeredAt).toBe('string');

  expect((await ctx.request('DELETE', `/api/delete-user/${encodeURIComponent(u.fileName)}`, { cookie: admin })).status).toBe(200);
  expect(await ctx.db.selectFrom('met_asks').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
});
