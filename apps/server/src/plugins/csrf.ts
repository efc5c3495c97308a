import { Elysia } from 'elysia';
import type { Config } from '../config';
import { forbidden } from './errors';
import { acceptedOrigins } from './origin';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** SPEC §7's multipart calls: the spoken-feedback recording and a sequence file. */
const MULTIPART_PATHS = new Set(['/api/send-feedback', '/api/upload-sequence']);

/**
 * Twilio's webhooks post form-encoded bodies from Twilio's servers and carry no session: the X-Twilio-Signature
 * checked by features/messages is their proof, so a forged browser post there can change nothing.
 */
const WEBHOOK_PATHS = new Set(['/api/twilio/inbound', '/api/twilio/status']);

/**
 * CSRF (PRODUCT §3). SameSite=Lax does not stop a same-site page on another port or subdomain, and HTML forms can
 * send only form-encoded, multipart or text/plain bodies without a CORS preflight. So a state-changing /api call
 * takes JSON only (multipart on the two upload calls) and, from a browser (it sends Origin or Sec-Fetch-Site),
 * only from the product's own origin. A call with neither header is not a browser's cross-site request.
 * onRequest runs for every route of the app, before any body is read.
 */
export const csrfPlugin = (config: Config) =>
  new Elysia().onRequest(({ request, server }) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/') || WEBHOOK_PATHS.has(path)) return;
    const refusal = csrfRefusal(request, path, acceptedOrigins(config, server?.port));
    if (refusal) throw forbidden(refusal);
  });

/** Why this request is refused, or null when it may go on. */
export function csrfRefusal(request: Request, path: string, origins: string[]): string | null {
  const type = mediaType(request.headers.get('content-type'));
  const hasBody = type !== null || Number(request.headers.get('content-length') ?? 0) > 0 || request.headers.has('transfer-encoding');
  const allowedType = type === 'application/json' || (type === 'multipart/form-data' && MULTIPART_PATHS.has(path));
  if (hasBody && !allowedType) {
    return MULTIPART_PATHS.has(path)
      ? 'This call takes a multipart form or JSON'
      : 'This call takes a JSON body (Content-Type: application/json)';
  }
  // Sec-Fetch-Site is the browser's own verdict and no page can set it: when present it decides (same-origin also
  // covers the app opened under another name than PUBLIC_URL, e.g. a LAN address). Origin covers browsers without it.
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) return site === 'same-origin' ? null : 'Cross-site requests are not accepted';
  const origin = request.headers.get('origin');
  if (origin !== null && !origins.includes(origin)) return 'Requests from other sites are not accepted';
  return null;
}

function mediaType(header: string | null): string | null {
  if (header === null) return null;
  return header.split(';')[0].trim().toLowerCase();
}
