import { log } from '../log';
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
 * The OpenTelemetry SDK, loaded on the first exported turn (dynamic imports: with export off nothing of it is
 * loaded). The exporter and batch processor read OTEL_EXPORTER_OTLP_*, OTEL_BSP_* themselves; the resource takes
 * OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, the service name defaulting to "hearth".
 */
function load() {
  loading ??= (async () => {
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
    const exportTurn: Exporter = (layout, attributes) => {
      const root = tracer.startSpan('voice.turn', { startTime: layout.root.startMs, attributes, root: true });
      const parent = api.trace.setSpan(api.ROOT_CONTEXT, root);
      for (const part of layout.parts) {
        tracer.startSpan(part.name, { startTime: part.startMs, attributes: part.attributes }, parent).end(part.endMs);
      }
      root.end(layout.root.endMs);
    };
    loaded = exportTurn;
    return { exportTurn, shutdown: () => provider.shutdown() };
  })().catch((error: unknown) => {
    log.error('trace export could not start', { error: (error as Error)?.name });
    return null;
  });
  return loading;
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
  void load().then((sdk) => sdk?.exportTurn(layout, attributes));
}

/** Sends what is batched and stops (server shutdown, tests); nothing to do if no turn was ever exported. */
export async function stopTraceExport(): Promise<void> {
  const sdk = await loading;
  loading = null;
  loaded = null;
  await sdk?.shutdown();
}
