import type { Config } from '../config';

/**
 * The browser origins the product answers state-changing calls and websockets from: PUBLIC_URL's origin. With
 * PUBLIC_URL at its default (http://localhost:PORT) both loopback names of the listening port are accepted, so
 * opening the app at http://127.0.0.1:PORT works as well. `listeningPort` is the socket's real port (PORT=0 in
 * tests picks one); without it, config.port.
 */
export function allowedOrigins(config: Config, listeningPort?: number): string[] {
  const configured = new URL(config.publicUrl).origin;
  if (configured !== `http://localhost:${config.port}`) return [configured];
  const port = listeningPort || config.port;
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}
