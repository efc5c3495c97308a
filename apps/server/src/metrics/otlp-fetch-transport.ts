import type { ExportResponse, IExporterTransport } from '@opentelemetry/otlp-exporter-base';
import { OTLPExporterError } from '@opentelemetry/otlp-exporter-base';

/** Where and how to send: the official exporter's own configuration (convertLegacyHttpOptions), read from OTEL_*. */
export interface FetchTransportOptions {
  url: string;
  headers: () => Promise<Record<string, string>> | Record<string, string>;
}

/** The statuses OTLP/HTTP says to retry (the specification's list, as the official transport's). */
const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);
/** The official exporter's retry policy (otlp-exporter-base's retrying transport): within the export's timeout. */
const RETRIES = 5;
const FIRST_BACKOFF_MS = 1000;
const MOST_BACKOFF_MS = 5000;
const BACKOFF_MULTIPLIER = 1.5;
const JITTER = 0.2;
/** The most of an error response kept for the error (the official transport reads up to 4 MB; the text is enough). */
const ERROR_BODY_CHARS = 4096;

/**
 * OTLP/HTTP over Bun's own fetch, in place of the official Node transport's node:http request: Bun runs node:http
 * through a compatibility layer of streams and emitters that was a third of a turn's export cost (bench:trace-export),
 * where fetch is native. The rest of the exporter is the official one (otlp-exporter-base's delegate, otlp-transformer's
 * serializers, the configuration from the standard variables); trace-settings.ts chooses the official Node transport
 * still where this one would not honour a variable (gzip, TLS files).
 */
export function createFetchTransport(options: FetchTransportOptions): IExporterTransport {
  const sendOnce = async (data: Uint8Array, timeoutMillis: number): Promise<ExportResponse> => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: await options.headers(),
        body: data as Uint8Array<ArrayBuffer>,
        signal: AbortSignal.timeout(Math.max(timeoutMillis, 1)),
      });
      if (response.ok) return { status: 'success', data: new Uint8Array(await response.arrayBuffer()) };
      const text = (await response.text().catch(() => '')).slice(0, ERROR_BODY_CHARS);
      if (RETRYABLE_STATUSES.has(response.status)) {
        return { status: 'retryable', retryInMillis: retryAfterMs(response.headers.get('retry-after')) };
      }
      return { status: 'failure', error: new OTLPExporterError(response.statusText, response.status, text) };
    } catch (error) {
      // The collector was not reached, or did not answer in time: worth another try, as the official transport's
      // network errors and timeouts are.
      return { status: 'retryable', error: error as Error };
    }
  };

  return {
    async send(data, timeoutMillis) {
      const deadline = Date.now() + timeoutMillis;
      let backoffMs = FIRST_BACKOFF_MS;
      let result = await sendOnce(data, timeoutMillis);
      for (let left = RETRIES; result.status === 'retryable' && left > 0; left--) {
        const jittered = Math.min(backoffMs * (1 + (Math.random() * 2 - 1) * JITTER), MOST_BACKOFF_MS);
        backoffMs *= BACKOFF_MULTIPLIER;
        const waitMs = result.retryInMillis ?? jittered;
        if (waitMs >= deadline - Date.now()) break;
        await Bun.sleep(waitMs);
        result = await sendOnce(data, deadline - Date.now());
      }
      return result;
    },
    shutdown() {},
  };
}

/** Retry-After as seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (header.trim() !== '' && Number.isFinite(seconds)) return Math.max(seconds * 1000, 0);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(at - now, 0);
}
