import type { Attributes, HrTime, SpanContext } from '@opentelemetry/api';
import type { ReadableSpan, Sampler } from '@opentelemetry/sdk-trace';
import { log } from '../log';
import { traceSettings, type TraceSettings } from './trace-settings';
import type { TurnLayout } from './turn-layout';

/** What a turn's spans carry: the step of the conversation and where it ran, never who or what was said. */
export type TurnAttributes = {
  'hearth.prompt': string;
  'hearth.sequence': string;
  'hearth.sequence.version': number;
  'hearth.page': string;
  'hearth.provider': string;
  'hearth.browser.reported': boolean;
};

type Exporter = (layout: TurnLayout, attributes: TurnAttributes) => void;

let loading: Promise<{ exportTurn: Exporter; shutdown: () => Promise<void> } | null> | null = null;
/** The loaded SDK's exporter: once it is there a turn goes straight to it, without a promise per turn. */
let loaded: Exporter | null = null;

/**
 * The OpenTelemetry packages, loaded on the first exported turn (dynamic imports: with export off nothing of them is
 * loaded). A turn's spans are finished before they exist (the relay timed them already), so they are built here as
 * the SDK's finished spans (`ReadableSpan`) and handed to its batch processor and OTLP exporter, without the SDK's
 * tracer: creating live spans only to end them at once was most of tracing's cost per turn (bench:relay,
 * BENCH_TRACE=1, bench:trace-export). What the tracer would have decided is decided here from the same standard
 * variables (trace-settings.ts): OTEL_TRACES_SAMPLER(_ARG) with the SDK's own samplers, OTEL_BSP_* for the batch
 * processor, the attribute limits, and OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL for the exporter (http/json by default,
 * http/protobuf when asked; trace-settings.ts says why). The exporter reads the other OTEL_EXPORTER_OTLP_* itself; the
 * resource takes OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, the service name defaulting to "hearth".
 */
function load() {
  loading ??= (async () => {
    const settings = traceSettings(process.env);
    const [api, sdk, core, resources, semconv, base, nodeHttp, transformer, fetchTransport] = await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/semantic-conventions'),
      import('@opentelemetry/otlp-exporter-base'),
      import('@opentelemetry/otlp-exporter-base/node-http'),
      import('@opentelemetry/otlp-transformer'),
      import('./otlp-fetch-transport'),
    ]);
    const resource = resources
      .resourceFromAttributes({ [semconv.ATTR_SERVICE_NAME]: 'hearth' })
      .merge(resources.detectResources({ detectors: [resources.envDetector] }));
    const scope = { name: 'hearth.voice' };
    // The official OTLP trace exporter, put together from its parts as OTLPTraceExporter does (exporter-trace-otlp-http
    // and -proto), so the transport can be Bun's fetch (otlp-fetch-transport.ts says why).
    const json = settings.protocol === 'http/json';
    const options = nodeHttp.convertLegacyHttpOptions({}, 'TRACES', 'v1/traces', {
      'Content-Type': json ? 'application/json' : 'application/x-protobuf',
    });
    const serializer = json ? transformer.JsonTraceSerializer : transformer.ProtobufTraceSerializer;
    const delegate =
      settings.transport === 'fetch'
        ? base.createOtlpNetworkExportDelegate(
            options,
            serializer,
            nodeHttp.createOtlpHttpExporterMetrics(EXPORTER_COMPONENT, transformer.TraceExporterMetricsHelper, options.url, undefined),
            fetchTransport.createFetchTransport(options),
          )
        : nodeHttp.createOtlpHttpExportDelegate(options, serializer, EXPORTER_COMPONENT, transformer.TraceExporterMetricsHelper, undefined);
    const exporter = new base.OTLPExporterBase(delegate);
    const processor = new sdk.BatchSpanProcessor({ exporter, ...settings.batch });
    const sampler = samplerFor(sdk, settings.sampler);
    const ids = new sdk.RandomIdGenerator();
    const limit = attributeLimiter(settings.attributes);
    const noLinks: never[] = [];
    const noAttributes: Attributes = {};
    const unset = { code: api.SpanStatusCode.UNSET };

    /** One span as the SDK's tracer would have ended it: internal, status unset, no events or links. */
    class FinishedSpan implements ReadableSpan {
      readonly kind = api.SpanKind.INTERNAL;
      readonly status = unset;
      readonly links = noLinks;
      readonly events = noLinks;
      readonly ended = true;
      readonly droppedEventsCount = 0;
      readonly droppedLinksCount = 0;
      readonly resource = resource;
      readonly instrumentationScope = scope;
      readonly startTime: HrTime;
      readonly endTime: HrTime;
      readonly attributes: Attributes;
      readonly droppedAttributesCount: number;
      constructor(
        readonly name: string,
        private readonly context: SpanContext,
        readonly parentSpanContext: SpanContext | undefined,
        startMs: number,
        endMs: number,
        attributes: Attributes | undefined,
      ) {
        this.startTime = core.millisToHrTime(startMs);
        this.endTime = core.millisToHrTime(endMs);
        const limited = limit ? limit(attributes ?? noAttributes) : null;
        this.attributes = limited ? limited.attributes : (attributes ?? noAttributes);
        this.droppedAttributesCount = limited ? limited.dropped : 0;
      }
      /** Asked for by span processors that filter on it, not by the exporter: worked out only then. */
      get duration(): HrTime {
        return core.hrTimeDuration(this.startTime, this.endTime);
      }
      spanContext() {
        return this.context;
      }
    }

    const exportTurn: Exporter = (layout, attributes) => {
      const traceId = ids.generateTraceId();
      const sampled = sampler.shouldSample(api.ROOT_CONTEXT, traceId, 'voice.turn', api.SpanKind.INTERNAL, attributes, noLinks);
      if (sampled.decision !== api.SamplingDecision.RECORD_AND_SAMPLED) return;
      const root = { traceId, spanId: ids.generateSpanId(), traceFlags: api.TraceFlags.SAMPLED, traceState: sampled.traceState };
      const rootAttributes = sampled.attributes ? { ...attributes, ...sampled.attributes } : attributes;
      // Children first, as the tracer's spans would end; the root last.
      for (const part of layout.parts) {
        const context = { traceId, spanId: ids.generateSpanId(), traceFlags: root.traceFlags, traceState: root.traceState };
        processor.onEnd(new FinishedSpan(part.name, context, root, part.startMs, part.endMs, part.attributes));
      }
      processor.onEnd(new FinishedSpan('voice.turn', root, undefined, layout.root.startMs, layout.root.endMs, rootAttributes));
    };
    loaded = exportTurn;
    return { exportTurn, shutdown: () => processor.shutdown() };
  })().catch((error: unknown) => {
    log.error('trace export could not start', { error: (error as Error)?.name });
    return null;
  });
  return loading;
}

/** The exporter's component type in its own metrics, as OTLPTraceExporter names itself (OpenTelemetry semconv). */
const EXPORTER_COMPONENT = 'otlp_http_span_exporter';

/** The sampler OTEL_TRACES_SAMPLER names, from the SDK. A turn is always a trace's root, so parentbased_x decides as x. */
function samplerFor(sdk: typeof import('@opentelemetry/sdk-trace'), sampler: TraceSettings['sampler']): Sampler {
  if (sampler.kind === 'always_off') return new sdk.AlwaysOffSampler();
  if (sampler.kind === 'ratio') return new sdk.TraceIdRatioBasedSampler(sampler.ratio);
  return new sdk.AlwaysOnSampler();
}

/** The most attributes a turn's span carries (the root's TurnAttributes). */
const MOST_ATTRIBUTES = 6;

/** OTEL_(SPAN_)ATTRIBUTE_VALUE_LENGTH_LIMIT and _COUNT_LIMIT, as the SDK applies them; none when they cannot bite. */
function attributeLimiter(limits: TraceSettings['attributes']) {
  const { countLimit, valueLengthLimit } = limits;
  if (countLimit >= MOST_ATTRIBUTES && valueLengthLimit === Infinity) return null;
  return (attributes: Attributes) => {
    const kept: Attributes = {};
    let count = 0;
    let dropped = 0;
    for (const [key, value] of Object.entries(attributes)) {
      if (count >= countLimit) {
        dropped++;
        continue;
      }
      kept[key] = typeof value === 'string' && value.length > valueLengthLimit ? value.slice(0, valueLengthLimit) : value;
      count++;
    }
    return { attributes: kept, dropped };
  };
}

/** Hands one turn to the batch processor; never throws into the session. */
export function exportTurn(layout: TurnLayout, attributes: TurnAttributes): void {
  if (loaded) {
    try {
      loaded(layout, attributes);
    } catch (error) {
      log.error('trace export failed', { error: (error as Error)?.name });
    }
    return;
  }
  void load().then((sdk) => {
    if (sdk) exportTurn(layout, attributes);
  });
}

/** Sends what is batched and stops (server shutdown, tests); nothing to do if no turn was ever exported. */
export async function stopTraceExport(): Promise<void> {
  const sdk = await loading;
  loading = null;
  loaded = null;
  // A last batch the collector refused is lost, as any refused batch is; stopping the server must not fail over it.
  await sdk
    ?.shutdown()
    .catch((error: unknown) => log.warn('trace export: the last spans could not be sent', { error: (error as Error)?.name }));
}
