import type { Server, ServerWebSocket } from 'bun';

/**
 * A fake OpenAI realtime server for tests and the relay benchmark: a real websocket on 127.0.0.1 speaking
 * the GA event shapes. It records what each connection sent and can be scripted: by default it answers
 * `response.create` with a short spoken reply; tests can hold responses open, push any server event, run a
 * function call round trip, fake a transcription, or drop the connection.
 */

import { FakeConnection, id, type FakeRealtimeOptions } from './fake-realtime-connection';

export { FakeConnection, type FakeRealtimeOptions, type Json } from './fake-realtime-connection';

export interface FakeRealtime {
  url: string;
  connections: FakeConnection[];
  /** Upgrade requests seen, including refused ones. */
  attempts: number;
  /** While set, upgrades are answered 503 (the service cannot be reached). */
  refuseConnections: boolean;
  /** While set, upgrades are never answered (a connect that hangs); stop() ends them. */
  stallConnections: boolean;
  nextConnection(timeoutMs?: number): Promise<FakeConnection>;
  stop(): Promise<void>;
}

export function startFakeRealtime(options: FakeRealtimeOptions = {}): FakeRealtime {
  const connections: FakeConnection[] = [];
  const pending: Array<(c: FakeConnection) => void> = [];
  const state = { attempts: 0, refuse: false, stall: false };
  type Data = { headers: Headers; url: URL; connection?: FakeConnection };
  const server: Server<Data> = Bun.serve<Data>({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req, srv) {
      state.attempts++;
      if (state.refuse) return new Response('Service unavailable', { status: 503 });
      if (state.stall) return new Promise<Response>(() => {});
      if (options.apiKey && req.headers.get('authorization') !== `Bearer ${options.apiKey}`) {
        return Response.json({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }, { status: 401 });
      }
      const upgrade = () => {
        if (srv.upgrade(req, { data: { headers: req.headers, url: new URL(req.url) } })) return undefined;
        return new Response('Expected a websocket', { status: 400 });
      };
      return options.connectDelayMs ? Bun.sleep(options.connectDelayMs).then(upgrade) : upgrade();
    },
    websocket: {
      maxPayloadLength: 64 * 1024 * 1024,
      open(ws) {
        const connection = new FakeConnection(ws as ServerWebSocket<unknown>, ws.data.headers, ws.data.url, options);
        ws.data.connection = connection;
        connections.push(connection);
        connection.send({ type: 'session.created', session: { object: 'realtime.session', type: 'realtime', id: id('sess') } });
        pending.shift()?.(connection);
      },
      message(ws, message) {
        ws.data.connection?.onMessage(typeof message === 'string' ? message : Buffer.from(message).toString());
      },
      close(ws, code, reason) {
        ws.data.connection?.onClose(code, reason);
      },
    },
  });
  let handed = 0;
  return {
    url: `ws://127.0.0.1:${server.port}/v1/realtime`,
    connections,
    get attempts() {
      return state.attempts;
    },
    get refuseConnections() {
      return state.refuse;
    },
    set refuseConnections(refuse: boolean) {
      state.refuse = refuse;
    },
    get stallConnections() {
      return state.stall;
    },
    set stallConnections(stall: boolean) {
      state.stall = stall;
    },
    nextConnection(timeoutMs = 5000) {
      const ready = connections[handed];
      if (ready) {
        handed++;
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('fake realtime: no connection')), timeoutMs);
        pending.push((c) => {
          clearTimeout(timer);
          handed++;
          resolve(c);
        });
      });
    },
    async stop() {
      await server.stop(true);
    },
  };
}
