/**
 * A browser stand-in for /ws tests and the benchmark: a real WebSocket with the Origin and Cookie headers a
 * browser would send, recording every message.
 */
export type Json = Record<string, any>;

export interface CloseInfo {
  code: number;
  reason: string;
  wasClean: boolean;
}

export class TestSocket {
  readonly messages: Json[] = [];
  readonly closed: Promise<CloseInfo>;
  private waiters: Array<{ test: (m: Json) => boolean; resolve: (m: Json) => void }> = [];

  private constructor(readonly socket: WebSocket) {
    this.closed = new Promise((resolve) => {
      socket.addEventListener('close', (e) => resolve({ code: e.code, reason: e.reason, wasClean: e.wasClean }));
    });
    socket.addEventListener('message', (e) => {
      const message = JSON.parse(String(e.data));
      this.messages.push(message);
      this.waiters = this.waiters.filter((w) => (w.test(message) ? (w.resolve(message), false) : true));
    });
  }

  static open(url: string, headers: { origin?: string; cookie?: string }): Promise<TestSocket> {
    const h: Record<string, string> = {};
    if (headers.origin) h.Origin = headers.origin;
    if (headers.cookie) h.Cookie = headers.cookie;
    const socket = new WebSocket(url, { headers: h } as unknown as string[]);
    const client = new TestSocket(socket);
    return new Promise((resolve, reject) => {
      socket.addEventListener('open', () => resolve(client));
      socket.addEventListener('error', () => reject(new Error('websocket failed to open')));
    });
  }

  send(event: Json) {
    this.socket.send(JSON.stringify(event));
  }

  sendRaw(data: string | Uint8Array<ArrayBuffer>) {
    this.socket.send(data);
  }

  close(code = 1000) {
    this.socket.close(code);
  }

  ofType(type: string): Json[] {
    return this.messages.filter((m) => m.type === type);
  }

  waitFor(type: string, match: (m: Json) => boolean = () => true, timeoutMs = 5000): Promise<Json> {
    const test = (m: Json) => m.type === type && match(m);
    const seen = this.messages.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type} within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  }
}

/** Status of a websocket upgrade request, for refusals (a refused upgrade never becomes a socket). */
export async function upgradeStatus(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const res = await fetch(url.replace(/^ws/, 'http'), {
    headers: {
      upgrade: 'websocket',
      connection: 'Upgrade',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'sec-websocket-version': '13',
      ...headers,
    },
  });
  return { status: res.status, body: await res.text() };
}

/** PCM16 frames of a tone (with optional noise) as base64, `ms` long. */
export function toneBase64(ms: number, opts: { hz?: number; amplitude?: number; sampleRate?: number } = {}): string {
  const rate = opts.sampleRate ?? 24000;
  const samples = new Int16Array(Math.round((rate * ms) / 1000));
  for (let i = 0; i < samples.length; i++)
    samples[i] = Math.round((opts.amplitude ?? 0.2) * 32767 * Math.sin((2 * Math.PI * (opts.hz ?? 300) * i) / rate));
  return Buffer.from(samples.buffer).toString('base64');
}
