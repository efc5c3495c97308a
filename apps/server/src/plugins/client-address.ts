import type { Config } from '../config';

/** What clientAddress needs of Bun's server (Elysia's `server` in the context; null under app.handle). */
interface SocketInfo {
  requestIP(request: Request): { address: string } | null;
}

/**
 * The address a request came from, for rate limits (PRODUCT §3). The socket's peer, unless TRUST_PROXY names how
 * many reverse proxies stand in front: each appends the address it saw to X-Forwarded-For, so the entry that many
 * hops from the right is the one the outermost trusted proxy saw; entries left of it are whatever the client wrote.
 * Without a socket (app.handle in tests) every request is 'local'.
 */
export function clientAddress(config: Pick<Config, 'trustProxy'>, request: Request, server: SocketInfo | null | undefined): string {
  if (config.trustProxy > 0) {
    const hops = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    if (hops.length > 0) return hops[Math.max(0, hops.length - config.trustProxy)];
  }
  return server?.requestIP(request)?.address ?? 'local';
}
