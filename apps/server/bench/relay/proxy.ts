/**
 * The baseline of `bench:relay`: a minimal Bun websocket pass-through proxy. Each client socket gets one
 * upstream socket to the fake realtime server; text frames are forwarded both ways untouched (queued until the
 * upstream opens). No parsing, no checks, no database: the least any relay must do for the same frames.
 *
 *   bun apps/server/bench/relay/proxy.ts <port> <upstream ws url> <api key>
 */
const [portArg, upstreamUrl, apiKey] = process.argv.slice(2);

interface Link {
  upstream: WebSocket;
  pending: string[];
}

const server = Bun.serve<Link>({
  port: Number(portArg),
  hostname: '127.0.0.1',
  fetch(req, srv) {
    return srv.upgrade(req, { data: undefined as unknown as Link }) ? undefined : new Response('upgrade required', { status: 426 });
  },
  websocket: {
    open(ws) {
      const upstream = new WebSocket(upstreamUrl, { headers: { Authorization: `Bearer ${apiKey}` } } as unknown as string[]);
      const link: Link = { upstream, pending: [] };
      ws.data = link;
      upstream.onopen = () => {
        for (const text of link.pending) upstream.send(text);
        link.pending.length = 0;
      };
      upstream.onmessage = (e) => ws.send(e.data as string);
      upstream.onclose = () => ws.close();
    },
    message(ws, message) {
      const link = ws.data;
      if (link.upstream.readyState === WebSocket.OPEN) link.upstream.send(message);
      else link.pending.push(message as string);
    },
    close(ws) {
      ws.data.upstream.close();
    },
  },
});
console.log(`proxy listening on ${server.port}`);
process.on('SIGTERM', () => process.exit(0));
