import { FRAME_BYTES, FRAME_MS } from '@hearth/protocol';

/**
 * The load generator of `bench:relay`, in its own process: N simulated browsers each send a 20 ms PCM frame
 * every 20 ms (evenly spread) and time the echo that comes back. Each frame carries its send time in its first
 * bytes, so the round trip is measured per frame. The parent is told when the measured window opens and closes
 * (it samples the target's CPU then) and receives the result.
 */
export interface LoadRequest {
  type: 'run';
  url: string;
  headers: Record<string, string>;
  n: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  type: 'result';
  n: number;
  connected: number;
  frames: number;
  medianMs: number;
  p99Ms: number;
  /** From the first frame sent until every connected stream had an echo back (NaN if some never did in 30 s). */
  setupMs: number;
  /** From opening a socket until the page heard the upstream's session.created: median over streams, and the last. */
  readyMedianMs: number;
  readyMaxMs: number;
}

const SETUP_TIMEOUT_MS = 30_000;

const TAIL = (() => {
  const pcm = new Int16Array(FRAME_BYTES / 2 - 6);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(6000 * Math.sin(i / 10));
  return Buffer.from(pcm.buffer).toString('base64');
})();
const head = Buffer.alloc(12);
/** An append event whose audio starts with its send time (8 bytes), so the echo tells the round trip. */
export function frameMessage(now: number): string {
  head.writeDoubleLE(now, 0);
  return `{"type":"input_audio_buffer.append","audio":"${head.toString('base64')}${TAIL}"}`;
}

function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function run(req: LoadRequest, signal: (type: 'measuring' | 'measured') => Promise<void>): Promise<LoadResult> {
  const { url, headers, n, seconds } = req;
  const sockets: WebSocket[] = [];
  const rtts = new Float64Array(n * Math.ceil((seconds * 1000) / FRAME_MS) + 1024);
  let count = 0;
  let measuring = false;
  const echoed = new Uint8Array(n);
  let echoedStreams = 0;
  const ready = new Float64Array(n).fill(NaN);
  const opened = await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const openedAt = performance.now();
      const ws = new WebSocket(url, { headers } as unknown as string[]);
      sockets.push(ws);
      ws.onmessage = (e) => {
        const text = e.data as string;
        if (!text.startsWith('{"type":"response.output_audio.delta"')) {
          if (Number.isNaN(ready[i]) && text.includes('"type":"session.created"')) ready[i] = performance.now() - openedAt;
          // A traced turn (BENCH_TRACE=1): the page reports its shares as the member's page does, so each turn is
          // exported whole (six spans) rather than the relay's alone after the wait for them.
          if (text.startsWith('{"type":"hearth.turn_trace"') && text.includes('"report":true')) {
            const { turnId } = JSON.parse(text) as { turnId: string };
            ws.send(JSON.stringify({ type: 'hearth.turn_timing', turnId, captureMs: 3, socketMs: 37, playbackMs: 25 }));
          }
          return;
        }
        if (!echoed[i]) (echoed[i] = 1), echoedStreams++;
        if (!measuring) return;
        const at = text.indexOf('"delta":"');
        const sent = Buffer.from(text.slice(at + 9, at + 25), 'base64').readDoubleLE(0);
        if (count < rtts.length) rtts[count++] = performance.now() - sent;
      };
      return new Promise<boolean>((resolve) => {
        ws.onopen = () => resolve(true);
        ws.onerror = () => resolve(false);
        ws.onclose = () => resolve(false);
        setTimeout(() => resolve(false), 15_000);
      });
    }),
  );
  const connected = opened.filter(Boolean).length;
  await Bun.sleep(300); // sessions set up upstream
  const start = performance.now();
  const sent = new Array<number>(n).fill(0);
  const tick = setInterval(() => {
    const elapsed = performance.now() - start;
    for (let i = 0; i < n; i++) {
      const ws = sockets[i];
      if (ws.readyState !== WebSocket.OPEN) continue;
      const due = Math.floor((elapsed - (i * FRAME_MS) / n) / FRAME_MS) + 1;
      while (sent[i] < due) {
        ws.send(frameMessage(performance.now()));
        sent[i]++;
      }
    }
  }, 2);
  while (echoedStreams < connected && performance.now() - start < SETUP_TIMEOUT_MS) await Bun.sleep(20);
  const setupMs = echoedStreams < connected ? NaN : performance.now() - start;
  await Bun.sleep(req.warmupSeconds * 1000);
  await signal('measuring');
  measuring = true;
  await Bun.sleep(seconds * 1000);
  measuring = false;
  await signal('measured');
  clearInterval(tick);
  for (const ws of sockets) ws.close();
  await Bun.sleep(500);
  const sorted = rtts.slice(0, count).sort();
  const readySorted = ready.filter((v) => !Number.isNaN(v)).sort();
  return {
    type: 'result',
    n,
    connected,
    frames: count,
    medianMs: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    setupMs,
    readyMedianMs: quantile(readySorted, 0.5),
    readyMaxMs: readySorted.length ? readySorted[readySorted.length - 1] : NaN,
  };
}

if (import.meta.main) {
  let acked: (() => void) | null = null;
  process.on('message', async (message: LoadRequest | { type: 'ack' } | { type: 'exit' }) => {
    if (message.type === 'ack') return acked?.();
    if (message.type === 'exit') return process.exit(0);
    const result = await run(message, (type) => new Promise<void>((resolve) => ((acked = resolve), process.send!({ type }))));
    process.send!(result);
  });
  process.send!({ type: 'ready' });
}
