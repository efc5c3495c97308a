import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { CLOSE_CODES, SAMPLE_RATE } from '@hearth/protocol';
import { createOpenAiUpstream } from '../realtime/providers/openai/openai-upstream';
import { TestSocket, upgradeStatus } from '../realtime/test-support';
import { startFakeRealtime } from '../test/fake-openai-realtime';
import { memberCookie, scrape, scrapeUntil, staffCookie, startMetricsSuite, type MetricsSuite } from './metrics-test-support';

// The relay's figures on /metrics: sessions opening and closing, refusals, turns, upstream trouble.
let suite: MetricsSuite;
let metricsUrl: string;

beforeAll(async () => {
  // One live session per operator, so the second is refused (staff_full).
  suite = await startMetricsSuite({ LIMIT_SESSIONS_PER_STAFF: '1' });
  metricsUrl = suite.server.metricsUrl!;
});
afterAll(() => suite.stop());

const live = (kind: 'member' | 'staff') => (s: Awaited<ReturnType<typeof scrape>>) => s.value('hearth_live_voice_sessions', { kind });
const refused = (reason: string) => (s: Awaited<ReturnType<typeof scrape>>) => s.value('hearth_voice_admissions_refused_total', { reason });

/** 20 ms frames of silence, a tone, and silence, as the capture worklet would send them. */
function speech(silenceMs: number, toneMs: number, afterMs: number): string[] {
  const out: string[] = [];
  for (let startMs = 0; startMs < silenceMs + toneMs + afterMs; startMs += 20) {
    const frame = new Int16Array(480);
    for (let i = 0; i < 480; i++) {
      const ms = startMs + (i * 1000) / SAMPLE_RATE;
      frame[i] = ms >= silenceMs && ms < silenceMs + toneMs ? Math.round(8000 * Math.sin((2 * Math.PI * 180 * i) / SAMPLE_RATE)) : 0;
    }
    out.push(Buffer.from(frame.buffer).toString('base64'));
  }
  return out;
}

describe('relay metrics', () => {
  test('a member session moves the live gauge to 1 and back; its answers observe relay time and turn latency', async () => {
    const before = await scrape(metricsUrl);
    const client = await TestSocket.open(`${suite.wsUrl}?page=user`, { origin: suite.origin, cookie: await memberCookie(suite) });
    await client.waitFor('hearth.session');
    const open = await scrape(metricsUrl);
    expect(live('member')(open)).toBe(live('member')(before) + 1);
    expect(live('staff')(open)).toBe(live('staff')(before));

    // The greeting's first audio went to the page: the relay's time for it is observed once, not per frame.
    await client.waitFor('response.output_audio.delta');
    // Cut short (the local provider speaks in real time): the turn below needs no greeting in full.
    client.send({ type: 'response.cancel' });
    await client.waitFor('response.done');
    const greeted = await scrapeUntil(
      metricsUrl,
      (s) => s.count('hearth_relay_added_seconds') > before.count('hearth_relay_added_seconds'),
    );
    expect(client.ofType('response.output_audio.delta').length).toBeGreaterThan(1);
    expect(greeted.count('hearth_relay_added_seconds')).toBe(before.count('hearth_relay_added_seconds') + 1);
    // No member turn yet: the greeting answers the relay's own 'Hi.'.
    expect(greeted.count('hearth_turn_latency_seconds')).toBe(before.count('hearth_turn_latency_seconds'));

    // The member speaks: the end of their speech to the answer's first audio is one turn.
    const speechStopped = client.ofType('input_audio_buffer.speech_stopped').length;
    for (const audio of speech(200, 1000, 700)) client.send({ type: 'input_audio_buffer.append', audio });
    await client.waitFor('input_audio_buffer.speech_stopped');
    expect(client.ofType('input_audio_buffer.speech_stopped').length).toBe(speechStopped + 1);
    const turned = await scrapeUntil(
      metricsUrl,
      (s) => s.count('hearth_turn_latency_seconds') > before.count('hearth_turn_latency_seconds'),
    );
    expect(turned.count('hearth_turn_latency_seconds')).toBe(before.count('hearth_turn_latency_seconds') + 1);
    const sum = Number(turned.families.get('hearth_turn_latency_seconds')?.metrics[0]?.sum);
    expect(sum).toBeGreaterThan(0);
    expect(sum).toBeLessThan(30);

    client.close();
    const closed = await scrapeUntil(metricsUrl, (s) => live('member')(s) === live('member')(before));
    expect(live('member')(closed)).toBe(live('member')(before));
  });

  test('refused connections are counted with their reason', async () => {
    const before = await scrape(metricsUrl);
    const staff = await staffCookie(suite);

    // The upgrade request: a foreign origin, then no sign-in.
    expect((await upgradeStatus(suite.wsUrl, { origin: 'http://evil.example', cookie: staff })).status).toBe(403);
    expect((await upgradeStatus(suite.wsUrl, { origin: suite.origin })).status).toBe(401);

    // The admission: this operator already holds the one live session allowed.
    const first = await TestSocket.open(suite.wsUrl, { origin: suite.origin, cookie: staff });
    await first.waitFor('hearth.session');
    expect(live('staff')(await scrape(metricsUrl))).toBe(live('staff')(before) + 1);
    const second = await TestSocket.open(suite.wsUrl, { origin: suite.origin, cookie: staff });
    expect((await second.closed).code).toBe(CLOSE_CODES.staffLimit);

    const after = await scrape(metricsUrl);
    expect(refused('origin')(after)).toBe(refused('origin')(before) + 1);
    expect(refused('unauthenticated')(after)).toBe(refused('unauthenticated')(before) + 1);
    expect(refused('staff_full')(after)).toBe(refused('staff_full')(before) + 1);
    expect(refused('full')(after)).toBe(refused('full')(before));
    // The refused one never counted as live.
    expect(live('staff')(after)).toBe(live('staff')(before) + 1);
    first.close();
    const closed = await scrapeUntil(metricsUrl, (s) => live('staff')(s) === live('staff')(before));
    expect(live('staff')(closed)).toBe(live('staff')(before));
  });

  test('upstream trouble is counted by kind: an error event, a connection that fails', async () => {
    const errors = (kind: string) => (s: Awaited<ReturnType<typeof scrape>>) => s.value('hearth_upstream_errors_total', { kind });
    const before = await scrape(metricsUrl);
    const fake = startFakeRealtime({ apiKey: 'sk-metrics' });
    try {
      const failures: string[] = [];
      const events: string[] = [];
      const handlers = {
        onOpen() {},
        onEvent: (e: { type: string }) => void events.push(e.type),
        onAudio() {},
        onFailure: (r: string) => void failures.push(r),
      };
      const upstream = createOpenAiUpstream(handlers, { url: fake.url, model: 'gpt-realtime-test', apiKey: 'sk-metrics' });
      const connection = await fake.nextConnection();
      connection.send({ type: 'error', error: { type: 'invalid_request_error', code: 'unknown_parameter', message: 'Unknown parameter' } });
      while (!events.includes('error')) await Bun.sleep(10);
      upstream.close();

      // A refused key: the connection never opens.
      createOpenAiUpstream(handlers, { url: fake.url, model: 'gpt-realtime-test', apiKey: 'sk-wrong' });
      while (failures.length === 0) await Bun.sleep(10);
    } finally {
      await fake.stop();
    }
    const after = await scrape(metricsUrl);
    expect(errors('error_event')(after)).toBe(errors('error_event')(before) + 1);
    expect(errors('connect_failed')(after)).toBe(errors('connect_failed')(before) + 1);
    expect(errors('lost')(after)).toBe(errors('lost')(before));
  });
});
