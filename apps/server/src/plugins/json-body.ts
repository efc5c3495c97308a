import { Elysia } from 'elysia';
import { HttpError } from './errors';

/** No body this product accepts is nested deeper than a sequence file (a handful of levels). */
export const MAX_JSON_DEPTH = 32;

/**
 * JSON bodies are parsed here, and a body nested deeper than MAX_JSON_DEPTH is a 400 before validation: Elysia's
 * validation-error builder recurses through the value and a 5,000-level array overflowed the stack (a 500).
 * Global on purpose: every feature's routes take JSON.
 */
export const jsonBodyPlugin = new Elysia({ name: 'json-body' }).onParse({ as: 'global' }, async ({ request, contentType }) => {
  if (!contentType?.toLowerCase().startsWith('application/json')) return;
  const text = await request.text();
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
