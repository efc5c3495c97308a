import { Elysia } from 'elysia';
import { log } from '../log';
import { HttpError } from './errors';

/**
 * A request without a usable Host header (HTTP/1.0 sends none; `Host: [garbage` is not a host) has no absolute
 * URL: Bun hands over the bare path, and every later `new URL(request.url)` (CSRF, the web app's files, its
 * security headers) would throw, a 500 with a stack in the log. Refuse it first with a 400 and one log line.
 * onRequest hooks run in the order they are added: use this right after the errors plugin.
 */
export const hostPlugin = new Elysia({ name: 'host' }).onRequest(({ request }) => {
  if (URL.canParse(request.url)) return;
  log.warn('refused a request without a valid Host header', { method: request.method });
  throw new HttpError(400, 'The request needs a valid Host header');
});
