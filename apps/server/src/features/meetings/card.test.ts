import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../test/harness';
import { asksOf, makeGroup, makeMember } from './testing';

// The user page's card: GET /api/met-question and POST /api/met-answer, the member's own questions only.
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.staffCookie('admin');
});
afterAll(() => ctx.close());

describe('the met card', () => {
  test("a member sees their open question, answers it, may change it; another member's ask is 404", async () => {
    const g = await makeGroup(ctx, 'Riverside', 'Book Club');
    const ana = await makeMember(ctx, g, 'Ana', { phone: '+14155550201' });
    const bo = await makeMember(ctx, g, 'Bo', { phone: '+14155550202' });
    const anaCookie = await ctx.userCookie(ana.id);
    const boCookie = await ctx.userCookie(bo.id);
    expect((await ctx.request('GET', '/api/met-question', { cookie: anaCookie })).body).toEqual({ question: null });

    await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: admin });
    const [anaAsk] = await asksOf(ctx, ana.id);
    const q = await ctx.request('GET', '/api/met-question', { cookie: anaCookie });
    expect(q.status).toBe(200);
    expect(q.body.question).toMatchObject({ askId: anaAsk.id, round: 'met', groupName: 'Riverside', subgroupName: 'Book Club' });
    expect(new Date(q.body.question.askedAt).getTime()).toBe(new Date(anaAsk.asked_at).getTime());

    const stolen = await ctx.request('POST', '/api/met-answer', { cookie: boCookie, body: { askId: anaAsk.id, answer: 'no' } });
    expect(stolen.status).toBe(404);
    expect(Object.keys(stolen.body)).toEqual(['error']);
    expect((await asksOf(ctx, ana.id))[0].answer).toBeNull();
    expect((await ctx.request('POST', '/api/met-answer', { cookie: anaCookie, body: { askId: 'nope', answer: 'yes' } })).status).toBe(404);

    const later = await ctx.request('POST', '/api/met-answer', { cookie: anaCookie, body: { askId: anaAsk.id, answer: 'later' } });
    expect(later.body).toEqual({ askId: anaAsk.id, round: 'met', answer: 'later' });
    const [afterLater] = await asksOf(ctx, ana.id);
    expect(afterLater).toMatchObject({ answer: 'later', answered_via: 'card' });
    const inDays = (new Date(afterLater.next_ask_at!).getTime() - Date.now()) / 86_400_000;
    expect(inDays).toBeGreaterThan(6.9);
    expect(inDays).toBeLessThan(7.1);
    // Answered: no open question left on the card.
    expect((await ctx.request('GET', '/api/met-question', { cookie: anaCookie })).body).toEqual({ question: null });

    const yes = await ctx.request('POST', '/api/met-answer', { cookie: anaCookie, body: { askId: anaAsk.id, answer: 'yes' } });
    expect(yes.body).toEqual({ askId: anaAsk.id, round: 'met', answer: 'yes' });
    expect((await asksOf(ctx, ana.id))[0]).toMatchObject({ answer: 'yes', answered_via: 'card', next_ask_at: null });
    // Bo's own question is still open for Bo.
    expect((await ctx.request('GET', '/api/met-question', { cookie: boCookie })).body.question.askId).not.toBe(anaAsk.id);
  });

  test('no session 401; staff 403; a bad answer 400', async () => {
    expect((await ctx.request('GET', '/api/met-question')).status).toBe(401);
    expect((await ctx.request('POST', '/api/met-answer', { body: { askId: 'x', answer: 'yes' } })).status).toBe(401);
    for (const role of ['admin', 'operator'] as const) {
      const cookie = await ctx.staffCookie(role);
      expect((await ctx.request('GET', '/api/met-question', { cookie })).status).toBe(403);
      expect((await ctx.request('POST', '/api/met-answer', { cookie, body: { askId: 'x', answer: 'yes' } })).status).toBe(403);
    }
    const u = await ctx.createUser('Someone');
    const bad = await ctx.request('POST', '/api/met-answer', { cookie: await ctx.userCookie(u.id), body: { askId: 'x', answer: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  test('a question about a subgroup the member was moved out of is not shown', async () => {
    const g = await makeGroup(ctx);
    const u = await makeMember(ctx, g, 'Mover', { phone: '+14155550203' });
    await ctx.request('POST', `/api/ask-met/${g.groupId}`, { cookie: admin });
    const other = await ctx.db
      .insertInto('subgroups')
      .values({ id: `s-other-${u.id}`, group_id: g.groupId, name: 'Other' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db.updateTable('group_members').set({ subgroup_id: other.id }).where('user_id', '=', u.id).execute();
    expect((await ctx.request('GET', '/api/met-question', { cookie: await ctx.userCookie(u.id) })).body).toEqual({ question: null });
  });
});
