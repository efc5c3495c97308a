import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLOSE_CODES } from '@hearth/protocol';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../test/fake-openai-realtime';
import type { TestContext } from '../test/harness';
import { AUDIO_TOO_FAST } from './audio-budget';
import { connectTo, KEY, openAiContext } from './relay-fixture';
import { toneBase64, type TestSocket } from './test-support';

// PRODUCT §3: audio may not arrive faster than twice real time for long (bursts of a few seconds allowed); a
// page that sends it faster is closed with 1008 and a reason. The relay reads its audio clock once per frame, so
// the tests say when the n-th frame arrives (`arrivalMs`) instead of taking ten seconds of wall time.
const FRAME = toneBase64(20); // 20 ms of 24 kHz PCM16
const FRAMES_PER_SECOND = 50;

let fake: FakeRealtime;
let ctx: TestContext;
let wsUrl: string;
let staff: string;
/** When the n-th audio frame of the current socket arrives (n = 0: the socket opened); null: the real clock. */
let arrivalMs: ((n: number) => number) | null = null;
let reads = 0;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  const audioClock = () => (arrivalMs ? arrivalMs(reads++) : performance.now());
  ({ ctx, url: wsUrl } = await openAiContext(fake, {}, { audioClock }));
  staff = await ctx.staffCookie('operator');
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await fake.stop();
});

async function open(clock: ((n: number) => number) | null) {
  arrivalMs = clock;
  reads = 0;
  return connectTo(fake, wsUrl, staff, '?page=console');
}

function sendFrames(client: TestSocket, count: number) {
  for (let i = 0; i < count; i++) client.send({ type: 'input_audio_buffer.append', audio: FRAME });
}

/** How the socket closed, or 'still open' (today's relay, which takes any rate). */
const closing = (client: TestSocket) => Promise.race([client.closed, Bun.sleep(5000).then(() => 'still open')]);

/** The frames the upstream got, once the session has ended (the upstream socket closes after the last of them). */
async function framesUpstream(upstream: FakeConnection): Promise<number> {
  await upstream.closed;
  return upstream.ofType('input_audio_buffer.append').length;
}

describe('audio faster than twice real time', () => {
  test('100x real time in one burst: closed with 1008 and the reason, after about 8 s of audio went up', async () => {
    const { client, upstream } = await open(null);
    sendFrames(client, 30 * FRAMES_PER_SECOND);
    expect(await closing(client)).toMatchObject({ code: CLOSE_CODES.policy, reason: AUDIO_TOO_FAST });
    const sent = await framesUpstream(upstream);
    expect(sent).toBeGreaterThanOrEqual(8 * FRAMES_PER_SECOND);
    expect(sent).toBeLessThan(10 * FRAMES_PER_SECOND);
  });

  test('3x real time for 10 s: closed with 1008 after 8 s', async () => {
    const { client, upstream } = await open((n) => (n * 20) / 3);
    sendFrames(client, 30 * FRAMES_PER_SECOND);
    expect(await closing(client)).toMatchObject({ code: CLOSE_CODES.policy, reason: AUDIO_TOO_FAST });
    const seconds = (await framesUpstream(upstream)) / FRAMES_PER_SECOND / 3;
    expect(seconds).toBeGreaterThan(7.9);
    expect(seconds).toBeLessThan(8.1);
  });
});

describe('a page sending in real time', () => {
  test('a minute of audio with a 2 s burst, and 6 s flushed at once after a stall, all goes upstream', async () => {
    const steady = 60 * FRAMES_PER_SECOND;
    const burst = 2 * FRAMES_PER_SECOND;
    const flushed = 6 * FRAMES_PER_SECOND;
    // Real time; then 2 s of audio arriving together; then 6 s of nothing and the 6 s the browser buffered meanwhile.
    const { client, upstream } = await open((n) => (n <= steady ? n * 20 : n <= steady + burst ? steady * 20 : steady * 20 + 6000));
    sendFrames(client, steady + burst + flushed);
    client.send({ type: 'input_audio_buffer.commit' });
    await upstream.waitFor('input_audio_buffer.commit');
    expect(upstream.ofType('input_audio_buffer.append').length).toBe(steady + burst + flushed);
    client.close();
    expect((await client.closed).code).toBe(1000);
    await upstream.closed;
  });
});
