import type { Config } from '../config';

/**
 * Origins whose pages may open /ws (PRODUCT §3). With PUBLIC_URL set, exactly its origin. Unset, the app runs
 * on this machine and a person may open it as http://localhost:PORT or http://127.0.0.1:PORT: both are the same
 * server, so both are accepted (refusing one made the chat button fail with a 403 nobody saw).
 */
export function acceptedOrigins(config: Config): string[] {
  if (config.publicUrlSet) return [new URL(config.publicUrl).origin];
  return [`http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`];
}
