import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { FakeRealtime } from '../test/fake-openai-realtime';
import type { TestContext } from '../test/harness';
import { connectTo, outputFor, startRelaySuite, stopRelaySuite } from './relay-fixture';
import type { Json } from './test-support';

// The four tools of SPEC §4/§5 run in the relay, answered upstream and reported to the browser.
let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;
let staff: string;

beforeAll(async () => ({ fake, ctx, wsUrl, staff } = await startRelaySuite()));
afterAll(() => stopRelaySuite(ctx, fake));

const connect = (cookie: string, query = '', fakeServer = fake, url = wsUrl) => connectTo(fakeServer, url, cookie, query);

describe('tools run on the server', () => {
  test('change_prompt: new instructions upstream, hearth.prompt_changed, output, then one new response', async () => {
    const { client, upstream } = await connect(staff, '?page=testing');
    const callId = upstream.functionCall('change_prompt', { prompt_name: 'reflection' });
    expect(await outputFor(upstream, callId)).toEqual({ success: true, prompt: 'reflection' });
    expect(await client.waitFor('hearth.prompt_changed')).toEqual({
      type: 'hearth.prompt_changed',
      prompt: 'reflection',
      reasoningEffort: null,
    });
    await upstream.waitFor('response.create', (e) => e !== upstream.received[2]);
    const types = upstream.received.slice(3).map((e) => e.type);
    expect(types).toEqual(['session.update', 'conversation.item.create', 'response.create']);
    expect(upstream.received[3].session.instructions).toContain('name: reflection');
    expect(upstream.received[3].session.tools).toBeUndefined();
    // The browser sees the call itself too (event log).
    await client.waitFor('response.function_call_arguments.done');
    client.close();
    await upstream.closed;
  });

  test("change_prompt with a name that is not one of the module's prompts fails with 'Prompt name not found'", async () => {
    const { client, upstream } = await connect(staff, '?page=testing');
    const callId = upstream.functionCall('change_prompt', { prompt_name: 'Reflection' });
    expect(await outputFor(upstream, callId)).toEqual({ success: false, error: 'Prompt name not found' });
    await upstream.waitFor('response.create', (e) => e !== upstream.received[2]);
    expect(upstream.ofType('session.update')).toHaveLength(1);
    expect(client.ofType('hearth.prompt_changed')).toEqual([]);
    const bad = upstream.functionCall('change_prompt', { name: 'reflection' });
    expect((await outputFor(upstream, bad)).error).toBe('change_prompt needs prompt_name as a string');
    client.close();
    await upstream.closed;
  });

  test("change_module switches to the module's latest version; an unknown name is 'Sequence name not found'", async () => {
    const { client, upstream } = await connect(staff, '?page=console');
    const ok = upstream.functionCall('change_module', { module_name: 'Get to Know You' });
    expect(await outputFor(upstream, ok)).toEqual({ success: true, module: 'Get to Know You', version: 1, prompt: 'welcome' });
    expect(await client.waitFor('hearth.module_changed')).toEqual({ type: 'hearth.module_changed', module: 'Get to Know You', version: 1 });
    expect((await client.waitFor('hearth.session', (m) => m.module === 'Get to Know You')).prompt).toBe('welcome');
    const update = await upstream.waitFor('session.update', (e) => e.session.instructions?.includes('name: welcome'));
    expect(update.session.instructions).toContain('This module helps a new member');
    await upstream.waitFor('response.create', (e) => e !== upstream.received[2]);
    upstream.finishResponse();
    const bad = upstream.functionCall('change_module', { module_name: 'No Such Module' });
    expect(await outputFor(upstream, bad)).toEqual({ success: false, error: 'Sequence name not found' });
    client.close();
    await upstream.closed;
  });

  test('an end user cannot have the module changed by the model', async () => {
    const user = await ctx.createUser('Kim');
    const { client, upstream, session } = await connect(await ctx.userCookie(user.id), '?page=user');
    const callId = upstream.functionCall('change_module', { module_name: 'default_Check In' });
    expect((await outputFor(upstream, callId)).error).toBe('Tool change_module is not available here');
    expect(session.module).toBe('Get to Know You');
    client.close();
    await upstream.closed;
  });

  test("an end user's memory and mood go to the database and to the browser; bad arguments get SPEC's texts", async () => {
    const user = await ctx.createUser('Alex');
    const { client, upstream } = await connect(await ctx.userCookie(user.id), '?page=user');
    const memory = upstream.functionCall('set_memory', { key: 'Favourite Hobby', value: 'pottery' });
    expect(await outputFor(upstream, memory)).toEqual({ success: true, key: 'favourite_hobby' });
    expect(await client.waitFor('hearth.memory')).toEqual({ type: 'hearth.memory', key: 'favourite_hobby', value: 'pottery' });
    upstream.finishResponse();
    const mood = upstream.functionCall('set_mood_score', { key: 'excited about the group', value: 2 });
    expect(await outputFor(upstream, mood)).toEqual({ success: true, key: 'excited about the group', value: 2 });
    expect(await client.waitFor('hearth.mood')).toEqual({ type: 'hearth.mood', key: 'excited about the group', value: 2 });
    upstream.finishResponse();

    const cases: Array<[string, Json | string, string]> = [
      ['set_memory', { key: 'x', value: 3 }, 'set_memory needs key and value as strings'],
      ['set_memory', { value: 'no key' }, 'set_memory needs key and value as strings'],
      ['set_mood_score', { key: 'tired', value: '2' }, 'set_mood_score needs key as string and value as number'],
      ['set_mood_score', { key: 7, value: 1 }, 'set_mood_score needs key as string and value as number'],
      ['set_mood_score', { key: 'thrilled', value: 5 }, 'set_mood_score value must be between -3 and 3'],
      ['set_memory', '{not json', 'Tool arguments are not valid JSON'],
      ['no_such_tool', {}, 'Tool no_such_tool is not available here'],
    ];
    for (const [name, args, error] of cases) {
      const callId = upstream.functionCall(name, args);
      expect(await outputFor(upstream, callId)).toEqual({ success: false, error });
      upstream.finishResponse();
    }
    const memoryRows = await ctx.db.selectFrom('memory_entries').select(['key', 'value']).where('user_id', '=', user.id).execute();
    expect(memoryRows).toEqual([{ key: 'favourite_hobby', value: 'pottery' }]);
    const moodRows = await ctx.db.selectFrom('mood_entries').select(['key', 'value']).where('user_id', '=', user.id).execute();
    expect(moodRows).toEqual([{ key: 'excited about the group', value: 2 }]);
    expect(client.ofType('hearth.memory')).toHaveLength(1);
    expect(client.ofType('hearth.mood')).toHaveLength(1);
    client.close();
    await upstream.closed;
  });

  test('staff memory and mood stay in the session', async () => {
    const before = await ctx.db
      .selectFrom('memory_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const { client, upstream } = await connect(staff, '?page=testing');
    const callId = upstream.functionCall('set_memory', { key: 'pets', value: 'a cat' });
    expect((await outputFor(upstream, callId)).success).toBe(true);
    expect(await client.waitFor('hearth.memory')).toEqual({ type: 'hearth.memory', key: 'pets', value: 'a cat' });
    const after = await ctx.db
      .selectFrom('memory_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    client.close();
    await upstream.closed;
  });

  test('on the user page a response in progress is cancelled before the prompt changes; the cancel error is not relayed', async () => {
    const user = await ctx.createUser('Jo');
    const { client, upstream } = await connect(await ctx.userCookie(user.id), '?page=user');
    const responseId = upstream.activeResponseId;
    const callId = upstream.functionCall('change_prompt', { prompt_name: 'interests' }, { keepOpen: true });
    const cancel = await upstream.waitFor('response.cancel');
    expect(cancel.response_id).toBe(responseId);
    expect(await outputFor(upstream, callId)).toEqual({ success: true, prompt: 'interests' });
    const types = upstream.received.slice(3).map((e) => e.type);
    expect(types.slice(0, 3)).toEqual(['response.cancel', 'session.update', 'conversation.item.create']);
    // The fake finished the response on cancel; only then does the new one start.
    await upstream.waitFor('response.create', (e) => e !== upstream.received[2]);
    expect((await client.waitFor('response.done')).response.status).toBe('cancelled');
    // A cancel that finds nothing to cancel: the relay drops that error, other errors go through.
    upstream.finishResponse();
    upstream.send({
      type: 'error',
      error: {
        type: 'invalid_request_error',
        code: 'response_cancel_not_active',
        message: 'Cancellation failed: no active response found',
      },
    });
    upstream.send({
      type: 'error',
      error: { type: 'invalid_request_error', code: 'x', message: 'Cancellation failed: may already be cancelled' },
    });
    upstream.send({ type: 'error', error: { type: 'invalid_request_error', code: 'other', message: 'Something else went wrong' } });
    const relayed = await client.waitFor('error');
    expect(relayed.error.message).toBe('Something else went wrong');
    expect(client.ofType('error')).toHaveLength(1);
    client.close();
    await upstream.closed;
  });
});
