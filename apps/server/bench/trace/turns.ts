/**
 * One process of `bun run bench:trace-export` (trace-export.bench.ts): exports `rate` turns a second, paced by a
 * 10 ms timer as a relay's turns come, for as long as it lives. Modes:
 *   off       the timer alone (the floor every mode pays);
 *   json      the product's export (metrics/trace-export.ts): finished spans to the SDK's batch processor and the
 *             official OTLP exporter over http/json (the default), its requests over Bun's fetch;
 *   protobuf  the same with OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf;
 *   json-node the same as json over the official Node transport (node:http), which a TLS file variable chooses;
 *   tracer    the same spans through the SDK's tracer (startSpan/end) and the official http/json exporter (Node
 *             transport), as trace-export.ts did until this bench was written; kept here as the comparison.
 * OTEL_EXPORTER_OTLP_ENDPOINT (the parent's collector) and the protocol are set by the parent.
 */
import { exportTurn, type TurnAttributes } from '../../src/metrics/trace-export';
import { layoutTurn, type PageShares, type TurnLayout } from '../../src/metrics/turn-layout';

const mode = process.argv[2] as 'off' | 'protobuf' | 'json' | 'json-node' | 'tracer';
const rate = Number(process.argv[3]);
const page: PageShares | null = process.argv[4] === 'page' ? { captureMs: 3, socketMs: 37, playbackMs: 25 } : null;

async function sdkTracer(): Promise<(layout: TurnLayout, attributes: TurnAttributes) => void> {
  const [api, sdk, resources, otlp, semconv] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/semantic-conventions'),
  ]);
  const resource = resources
    .resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: 'hearth' })
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.TracerProvider({
    resource,
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter() })],
  });
  const tracer = provider.getTracer('hearth.voice');
  return (layout, attributes) => {
    const root = tracer.startSpan('voice.turn', { startTime: layout.root.startMs, attributes, root: true });
    const parent = api.trace.setSpan(api.ROOT_CONTEXT, root);
    for (const part of layout.parts) {
      tracer.startSpan(part.name, { startTime: part.startMs, attributes: part.attributes }, parent).end(part.endMs);
    }
    root.end(layout.root.endMs);
  };
}

const exporter = mode === 'tracer' ? await sdkTracer() : mode === 'off' ? null : exportTurn;
let owed = 0;
setInterval(() => {
  owed += rate / 100;
  for (; owed >= 1; owed--) {
    if (!exporter) continue;
    // What TurnTraces hands over per turn (turn-trace.ts): a fresh layout and attributes.
    const now = Date.now();
    const layout = layoutTurn({ turnEndedMs: now - 700, receivedMs: now - 2, sentMs: now - 1 }, page);
    exporter(layout, {
      'hearth.prompt': 'welcome-and-introductions',
      'hearth.sequence': 'Get to Know You',
      'hearth.sequence.version': 3,
      'hearth.page': 'member',
      'hearth.provider': 'openai',
      'hearth.browser.reported': page !== null,
    });
  }
}, 10);
console.log('ready');
