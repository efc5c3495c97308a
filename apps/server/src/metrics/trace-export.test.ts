import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { attributeOf, type OtlpCollector, startOtlpCollector } from '../test/otlp-collector';
import { exportTurn, stopTraceExport, type TurnAttributes } from './trace-export';
import { retryAfterMs } from './otlp-fetch-transport';
import { traceSettings } from './trace-settings';
import { layoutTurn } from './turn-layout';

// trace-export.ts builds a turn's finished spans itself and hands them to the SDK's batch processor and OTLP
// exporter; here they go to a real OTLP/HTTP collector on 127.0.0.1 (test/otlp-collector.ts), under the standard
// variables the tracer would have honoured (sampler, batch processor, attribute limits) and the protocol's.

let collector: OtlpCollector;
const VARIABLES = [
  'OTEL_EXPORTER_OTLP_ENDPOINT',
  'OTEL_EXPORTER_OTLP_PROTOCOL',
  'OTEL_BSP_SCHEDULE_DELAY',
  'OTEL_BSP_MAX_EXPORT_BATCH_SIZE',
  'OTEL_TRACES_SAMPLER',
  'OTEL_TRACES_SAMPLER_ARG',
  'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT',
  'OTEL_SERVICE_NAME',
  'OTEL_EXPORTER_OTLP_HEADERS',
  'OTEL_EXPORTER_OTLP_COMPRESSION',
];

beforeAll(() => {
  collector = startOtlpCollector();
});
afterEach(async () => {
  await stopTraceExport();
  collector.received.length = 0;
  collector.refused.length = 0;
  for (const name of VARIABLES) delete process.env[name];
});
afterAll(() => collector.stop());

/** Export on, with these variables, the way a deployment sets them (read when the SDK loads, on the first turn). */
function configure(variables: Record<string, string>) {
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = collector.url;
  Object.assign(process.env, variables);
}

const attributes: TurnAttributes = {
  'hearth.prompt': 'welcome-and-introductions',
  'hearth.sequence': 'Get to Know You',
  'hearth.sequence.version': 3,
  'hearth.page': 'member',
  'hearth.provider': 'openai',
  'hearth.browser.reported': true,
};
const EPOCH_MS = 1_795_000_000_000;
const layout = layoutTurn(
  { turnEndedMs: EPOCH_MS + 10_000, receivedMs: EPOCH_MS + 10_610.5, sentMs: EPOCH_MS + 10_612 },
  { captureMs: 3, socketMs: 37, playbackMs: 25 },
);
const spans = () => collector.spans();
const roots = () => spans().filter((s) => s.name === 'voice.turn');

async function until(done: () => boolean, timeoutMs: number) {
  for (const end = Date.now() + timeoutMs; Date.now() < end; await Bun.sleep(10)) if (done()) return true;
  return false;
}

describe('trace export', () => {
  test.each([
    ['http/json', '', 'application/json'],
    ['http/protobuf', 'http/protobuf', 'application/x-protobuf'],
  ])(
    'one turn over %s: a root and its parts, on the relay’s times, in scope hearth.voice of service hearth',
    async (_, protocol, contentType) => {
      configure(protocol ? { OTEL_EXPORTER_OTLP_PROTOCOL: protocol } : {});
      exportTurn(layout, attributes);
      await stopTraceExport();
      expect(collector.received.map((r) => r.contentType)).toEqual([contentType]);
      const all = spans();
      expect(all.map((s) => s.name)).toEqual(['browser.capture', 'browser.socket', 'provider', 'relay', 'browser.playback', 'voice.turn']);
      const root = all.at(-1)!;
      expect(root.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(root.parentSpanId ?? '').toBe('');
      for (const part of all.slice(0, -1)) {
        expect(part.traceId).toBe(root.traceId);
        expect(part.parentSpanId).toBe(root.spanId);
      }
      expect(new Set(all.map((s) => s.spanId)).size).toBe(6);
      expect(all.every((s) => s.kind === 1)).toBe(true); // SPAN_KIND_INTERNAL
      const provider = all.find((s) => s.name === 'provider')!;
      expect(provider.startTimeUnixNano).toBe(String(BigInt(EPOCH_MS + 10_000) * 1_000_000n));
      expect(provider.endTimeUnixNano).toBe(String(BigInt(EPOCH_MS + 10_610) * 1_000_000n + 500_000n));
      expect(root.startTimeUnixNano).toBe(String(BigInt(EPOCH_MS + 10_000 - 40) * 1_000_000n));
      expect(root.endTimeUnixNano).toBe(String(BigInt(EPOCH_MS + 10_612 + 25) * 1_000_000n));
      expect(attributeOf(root, 'hearth.prompt')).toBe('welcome-and-introductions');
      expect(attributeOf(root, 'hearth.sequence.version')).toBe(3);
      expect(attributeOf(root, 'hearth.browser.reported')).toBe(true);
      expect(attributeOf(all[0], 'hearth.estimated')).toBe(true);
      expect(collector.scopes()).toEqual(['hearth.voice']);
      expect(collector.resources()[0].attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'hearth' } });
    },
  );

  test('OTEL_SERVICE_NAME names the service', async () => {
    configure({ OTEL_SERVICE_NAME: 'hearth-eu' });
    exportTurn(layout, attributes);
    await stopTraceExport();
    expect(collector.resources()[0].attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'hearth-eu' } });
  });

  test('OTEL_BSP_MAX_EXPORT_BATCH_SIZE: a full batch goes out at once, before a long OTEL_BSP_SCHEDULE_DELAY', async () => {
    configure({ OTEL_BSP_SCHEDULE_DELAY: '600000', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '6' });
    exportTurn(layout, attributes);
    expect(await until(() => spans().length === 6, 5000)).toBe(true);
  });

  test('OTEL_BSP_SCHEDULE_DELAY: a part batch waits for it', async () => {
    configure({ OTEL_BSP_SCHEDULE_DELAY: '600000' });
    exportTurn(layout, attributes);
    // Under the 512-span default batch, nothing goes out before the delay (or a flush at shutdown).
    expect(await until(() => collector.received.length > 0, 700)).toBe(false);
    await stopTraceExport();
    expect(spans()).toHaveLength(6);
  });

  test('OTEL_TRACES_SAMPLER: always_off and a ratio of 0 send nothing; traceidratio 1 sends every turn', async () => {
    for (const [sampler, arg, turns] of [
      ['always_off', '', 0],
      ['parentbased_traceidratio', '0', 0],
      ['traceidratio', '1', 4],
    ] as const) {
      configure({ OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: arg });
      for (let i = 0; i < 4; i++) exportTurn(layout, attributes);
      await stopTraceExport();
      expect(roots()).toHaveLength(turns);
      collector.received.length = 0;
    }
  });

  test('OTEL_TRACES_SAMPLER_ARG 0.5 samples about half of the turns, by trace id', async () => {
    configure({ OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.5' });
    for (let i = 0; i < 400; i++) exportTurn(layout, attributes);
    await stopTraceExport();
    const sampled = roots().length;
    expect(sampled).toBeGreaterThan(120);
    expect(sampled).toBeLessThan(280);
    // A sampled turn is whole: every part of it came too.
    expect(spans()).toHaveLength(sampled * 6);
  });

  test('OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT cuts long values', async () => {
    configure({ OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '7' });
    exportTurn(layout, attributes);
    await stopTraceExport();
    const [root] = roots();
    expect(attributeOf(root, 'hearth.prompt')).toBe('welcome');
    expect(attributeOf(root, 'hearth.sequence.version')).toBe(3);
  });
});

describe('the OTLP requests (Bun’s fetch, or the official Node transport where only it honours a variable)', () => {
  test('a collector that answers 503 gets the turn again, after its Retry-After', async () => {
    configure({});
    collector.failNext(503, 2, '0');
    exportTurn(layout, attributes);
    await stopTraceExport();
    expect(collector.refused).toEqual([503, 503]);
    expect(spans()).toHaveLength(6);
  });

  test('a 400 is not tried again, and stopping still ends cleanly', async () => {
    configure({});
    collector.failNext(400);
    exportTurn(layout, attributes);
    await stopTraceExport();
    expect(collector.refused).toEqual([400]);
    expect(collector.received).toHaveLength(0);
  });

  test('OTEL_EXPORTER_OTLP_HEADERS go with every request', async () => {
    configure({ OTEL_EXPORTER_OTLP_HEADERS: 'x-tenant=hearth-eu,x-team=voice' });
    exportTurn(layout, attributes);
    await stopTraceExport();
    expect(collector.received[0].headers.get('x-tenant')).toBe('hearth-eu');
    expect(collector.received[0].headers.get('x-team')).toBe('voice');
    expect(collector.received[0].contentEncoding).toBe('');
  });

  test.each(['http/json', 'http/protobuf'])(
    'OTEL_EXPORTER_OTLP_COMPRESSION=gzip over %s: sent gzipped, by the Node transport',
    async (protocol) => {
      configure({ OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip', OTEL_EXPORTER_OTLP_PROTOCOL: protocol });
      exportTurn(layout, attributes);
      await stopTraceExport();
      expect(collector.received.map((r) => r.contentEncoding)).toEqual(['gzip']);
      expect(spans()).toHaveLength(6);
    },
  );

  test('Retry-After in seconds or as a date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterMs('0', now)).toBe(0);
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Sat, 28 Nov 2026 12:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('traceSettings', () => {
  test('the specification’s defaults', () => {
    expect(traceSettings({})).toEqual({
      protocol: 'http/json',
      transport: 'fetch',
      sampler: { kind: 'always_on' },
      batch: { scheduledDelayMillis: 5000, exportTimeoutMillis: 30_000, maxQueueSize: 2048, maxExportBatchSize: 512 },
      attributes: { countLimit: 128, valueLengthLimit: Infinity },
    });
  });

  test('values it cannot read fall back to the defaults; the span limits win over the general ones', () => {
    const settings = traceSettings({
      OTEL_TRACES_SAMPLER: 'jaeger_remote',
      OTEL_BSP_SCHEDULE_DELAY: 'soon',
      OTEL_BSP_MAX_QUEUE_SIZE: '-3',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: ' 64 ',
      OTEL_ATTRIBUTE_COUNT_LIMIT: '10',
      OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '4',
      OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '100',
    });
    expect(settings.sampler).toEqual({ kind: 'always_on' });
    expect(settings.batch).toEqual({ scheduledDelayMillis: 5000, exportTimeoutMillis: 30_000, maxQueueSize: 2048, maxExportBatchSize: 64 });
    expect(settings.attributes).toEqual({ countLimit: 4, valueLengthLimit: 100 });
    expect(traceSettings({ OTEL_TRACES_SAMPLER: 'TraceIdRatio', OTEL_TRACES_SAMPLER_ARG: '2' }).sampler).toEqual({
      kind: 'ratio',
      ratio: 1,
    });
    expect(traceSettings({ OTEL_TRACES_SAMPLER: 'parentbased_always_off' }).sampler).toEqual({ kind: 'always_off' });
    expect(traceSettings({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' }).protocol).toBe('http/json');
    // Only the official Node transport gzips and reads TLS files: those variables choose it.
    expect(traceSettings({ OTEL_EXPORTER_OTLP_COMPRESSION: 'none' }).transport).toBe('fetch');
    expect(traceSettings({ OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip' }).transport).toBe('node');
    expect(traceSettings({ OTEL_EXPORTER_OTLP_TRACES_COMPRESSION: 'GZIP' }).transport).toBe('node');
    expect(traceSettings({ OTEL_EXPORTER_OTLP_CERTIFICATE: '/etc/ssl/collector.pem' }).transport).toBe('node');
    expect(traceSettings({ OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY: '/etc/ssl/hearth.key' }).transport).toBe('node');
    expect(traceSettings({ OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }).protocol).toBe(
      'http/protobuf',
    );
  });
});
