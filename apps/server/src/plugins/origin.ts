import type { Config } from '../config';

/**
 * Origins whose pages may open /ws (PRODUCT §3) and whose pages may make state-changing API calls (CSRF). With PUBLIC_URL set, exactly its origin. Unset, the app runs
 * on this machine and a person may open it as http://localhost:PORT or http://127.0.0.1:PORT: both are the same
 * server, so both are accepted (refusing one made the chat button fail with a 403 nobody saw).
 */
export function acceptedOrigins(config: Config, listeningPort: number = config.port): string[] {
  if (config.publicUrlSet) return [new URL(config.publicUrl).origin];
  // PORT=0 picks a free port at listen time: the names are of the port actually listened on.
  const port = listeningPort || config.port;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/**
 * The address the start banner tells a person to open: PUBLIC_URL when set (the one origin /ws accepts then),
 * else the listening URL under the name localhost.
 */
export function announcedUrl(config: Config, listeningUrl: string): string {
  if (config.publicUrlSet) return config.publicUrl;
  return config.host === '127.0.0.1' || config.host === '0.0.0.0' ? listeningUrl.replace(config.host, 'localhost') : listeningUrl;
}
