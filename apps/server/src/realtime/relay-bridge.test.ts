import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLOSE_CODES } from '@hearth/protocol';
import { startFakeRealtime, type FakeConnection, type FakeRealtime } from '../test/fake-openai-realtime';
import { BRIDGE_HEADER, BRIDGE_RESUME_HEADER, signBridge } from './bridge-auth';
import { BRIDGE_PATH } from './bridge';
import { startTwoInstances, type TwoInstances } from './live-fixture';
import { KEY, ORIGIN } from './relay-fixture';
import { TestSocket, toneBase64, upgradeStatus, type Json } from './test-support';

// Issue 25 item 5: a page whose connection dropped and that reconnects to another instance than the one holding
// its session is bridged there on its first attempt (two instances on one database: live-fixture.ts; on PGlite
// they share it in-process, on PostgreSQL each has its own connections). Forged bridge requests are refused.
const GRACE_MS = 10_000;
const FRAME = toneBase64(20);

let fake: FakeRealtime;
let two: TwoInstances;

beforeAll(async () => {
  fake = startFakeRealtime({ apiKey: KEY, autoRespond: false });
  two = await startTwoInstances(fake, {}, { config: { voiceResumeGraceMs: GRACE_MS } });
});
afterAll(async () => {
  await two.stop();
  await fake.stop();
});

const httpOf = (wsUrl: string) => wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '');
const resumeQuery = (token: string) => `?page=user&resume=${encodeURIComponent(token)}`;

/** A member's session on instance a, greeting done, whose page then drops (4100: the session waits for it). */
async function droppedOnA(name: string): Promise<{ cookie: string; upstream: FakeConnection; token: string; userId: string }> {
  const user = await two.ctx.createUser(name);
  const cookie = await two.ctx.userCookie(user.id);
  const client = await TestSocket.open(`${two.a.wsUrl}?page=user`, { origin: ORIGIN, cookie });
  const upstream = await fake.nextConnection(15_000);
  const token = String((await client.waitFor('hearth.resumable', () => true, 15_000)).token);
  await client.waitFor('response.created', () => true, 15_000);
  upstream.finishResponse();
  client.close(4100);
  await client.closed;
  await Bun.sleep(100);
  return { cookie, upstream, token, userId: user.id };
}

const said = (socket: TestSocket, text: string) =>
  socket.waitFor('response.output_audio_transcript.done', (m: Json) => m.transcript === text);

describe('resume through another instance', () => {
  test('a dropped page reconnecting to the other instance resumes on its first attempt, and the conversation goes on', async () => {
    const { cookie, upstream, token } = await droppedOnA('Bea');
    const [row] = await two.ctx.db.selectFrom('live_voice_sessions').select('internal_url').execute();
    expect(row?.internal_url).toBe(httpOf(two.a.wsUrl)); // derived from HOST/PORT: loopback and the port a listens on
    upstream.speak('Said while you were away.');
    upstream.finishResponse();
    await Bun.sleep(100);
    const attempts = fake.attempts;

    const back = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect(await back.waitFor('hearth.resumed', () => true, 10_000)).toMatchObject({ mode: 'resumed', missed: expect.any(Number) });
    expect(back.messages[0]?.type).toBe('hearth.resumed');
    expect((await said(back, 'Said while you were away.')).type).toBeDefined(); // kept on a while the page was away
    expect(fake.attempts).toBe(attempts); // the same upstream session, on a

    // A typed turn goes through b to a's upstream, and its answer comes back the same way.
    back.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'still here' }] },
    });
    back.send({ type: 'response.create' });
    await upstream.waitFor('conversation.item.create', (e) => e.item?.content?.[0]?.text === 'still here');
    await upstream.waitFor('response.create', (e) => upstream.received.indexOf(e) > 3);
    upstream.speak('Glad you are back.');
    upstream.finishResponse();
    expect((await said(back, 'Glad you are back.')).type).toBeDefined();
    // Microphone audio in the page's spelling (the fast path) and pings travel the bridge too.
    back.sendRaw(JSON.stringify({ type: 'input_audio_buffer.append', audio: FRAME }));
    expect((await upstream.waitFor('input_audio_buffer.append', (e) => e.audio === FRAME)).audio).toBe(FRAME);
    back.send({ type: 'hearth.ping', id: 7 });
    expect((await back.waitFor('hearth.pong', (m) => m.id === 7)).id).toBe(7);

    // The bridged page drops too: the session waits on a again, and the page comes back to a directly.
    back.close(4100);
    await back.closed;
    await Bun.sleep(100);
    const direct = await TestSocket.open(`${two.a.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect((await direct.waitFor('hearth.resumed')).mode).toBe('resumed');
    direct.send({ type: 'hearth.end_session' });
    expect((await direct.waitFor('hearth.post_chat', () => true, 20_000)).type).toBe('hearth.post_chat');
    expect((await direct.closed).code).toBe(CLOSE_CODES.normal);
    await upstream.closed;
    expect(fake.attempts).toBe(attempts);
  }, 60_000);

  test('the edge keeps the page-facing checks: a frame too large closes the page (1008) and ends the session on the holder', async () => {
    const { cookie, upstream, token } = await droppedOnA('Cai');
    const back = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    await back.waitFor('hearth.resumed', () => true, 10_000);
    back.sendRaw(JSON.stringify({ type: 'input_audio_buffer.append', audio: 'A'.repeat(300 * 1024) }));
    expect(await back.closed).toMatchObject({ code: CLOSE_CODES.policy, reason: 'Frame too large' });
    await upstream.closed; // a policy close is deliberate: the session ends, as on a direct connection
  }, 30_000);

  test('with BRIDGE=off, or a holder that cannot be reached, the page is told to connect again (4005) as before', async () => {
    const { cookie, upstream, token } = await droppedOnA('Dov');
    const attempts = fake.attempts;
    const config = two.b.deps.config;
    config.bridge = false;
    try {
      const refused = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
      expect(await refused.closed).toMatchObject({ code: CLOSE_CODES.resumeElsewhere });
    } finally {
      config.bridge = true;
    }
    // The holder's address no longer answers (it moved, or a firewall): the fallback is the same.
    await two.ctx.db.updateTable('live_voice_sessions').set({ internal_url: 'http://127.0.0.1:9' }).execute();
    const unreachable = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect(await unreachable.closed).toMatchObject({ code: CLOSE_CODES.resumeElsewhere });
    expect(fake.attempts).toBe(attempts);
    const direct = await TestSocket.open(`${two.a.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect((await direct.waitFor('hearth.resumed')).mode).toBe('resumed');
    direct.close();
    await upstream.closed;
  }, 30_000);

  test('a forged bridge request is refused, and a signed one for another person never reaches the session', async () => {
    const { cookie, upstream, token, userId } = await droppedOnA('Eli');
    const bridgeUrl = two.a.wsUrl.replace(/\/ws$/, BRIDGE_PATH);
    const live = token.split('.')[0]!;
    const claims = { live, owner: `user:${userId}`, authSession: 'x'.repeat(64) };
    const refused = async (headers: Record<string, string>) => {
      const { status, body } = await upgradeStatus(bridgeUrl, headers);
      expect(status).toBe(403);
      expect(JSON.parse(body).error).toBe('This internal path takes signed requests from Hearth instances only');
    };
    await refused({}); // from outside: no signature
    await refused({ [BRIDGE_RESUME_HEADER]: token }); // the page's own token is not enough
    await refused({
      [BRIDGE_HEADER]: signBridge({ appSecret: 'another-secret', dataDir: '/nonexistent' }, claims),
      [BRIDGE_RESUME_HEADER]: token,
    });
    await refused({ [BRIDGE_HEADER]: signBridge(two.a.deps.config, claims, Date.now() - 120_000), [BRIDGE_RESUME_HEADER]: token });
    const signed = signBridge(two.a.deps.config, claims);
    await refused({ [BRIDGE_HEADER]: `${signed.split('.')[0]}x.${signed.split('.')[1]}`, [BRIDGE_RESUME_HEADER]: token });

    // Well signed, but for someone else than the session's person: the holder does not hand it over.
    const other = signBridge(two.a.deps.config, { ...claims, owner: 'user:someone-else' });
    const ws = new WebSocket(bridgeUrl, { headers: { [BRIDGE_HEADER]: other, [BRIDGE_RESUME_HEADER]: token } } as unknown as string[]);
    const heard: string[] = [];
    ws.onmessage = (e) => heard.push(String(e.data));
    const code = await new Promise<number>((resolve) => (ws.onclose = (e) => resolve(e.code)));
    expect(code).toBe(CLOSE_CODES.resumeElsewhere);
    expect(heard).toEqual([]);

    const back = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect((await back.waitFor('hearth.resumed', () => true, 10_000)).mode).toBe('resumed');
    back.close();
    await upstream.closed;
  }, 30_000);

  // Last: it stops instance b's realtime side.
  test('an edge that stops tells its bridged page to reconnect (1001); the session waits on its holder and resumes', async () => {
    const { cookie, upstream, token } = await droppedOnA('Fay');
    const back = await TestSocket.open(`${two.b.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    await back.waitFor('hearth.resumed', () => true, 10_000);
    await two.b.deps.shutdown.run();
    expect(await back.closed).toMatchObject({ code: CLOSE_CODES.goingAway });
    await Bun.sleep(100);
    const direct = await TestSocket.open(`${two.a.wsUrl}${resumeQuery(token)}`, { origin: ORIGIN, cookie });
    expect((await direct.waitFor('hearth.resumed')).mode).toBe('resumed');
    direct.close();
    await upstream.closed;
  }, 30_000);
});
