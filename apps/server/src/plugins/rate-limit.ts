import type { DB } from '@hearth/db/client';
import { RateLimited } from '../errors';
import { hashToken } from './auth';
import { countHit } from './rate-limit-repository';

/**
 * Fixed-window counter in PostgreSQL, so every server instance shares it. Throws RateLimited (429 with
 * Retry-After) once `limit` hits fall in one window. Keys are hashed: they may hold an e-mail address or an IP.
 */
export async function rateLimit(db: DB, rawKey: string, limit: number, windowSeconds: number): Promise<void> {
  const { count, retryAfter } = await countHit(db, hashToken(rawKey), windowSeconds);
  if (count > limit) throw new RateLimited(Math.max(1, retryAfter));
}
