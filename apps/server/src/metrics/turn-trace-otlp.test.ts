import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SAMPLE_RATE } from '@hearth/protocol';
import { createTestContext, type TestContext } from '../test/harness';
import { TestSocket, type Json } from '../realtime/test-support';
import { attributeOf as attr, type OtlpCollector, type OtlpSpan, startOtlpCollector } from '../test/otlp-collector';
import { stopTraceExport } from './trace-export';

// PRODUCT §12: a member's voice session through the relay (local provider) exports one trace per turn over OTLP
// (http/protobuf here; trace-export.test.ts covers both encodings) to a real collector on 127.0.0.1, with the
// expected spans and attributes and nothing personal in the payload.

const ORIGIN = 'http://hearth.test';
const NAME = 'Zebediah Quillfeather';
const PHONE = '+15550142277';
const EMAIL = 'zebediah@example.org';
const TYPED = 'My secret word is periwinkle';

let ctx: TestContext;
let wsUrl: string;
let collector: OtlpCollector;

beforeAll(async () => {
  collector = startOtlpCollector();
  // Read when the first turn is exported (the standard variables), as in production.
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  process.env.OTEL_EXPORTER_OTLP_PROTOCOL = 'http/protobuf';
  process.env.OTEL_BSP_SCHEDULE_DELAY = '50';
  ctx = await createTestContext({ config: { traceExport: { reportWaitMs: 400 } } });
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
});
afterAll(async () => {
  await ctx.app.stop(true);
  await ctx.close();
  await stopTraceExport();
  collector.stop();
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  delete process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  delete process.env.OTEL_BSP_SCHEDULE_DELAY;
});

/** 20 ms frames: silence, a tone the local VAD takes for speech, silence. */
function frames(silenceMs: number, toneMs: number, afterMs: number): string[] {
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

const ms = (span: OtlpSpan) => Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6;

async function until<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await Bun.sleep(25)) {
    const value = read();
    if (value !== undefined) return value;
  }
  throw new Error('timed out');
}

describe('per-turn traces over OTLP', () => {
  test('a typed and a spoken turn: one trace each, the page’s shares when it reports, nothing personal', async () => {
    const user = await ctx.createUser(NAME, { phone_number: PHONE, email: EMAIL });
    const cookie = await ctx.userCookie(user.id);
    const client = await TestSocket.open(`${wsUrl}?page=user`, { origin: ORIGIN, cookie });
    const session = await client.waitFor('hearth.session');
    await client.waitFor('response.done', () => true, 20_000);
    // The greeting answers the relay's own 'Hi.', not a member's turn: no trace.
    expect(client.ofType('hearth.turn_trace')).toEqual([]);

    // A typed turn; the page reports its shares (one malformed report first: ignored, the socket stays open).
    client.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: TYPED }] },
    });
    client.send({ type: 'response.create' });
    const typed = await client.waitFor('hearth.turn_trace', () => true, 10_000);
    const firstDelta = client.ofType('response.output_audio.delta').at(-1)!;
    expect(typed).toMatchObject({ turnId: firstDelta.item_id, promptName: session.prompt, version: session.version, report: true });
    expect(typed.providerMs).toBeGreaterThanOrEqual(0);
    expect(typed.relayMs).toBeGreaterThanOrEqual(0);
    client.send({ type: 'hearth.turn_timing', turnId: typed.turnId, captureMs: -5, socketMs: 1, playbackMs: 1 });
    client.send({ type: 'hearth.turn_timing', turnId: typed.turnId, captureMs: 4, socketMs: 12, playbackMs: 30 });
    await client.waitFor('response.done', (m) => m.response.output?.some((o: Json) => o.id === typed.turnId), 20_000);

    // A spoken turn the page never reports: exported with the relay's spans alone after the wait.
    for (const audio of frames(200, 1000, 700)) client.send({ type: 'input_audio_buffer.append', audio });
    await client.waitFor('input_audio_buffer.speech_stopped');
    const spoken = await client.waitFor('hearth.turn_trace', (m) => m.turnId !== typed.turnId, 10_000);
    expect(spoken.report).toBe(true);

    const roots = await until(() => {
      const found = collector.spans().filter((s) => s.name === 'voice.turn');
      return found.length >= 2 ? found : undefined;
    });
    expect(roots).toHaveLength(2);
    const spans = collector.spans();
    const childrenOf = (root: OtlpSpan) => spans.filter((s) => s.traceId === root.traceId && s.parentSpanId === root.spanId);
    const [typedRoot, spokenRoot] = roots.sort((a, b) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1));
    expect(typedRoot.traceId).not.toBe(spokenRoot.traceId);

    const typedParts = childrenOf(typedRoot);
    expect(typedParts.map((s) => s.name).sort()).toEqual(['browser.capture', 'browser.playback', 'browser.socket', 'provider', 'relay']);
    const part = (name: string) => typedParts.find((s) => s.name === name)!;
    expect(ms(part('browser.capture'))).toBeCloseTo(4, 0);
    expect(ms(part('browser.socket'))).toBeCloseTo(12, 0);
    expect(ms(part('browser.playback'))).toBeCloseTo(30, 0);
    expect(ms(part('provider'))).toBeCloseTo(typed.providerMs, 0);
    // The parts follow each other from the end of speech to the first sample played.
    const total = typedParts.reduce((sum, s) => sum + ms(s), 0);
    expect(ms(typedRoot)).toBeCloseTo(total, 0);
    expect(attr(typedRoot, 'hearth.prompt')).toBe(session.prompt);
    expect(Number(attr(typedRoot, 'hearth.sequence.version'))).toBe(session.version);
    expect(attr(typedRoot, 'hearth.page')).toBe('member');
    expect(attr(typedRoot, 'hearth.provider')).toBe('local');
    expect(attr(typedRoot, 'hearth.browser.reported')).toBe(true);

    expect(
      childrenOf(spokenRoot)
        .map((s) => s.name)
        .sort(),
    ).toEqual(['provider', 'relay']);
    expect(attr(spokenRoot, 'hearth.browser.reported')).toBe(false);
    expect(collector.received.every((r) => r.contentType === 'application/x-protobuf')).toBe(true);
    expect(collector.resources()[0].attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'hearth' } });

    // Protobuf's strings are plain UTF-8 on the wire: anything personal would show in the bodies' text.
    const everything = collector.received.map((r) => r.text).join('\n');
    expect(everything).toContain('hearth.prompt');
    for (const personal of [NAME, 'Zebediah', PHONE, EMAIL, TYPED, 'periwinkle', user.id, cookie.split('=')[1]]) {
      expect(everything).not.toContain(personal);
    }
    client.close();
  }, 60_000);
});
