import { Elysia } from 'elysia';
import { HttpError } from './errors';

/** Largest JSON (or form-encoded) body. */
export const MAX_JSON_BYTES = 1024 * 1024;
/** Largest multipart body: a spoken-feedback recording or a sequence file (SPEC §7). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/**
 * Bun's own cap (maxRequestBodySize) answers 413 with an empty body and closes the connection, before any of our
 * code runs. Every body is read through readLimited below, which answers `{error}` at our limits, so Bun's cap
 * only stands far above them as a backstop. A Content-Length above it still gets Bun's empty 413.
 */
export const SERVER_BODY_BACKSTOP_BYTES = 1024 * 1024 * 1024;

/** No body this product accepts is nested deeper than a sequence file (a handful of levels). */
export const MAX_JSON_DEPTH = 32;

const tooLarge = () => new HttpError(413, 'Request body too large');

const limitFor = (contentType: string | undefined | null) =>
  contentType?.toLowerCase().startsWith('multipart/') ? MAX_UPLOAD_BYTES : MAX_JSON_BYTES;

/**
 * Request bodies are read here, with a byte count: a chunked body (no Content-Length) is refused with 413 as soon
 * as it passes the limit instead of being read whole. JSON is parsed here too, and a body nested deeper than
 * MAX_JSON_DEPTH is a 400 before validation: Elysia's validation-error builder recurses through the value and a
 * 5,000-level array overflowed the stack (a 500). Other types are handed to Elysia's own parsers as the bytes
 * read. Global on purpose: every feature's routes take bodies.
 */
export const jsonBodyPlugin = new Elysia({ name: 'json-body' })
  .onRequest(({ request }) => {
    // A declared length over the limit is refused before anything reads the body.
    const length = Number(request.headers.get('content-length') ?? 0);
    if (length > limitFor(request.headers.get('content-type'))) throw tooLarge();
  })
  .onParse({ as: 'global' }, async (context) => {
    const { request, contentType } = context;
    if (!request.body) return;
    const bytes = await readLimited(request, limitFor(contentType));
    if (!contentType?.toLowerCase().startsWith('application/json')) {
      // Elysia's parser for this type reads context.request: give it the bytes already read.
      context.request = new Request(request.url, { method: request.method, headers: request.headers, body: bytes });
      return;
    }
    const text = new TextDecoder().decode(bytes);
    if (!text.trim()) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'Malformed request body');
    }
    if (depthExceeds(value, MAX_JSON_DEPTH)) throw new HttpError(400, 'The request body is nested too deeply');
    return value;
  });

/** The whole body, or a 413 as soon as more than `limit` bytes arrived (the rest is never read). */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** Without recursion, so the check itself cannot overflow. */
export function depthExceeds(value: unknown, maxDepth: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
