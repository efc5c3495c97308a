import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The internal bridge's credentials (issue 25 item 5). The instance a page reconnects to opens
 * `/internal/ws-bridge` on the instance holding the session, signed with a key derived from APP_SECRET: an HMAC
 * over the live session id, the person it belongs to, the sign-in the page came back with (its hash) and an expiry.
 * The member's cookie never travels; the resume token goes along (in a header, never a URL) because only the holder
 * can check it.
 */

/** How long a signed bridge request stays valid: the time of one internal connection, not more. */
const TTL_MS = 30_000;
export const BRIDGE_HEADER = 'x-hearth-bridge';
export const BRIDGE_RESUME_HEADER = 'x-hearth-resume';

export interface BridgeClaims {
  /** The live session (live_voice_sessions.id). */
  live: string;
  /** ownerKey() of the identity the edge checked. */
  owner: string;
  /** sessions.token_hash of the sign-in the page reconnected with (a hash, never the cookie). */
  authSession: string;
  /** Milliseconds since the epoch after which the request is refused. */
  exp: number;
}

const keys = new Map<string, Buffer>();

/** APP_SECRET, or the one generated once in DATA_DIR (PRODUCT §2); instances sharing a database must share it. */
function appSecret(config: Pick<Config, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const path = join(config.dataDir, 'app-secret');
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {}
  mkdirSync(config.dataDir, { recursive: true });
  // Written aside, then linked into place: of two processes starting together, one secret wins and both read it.
  const aside = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, randomBytes(32).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(aside, path);
  } catch {}
  rmSync(aside, { force: true });
  return readFileSync(path, 'utf8').trim();
}

/** The bridge's own key, derived from APP_SECRET, so a signature here is worth nothing anywhere else. */
function bridgeKey(config: Pick<Config, 'appSecret' | 'dataDir'>): Buffer {
  const secret = appSecret(config);
  let key = keys.get(secret);
  if (!key) keys.set(secret, (key = createHmac('sha256', secret).update('hearth internal ws-bridge v1').digest()));
  return key;
}

const payload = (c: BridgeClaims) => [c.live, c.owner, c.authSession, String(c.exp)].join('\n');

/** The header value of a bridge request for these claims, valid for TTL_MS. */
export function signBridge(config: Pick<Config, 'appSecret' | 'dataDir'>, claims: Omit<BridgeClaims, 'exp'>, now = Date.now()): string {
  const full: BridgeClaims = { ...claims, exp: now + TTL_MS };
  const body = Buffer.from(JSON.stringify(full)).toString('base64url');
  const mac = createHmac('sha256', bridgeKey(config)).update(payload(full)).digest('base64url');
  return `${body}.${mac}`;
}

/** The claims of a well-signed, unexpired header, else null. */
export function verifyBridge(config: Pick<Config, 'appSecret' | 'dataDir'>, header: string | null, now = Date.now()): BridgeClaims | null {
  if (!header || header.length > 2000) return null;
  const [body, mac, extra] = header.split('.');
  if (!body || !mac || extra !== undefined) return null;
  let claims: BridgeClaims;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString());
  } catch {
    return null;
  }
  const { live, owner, authSession, exp } = claims ?? ({} as BridgeClaims);
  if (typeof live !== 'string' || typeof owner !== 'string' || typeof authSession !== 'string' || typeof exp !== 'number') return null;
  const expected = createHmac('sha256', bridgeKey(config)).update(payload({ live, owner, authSession, exp })).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (exp < now || exp > now + 2 * TTL_MS) return null;
  return { live, owner, authSession, exp };
}

/**
 * INTERNAL_URL, or this instance's own address: loopback when it listens on loopback or every interface, else
 * the address it listens on (README, Configuration).
 */
export function ownInternalUrl(config: Pick<Config, 'internalUrl' | 'host'>, port: number): string {
  if (config.internalUrl) return config.internalUrl;
  const host = config.host;
  if (['127.0.0.1', 'localhost', '0.0.0.0', '::', ''].includes(host)) return `http://127.0.0.1:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
