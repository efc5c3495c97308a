import type { Socket } from 'bun';
import type { Json } from './test-support';

/**
 * A /ws client over a plain TCP socket, for tests that need what a WebSocket object cannot do: vanish without a
 * close frame, as a phone does when its network drops (the server sees 1006). It reads the server's text frames
 * (unmasked, RFC 6455 §5.2) and sends nothing after the handshake.
 */
export interface RawSocket {
  messages: Json[];
  waitFor(type: string, timeoutMs?: number): Promise<Json>;
  socket: Socket<undefined>;
}

export async function openRawSocket(url: string, headers: { origin: string; cookie: string }): Promise<RawSocket> {
  const target = new URL(url);
  const messages: Json[] = [];
  let buffer = Buffer.alloc(0);
  let upgraded = false;
  let waiters: Array<{ type: string; resolve: (m: Json) => void }> = [];
  const take = () => {
    while (buffer.length >= 2) {
      let length = buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) [length, offset] = [buffer.readUInt16BE(2), 4];
      else if (length === 127) [length, offset] = [Number(buffer.readBigUInt64BE(2)), 10];
      if (buffer.length < offset + length) return;
      const opcode = buffer[0]! & 0x0f;
      const payload = buffer.subarray(offset, offset + length).toString();
      buffer = buffer.subarray(offset + length);
      if (opcode !== 1) continue;
      const message = JSON.parse(payload) as Json;
      messages.push(message);
      waiters = waiters.filter((w) => (w.type === message.type ? (w.resolve(message), false) : true));
    }
  };
  let opened: () => void = () => {};
  const ready = new Promise<void>((resolve) => (opened = resolve));
  const socket = await Bun.connect({
    hostname: target.hostname,
    port: Number(target.port),
    socket: {
      open(s) {
        s.write(
          `GET ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nOrigin: ${headers.origin}\r\nCookie: ${headers.cookie}\r\n\r\n`,
        );
      },
      data(_s, chunk) {
        buffer = Buffer.concat([buffer, chunk]);
        if (!upgraded) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          if (!buffer.subarray(0, end).toString().startsWith('HTTP/1.1 101')) throw new Error('upgrade refused');
          upgraded = true;
          buffer = buffer.subarray(end + 4);
          opened();
        }
        take();
      },
    },
  });
  await ready;
  return {
    messages,
    socket,
    waitFor(type, timeoutMs = 5000) {
      const seen = messages.find((m) => m.type === type);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ type, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
  };
}

/** Gone without a close frame. */
export function dropAbruptly(raw: RawSocket) {
  raw.socket.terminate();
}
