import { log } from '../log';

type Env = Record<string, string | undefined>;

/** What the standard OTEL_* variables ask of the trace export, beyond the exporter's own (trace-export.ts). */
export interface TraceSettings {
  /**
   * OTEL_EXPORTER_OTLP_(TRACES_)PROTOCOL: http/json (the default here, as in OpenTelemetry JS's OTLP/HTTP exporter)
   * or http/protobuf. The specification suggests http/protobuf as a default, but in Bun its encoder costs about
   * twice JSON's per span (bench:trace-export), and every OTLP/HTTP receiver takes both. grpc is not shipped: it
   * falls back to http/json, to the same endpoint variables.
   */
  protocol: 'http/protobuf' | 'http/json';
  /**
   * How the requests go: over Bun's fetch (otlp-fetch-transport.ts, cheaper), or over the official Node transport
   * where a variable asks for what only it does: OTEL_EXPORTER_OTLP_(TRACES_)COMPRESSION=gzip, or the TLS files
   * (OTEL_EXPORTER_OTLP_(TRACES_)CERTIFICATE, _CLIENT_KEY, _CLIENT_CERTIFICATE).
   */
  transport: 'fetch' | 'node';
  /** OTEL_TRACES_SAMPLER(_ARG). A turn is always a trace's root, so parentbased_x is x here. */
  sampler: { kind: 'always_on' } | { kind: 'always_off' } | { kind: 'ratio'; ratio: number };
  /** OTEL_BSP_*, in the batch processor's option names. */
  batch: { scheduledDelayMillis: number; exportTimeoutMillis: number; maxQueueSize: number; maxExportBatchSize: number };
  /** OTEL_SPAN_ATTRIBUTE_* (or the general OTEL_ATTRIBUTE_*) limits; Infinity where there is none. */
  attributes: { countLimit: number; valueLengthLimit: number };
}

/**
 * The OpenTelemetry specification's variables and defaults (environment-variables.md). A value that cannot be read
 * is warned about by its name and the default used, as the SDKs do; the start never fails over tracing.
 */
export function traceSettings(env: Env): TraceSettings {
  return {
    protocol: protocol(env),
    transport: transport(env),
    sampler: sampler(env),
    batch: {
      scheduledDelayMillis: number(env, 'OTEL_BSP_SCHEDULE_DELAY', 5000, 0),
      exportTimeoutMillis: number(env, 'OTEL_BSP_EXPORT_TIMEOUT', 30_000, 0),
      maxQueueSize: number(env, 'OTEL_BSP_MAX_QUEUE_SIZE', 2048, 1),
      maxExportBatchSize: number(env, 'OTEL_BSP_MAX_EXPORT_BATCH_SIZE', 512, 1),
    },
    attributes: {
      countLimit: number(env, 'OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT', number(env, 'OTEL_ATTRIBUTE_COUNT_LIMIT', 128, 0), 0),
      valueLengthLimit: number(
        env,
        'OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT',
        number(env, 'OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT', Infinity, 0),
        0,
      ),
    },
  };
}

function number(env: Env, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    log.warn('an OTEL_ variable was not understood; its default is used', { variable: name });
    return fallback;
  }
  return value;
}

function protocol(env: Env): TraceSettings['protocol'] {
  const name = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL)?.trim().toLowerCase();
  if (!name || name === 'http/json') return 'http/json';
  if (name === 'http/protobuf') return 'http/protobuf';
  log.warn('OTLP over this protocol is not shipped; http/json is used', { variable: 'OTEL_EXPORTER_OTLP_PROTOCOL' });
  return 'http/json';
}

const NODE_ONLY = ['CERTIFICATE', 'CLIENT_KEY', 'CLIENT_CERTIFICATE'];

function transport(env: Env): TraceSettings['transport'] {
  const compression = (env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION || env.OTEL_EXPORTER_OTLP_COMPRESSION)?.trim().toLowerCase();
  if (compression === 'gzip') return 'node';
  const tls = NODE_ONLY.some((name) => env[`OTEL_EXPORTER_OTLP_TRACES_${name}`]?.trim() || env[`OTEL_EXPORTER_OTLP_${name}`]?.trim());
  return tls ? 'node' : 'fetch';
}

function sampler(env: Env): TraceSettings['sampler'] {
  const name = env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() || 'parentbased_always_on';
  switch (name) {
    case 'always_on':
    case 'parentbased_always_on':
      return { kind: 'always_on' };
    case 'always_off':
    case 'parentbased_always_off':
      return { kind: 'always_off' };
    case 'traceidratio':
    case 'parentbased_traceidratio':
      return { kind: 'ratio', ratio: ratio(env) };
    default:
      // jaeger_remote, xray and the like need a component Hearth does not ship: every turn is sampled.
      log.warn('OTEL_TRACES_SAMPLER names a sampler Hearth does not have; every turn is sampled', { variable: 'OTEL_TRACES_SAMPLER' });
      return { kind: 'always_on' };
  }
}

function ratio(env: Env): number {
  const raw = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  if (!raw) return 1;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) {
    log.warn('OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1; 1 is used', { variable: 'OTEL_TRACES_SAMPLER_ARG' });
    return 1;
  }
  return value;
}
