import { Elysia, t } from 'elysia';
import {
  Conflict,
  DomainError,
  Forbidden,
  InternalFailure,
  Invalid,
  NotFound,
  ProviderUnavailable,
  RateLimited,
  TooLarge,
  Unauthenticated,
} from '../errors';
import { log } from '../log';

/** A failure whose message is meant for the person using the product. */
export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const badGateway = (message: string) => new HttpError(502, message);

/** The one shape of every error answer (PRODUCT.md §9). */
export const errorBody = t.Object({ error: t.String() });

/**
 * The error statuses this plugin answers, each `{ error }`, for a route's `response` next to its own 2xx
 * schemas. Elysia checks only answers a handler returns (never this plugin's), so these document the shape
 * for the typed client; the statuses are the plugin's whole range, as any route can meet most of them
 * (CSRF 403, body limits 413, malformed input 400, sign-in 401/403, a failing provider 502).
 */
export const errorResponses = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  429: errorBody,
  500: errorBody,
  502: errorBody,
};

/** The one place a domain error (../errors.ts) becomes an HTTP status. */
export function domainStatus(error: DomainError): number {
  if (error instanceof NotFound) return 404;
  if (error instanceof Invalid) return 400;
  if (error instanceof Conflict) return 409;
  if (error instanceof TooLarge) return 413;
  if (error instanceof ProviderUnavailable) return 502;
  if (error instanceof Unauthenticated) return 401;
  if (error instanceof Forbidden) return 403;
  if (error instanceof RateLimited) return 429;
  if (error instanceof InternalFailure) return 500;
  return 500;
}

/** Headers a domain error's answer carries besides its status. */
export function domainHeaders(error: DomainError): Record<string, string> {
  if (error instanceof RateLimited) return { 'retry-after': String(error.retryAfterSeconds) };
  return {};
}

// PostgreSQL error classes that can only come from what the client sent.
const pgClientErrors: Record<string, [number, string]> = {
  '22P02': [400, 'Invalid value in request'],
  '22021': [400, 'The request contains characters that cannot be stored'],
  '22P05': [400, 'The request contains characters that cannot be stored'],
  '22001': [400, 'A value in the request is too long'],
  '22003': [400, 'A number in the request is out of range'],
  '22007': [400, 'Invalid date in request'],
  '22008': [400, 'Invalid date in request'],
  '23502': [400, 'A required value is missing'],
  '23514': [400, 'A value in the request is out of range'],
  '23505': [409, 'That already exists'],
  '23503': [404, 'A referenced record does not exist'],
  '54000': [400, 'A value in the request is too long'],
};

function validationMessage(error: unknown): string {
  const e = error as { all?: Array<{ path?: string; summary?: string; message?: string; schema?: { error?: unknown } }>; type?: string };
  const first = e.all?.[0];
  const where = e.type === 'query' ? 'query' : e.type === 'params' ? 'path' : 'request body';
  if (!first) return `Invalid ${where}`;
  // A schema that says in words what it accepts (its `error` option) says it better than the validator can.
  if (typeof first.schema?.error === 'string') return `Invalid ${where}: ${first.schema.error}`;
  const field = first.path ? first.path.replace(/^\//, '').replace(/\//g, '.') : '';
  const what = (first.summary || first.message || 'is invalid').replace(/^Property '[^']*' /, '');
  return field ? `Invalid ${where}: ${field} ${what.replace(/^Expected/, 'expected')}` : `Invalid ${where}: ${what}`;
}

/**
 * Every error answer is `{ error }` with a fitting status (PRODUCT.md §9). Global on purpose: it must
 * shape errors thrown by every feature plugin.
 */
export const errorsPlugin = new Elysia({ name: 'errors' })
  .error({ HttpError })
  .onError({ as: 'global' }, ({ code, error, set, request, route }) => {
    set.headers['content-type'] = 'application/json; charset=utf-8';
    // Elysia wraps whatever a parse hook throws (json-body's 413 and depth 400) in its ParseError.
    const own = error instanceof HttpError ? error : code === 'PARSE' && error.cause instanceof HttpError ? error.cause : null;
    if (own) {
      set.status = own.status;
      Object.assign(set.headers, own.headers);
      return { error: own.message };
    }
    if (error instanceof DomainError) {
      set.status = domainStatus(error);
      Object.assign(set.headers, domainHeaders(error));
      return error instanceof Conflict && error.extra ? { ...error.extra, error: error.message } : { error: error.message };
    }
    // An answer that does not match its route's `response` schema is our bug, not the client's: Elysia would
    // make it a 422 that quotes the whole answer. Log where (field paths, never values) and answer a plain 500.
    if (code === 'VALIDATION' && error.type === 'response') {
      log.error('answer does not match its response schema', { method: request.method, route, fields: failingFields(error) });
      set.status = 500;
      return { error: SERVER_FAULT };
    }
    switch (code) {
      case 'VALIDATION':
        set.status = 400;
        return { error: validationMessage(error) };
      case 'PARSE':
        set.status = 400;
        return { error: 'Malformed request body' };
      case 'NOT_FOUND':
        set.status = 404;
        return { error: 'Not found' };
      case 'INVALID_COOKIE_SIGNATURE':
        set.status = 401;
        return { error: 'Please sign in' };
    }
    // Elysia builds its validation message with `${value}`, which throws on a body like {"toString":0}: the
    // request was invalid all the same.
    if (error instanceof TypeError && error.stack?.includes('new ValidationError')) {
      set.status = 400;
      return { error: 'Invalid request body' };
    }
    const pg = (error as { code?: string }).code;
    if (typeof pg === 'string' && pgClientErrors[pg]) {
      const [status, message] = pgClientErrors[pg];
      set.status = status;
      return { error: message };
    }
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500) {
      set.status = status;
      return { error: status === 413 ? 'Request body too large' : 'Bad request' };
    }
    log.error('unhandled error', { name: (error as Error)?.name, code: pg ?? code, stack: stackWithoutMessage(error) });
    set.status = 500;
    return { error: SERVER_FAULT };
  });

const SERVER_FAULT = 'Something went wrong on our side. Please try again.';

/** The paths of the fields that broke the schema (e.g. "/users/0/email"), at most five; no values. */
function failingFields(error: { all?: Array<{ path?: string }> }): string[] {
  try {
    return [...new Set((error.all ?? []).map((e) => e.path || '/'))].slice(0, 5);
  } catch {
    return [];
  }
}

// The message may carry user data (a PostgreSQL detail quotes values); the frames do not.
function stackWithoutMessage(error: unknown): string | undefined {
  const stack = (error as Error)?.stack;
  return stack?.split('\n').slice(1, 6).join('\n');
}
