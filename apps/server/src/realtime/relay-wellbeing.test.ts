import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { FakeRealtime } from '../test/fake-openai-realtime';
import type { TestContext } from '../test/harness';
import { connectTo, outputFor, startRelaySuite, stopRelaySuite } from './relay-fixture';
import { NO_CONSENT } from './tools';
import type { Json } from './test-support';

// Issue 24: the loneliness scale's tool, offered in a module that asks for it, run in the relay with consent.
let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;
let staff: string;

beforeAll(async () => ({ fake, ctx, wsUrl, staff } = await startRelaySuite()));
afterAll(() => stopRelaySuite(ctx, fake));

const connect = (cookie: string, query = '') => connectTo(fake, wsUrl, cookie, query);
const toolNames = (update: Json) => (update.session.tools ?? []).map((t: Json) => t.name);
const setWellbeing = (name: string, on: boolean) =>
  ctx.db.updateTable('sequences').set({ wellbeing: on }).where('name', '=', name).execute();
const rowsOf = (userId: string) =>
  ctx.db
    .selectFrom('wellbeing_answers')
    .select(['module_name', 'phase', 'lack_companionship', 'left_out', 'isolated', 'score'])
    .where('user_id', '=', userId)
    .orderBy('recorded_at')
    .execute();
const today = () => new Date().toISOString().slice(0, 10);
const answers = { consent: true, lack_companionship: 'often', left_out: 'Some of the time', isolated: 'hardly ever' };

describe('record_loneliness_scale', () => {
  test('a module without wellbeing: the tool is not offered, and a call of it is refused', async () => {
    await setWellbeing('Get to Know You', false);
    const user = await ctx.createUser('Without');
    const { client, upstream } = await connect(await ctx.userCookie(user.id), '?page=user');
    expect(toolNames(upstream.received[0])).toEqual(['change_prompt', 'set_memory', 'set_mood_score']);
    const callId = upstream.functionCall('record_loneliness_scale', answers);
    expect(await outputFor(upstream, callId)).toEqual({ success: false, error: 'Tool record_loneliness_scale is not available here' });
    expect(await rowsOf(user.id)).toEqual([]);
    client.close();
    await upstream.closed;
  });

  test('with wellbeing on: consent first, the intake once, the later answers from 28 days on, then nothing more', async () => {
    await setWellbeing('Get to Know You', true);
    const user = await ctx.createUser('With');
    const { client, upstream } = await connect(await ctx.userCookie(user.id), '?page=user');
    const offered = upstream.received[0].session.tools.find((t: Json) => t.name === 'record_loneliness_scale');
    expect(offered.parameters.required).toEqual(['consent', 'lack_companionship', 'left_out', 'isolated']);
    expect(offered.parameters.properties.left_out.enum).toEqual(['hardly ever', 'some of the time', 'often']);
    expect(offered.description).toContain('How often do you feel isolated from others?');
    expect(offered.description).toContain('do not press them');

    const call = async (args: Json) => {
      const output = await outputFor(upstream, upstream.functionCall('record_loneliness_scale', args));
      upstream.finishResponse();
      return output;
    };
    // No consent, or a declined one: refused, nothing stored.
    expect(await call({ ...answers, consent: false })).toEqual({ success: false, error: NO_CONSENT });
    const { consent: _, ...withoutConsent } = answers;
    expect(await call(withoutConsent)).toEqual({ success: false, error: NO_CONSENT });
    const bad = await call({ ...answers, isolated: 'sometimes' });
    expect(bad.success).toBe(false);
    expect(bad.error).toContain('"hardly ever", "some of the time", "often"');
    expect(await rowsOf(user.id)).toEqual([]);

    expect(await call(answers)).toEqual({ success: true, score: 6, phase: 'intake', stored: true });
    expect(await client.waitFor('hearth.wellbeing')).toEqual({ type: 'hearth.wellbeing', score: 6, phase: 'intake', stored: true });
    const intake = { module_name: 'Get to Know You', phase: 'intake' as const, lack_companionship: 3, left_out: 2, isolated: 1, score: 6 };
    expect(await rowsOf(user.id)).toEqual([intake]);

    const again = await call({ ...answers, left_out: 'often' });
    expect(again.success).toBe(false);
    expect(again.error).toStartWith(`The loneliness scale was already recorded on ${today()}`);
    expect(again.error).toContain('the next answers are due from');
    expect(await rowsOf(user.id)).toHaveLength(1);

    // Four weeks and a day later (moved back in time here): the later answers are due.
    await ctx.db
      .updateTable('wellbeing_answers')
      .set({ recorded_at: new Date(Date.now() - 29 * 86_400_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect(await call({ consent: true, lack_companionship: 'hardly ever', left_out: 'hardly ever', isolated: 'some of the time' })).toEqual(
      {
        success: true,
        score: 4,
        phase: 'later',
        stored: true,
      },
    );
    expect(await client.waitFor('hearth.wellbeing', (m) => m.phase === 'later')).toMatchObject({ score: 4 });
    expect(await rowsOf(user.id)).toEqual([
      intake,
      { ...intake, phase: 'later' as const, lack_companionship: 1, left_out: 1, isolated: 2, score: 4 },
    ]);
    const third = await call(answers);
    expect(third).toEqual({ success: false, error: `The loneliness scale was already recorded on ${today()}. Nothing was stored.` });
    expect(await rowsOf(user.id)).toHaveLength(2);
    client.close();
    await upstream.closed;
  });

  test("a staff session stores nothing and says so; a module change sends the new module's tools", async () => {
    await setWellbeing('Get to Know You', true);
    const before = await ctx.db
      .selectFrom('wellbeing_answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { client, upstream } = await connect(staff, '?page=console');
    // The console starts in default_Check In, which does not ask the scale.
    expect(toolNames(upstream.received[0])).not.toContain('record_loneliness_scale');
    const change = upstream.functionCall('change_module', { module_name: 'Get to Know You' });
    expect((await outputFor(upstream, change)).success).toBe(true);
    const update = await upstream.waitFor('session.update', (e) => e.session.instructions?.includes('name: welcome'));
    expect(toolNames(update)).toContain('record_loneliness_scale');
    upstream.finishResponse();
    const callId = upstream.functionCall('record_loneliness_scale', answers);
    expect(await outputFor(upstream, callId)).toEqual({
      success: true,
      score: 6,
      stored: false,
      note: 'A staff session has no member: nothing was stored',
    });
    expect(await client.waitFor('hearth.wellbeing')).toEqual({ type: 'hearth.wellbeing', score: 6, phase: null, stored: false });
    const after = await ctx.db
      .selectFrom('wellbeing_answers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    client.close();
    await upstream.closed;
  });
});
