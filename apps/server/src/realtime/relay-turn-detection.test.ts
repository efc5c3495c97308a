import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { FakeRealtime } from '../test/fake-openai-realtime';
import type { TestContext } from '../test/harness';
import { connectTo, startRelaySuite, stopRelaySuite } from './relay-fixture';

// Issue 23: semantic VAD chosen live on the staff pages and per sequence; members get their sequence's detection.
let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;
let staff: string;

beforeAll(async () => ({ fake, ctx, wsUrl, staff } = await startRelaySuite()));
afterAll(() => stopRelaySuite(ctx, fake));

const connect = (cookie: string, query = '') => connectTo(fake, wsUrl, cookie, query);
const turnDetectionUpdate = (turn_detection: unknown) => ({
  type: 'session.update',
  session: { type: 'realtime', audio: { input: { turn_detection } } },
});

describe('turn detection over /ws', () => {
  test('the console switches to semantic VAD and back live; upstream gets exactly what was chosen', async () => {
    const { client, upstream } = await connect(staff, '?page=console');
    client.send(turnDetectionUpdate({ type: 'semantic_vad', eagerness: 'high', extra: 'dropped' }));
    const semantic = await upstream.waitFor('session.update', (e) => e.session.audio?.input?.turn_detection?.type === 'semantic_vad');
    expect(semantic.session).toEqual({
      type: 'realtime',
      audio: { input: { turn_detection: { type: 'semantic_vad', eagerness: 'high' } } },
    });
    client.send(turnDetectionUpdate({ type: 'server_vad', silence_duration_ms: 200 }));
    const server = await upstream.waitFor(
      'session.update',
      (e) => !e.session.instructions && e.session.audio?.input?.turn_detection?.type === 'server_vad',
    );
    expect(server.session.audio.input.turn_detection).toEqual({ type: 'server_vad', silence_duration_ms: 200 });
    client.close();
    await upstream.closed;
  });

  test('an unknown eagerness or detection type closes with 1008 and nothing goes upstream', async () => {
    for (const bad of [
      { type: 'semantic_vad', eagerness: 'eager' },
      { type: 'semantic_vad', create_response: 'yes' },
      { type: 'llm_vad' },
    ]) {
      const { client, upstream } = await connect(staff);
      client.send(turnDetectionUpdate(bad));
      expect(await client.closed).toMatchObject({ code: 1008, reason: 'Invalid turn_detection' });
      await upstream.closed;
      expect(upstream.received.slice(3).map((e) => e.type)).toEqual([]);
    }
  });

  test("a sequence's semantic VAD starts its member and console sessions; a member cannot pick another", async () => {
    const admin = await ctx.staffCookie('admin');
    const put = await ctx.request('PUT', `/api/sequence-settings/${encodeURIComponent('Get to Know You.json')}`, {
      cookie: admin,
      body: { turnDetection: { type: 'semantic_vad', eagerness: 'low' } },
    });
    expect(put.status).toBe(200);
    const semanticLow = { type: 'semantic_vad', eagerness: 'low' };

    const user = await ctx.createUser('Robin');
    const member = await connect(await ctx.userCookie(user.id), '?page=user');
    expect(member.session).toMatchObject({ module: 'Get to Know You', turnDetection: semanticLow });
    expect(member.upstream.received[0].session.audio.input.turn_detection).toEqual(semanticLow);
    // Push-to-talk and back: the page echoes what it was told, or anything else; the session's own comes back.
    member.client.send(turnDetectionUpdate(null));
    await member.upstream.waitFor('session.update', (e) => e.session.audio?.input?.turn_detection === null);
    member.client.send(turnDetectionUpdate({ type: 'server_vad', silence_duration_ms: 50 }));
    const back = await member.upstream.waitFor(
      'session.update',
      (e) => !e.session.instructions && Boolean(e.session.audio?.input?.turn_detection),
    );
    expect(back.session.audio.input.turn_detection).toEqual(semanticLow);
    member.client.close();
    await member.upstream.closed;

    const console = await connect(staff, `?page=console&module=${encodeURIComponent('Get to Know You')}`);
    expect(console.session.turnDetection).toEqual(semanticLow);
    console.client.send(turnDetectionUpdate({ type: 'semantic_vad', eagerness: 'high' }));
    const picked = await console.upstream.waitFor(
      'session.update',
      (e) => !e.session.instructions && e.session.audio?.input?.turn_detection?.eagerness === 'high',
    );
    expect(picked.session.audio.input.turn_detection).toEqual({ type: 'semantic_vad', eagerness: 'high' });
    console.client.close();
    await console.upstream.closed;

    // Another sequence keeps the page's server VAD.
    const other = await connect(staff, '?page=console&module=default_Check%20In');
    expect(other.session.turnDetection).toMatchObject({ type: 'server_vad', silence_duration_ms: 200 });
    other.client.close();
    await other.upstream.closed;
  });
});
