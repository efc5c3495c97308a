/**
 * `bun run bench:rotation` (issue 23 §3): what the member hears when the relay renews its upstream session before
 * the provider's cap. A conversation of typed turns runs over the relay and the local provider (in-process, real
 * time: answers paced as speech), with a cap short enough that the relay rotates every few turns, at a turn
 * boundary. Per turn: the latency from the page's response.create to the first audio of the answer. Reported, as
 * medians over all runs:
 * - added silence: the latency of the first turn after a rotation minus the median of the other turns (goal ≤ 300 ms);
 * - prepare: from the rotation's decision to the new upstream configured (done while the old one serves);
 * - switch: from the boundary (the page's response.done) to the page told the new upstream serves;
 * - turns carried over into the new session's instructions;
 * and the same first-turn latency after a restart forced by the cap itself (session_expired with no boundary).
 *
 *   BENCH_RUNS=5      conversations
 *   BENCH_TURNS=12    typed turns per conversation
 */
import { observeLog } from '../src/log';
import { createProviders } from '../src/providers';
import { KEY } from '../src/realtime/relay-fixture';
import { TestSocket, type Json } from '../src/realtime/test-support';
import { startFakeRealtime } from '../src/test/fake-openai-realtime';
import { createTestContext, testConfig } from '../src/test/harness';

process.env.TZ = 'UTC';
process.env.LOG_LEVEL ??= 'silent';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const turns = Number(process.env.BENCH_TURNS ?? 12);
const ORIGIN = 'http://hearth.test';
const GAP_MS = 300;
/**
 * Typed turns the local provider answers without a tool call first (no keyword to remember, no mood, no trigger),
 * so every turn's latency is one answer's, whether a session is new or not.
 */
const NUDGES = ['Go on, please.', 'And then?', 'Tell me more.', 'Okay, go on.'];

const median = (values: number[]) => {
  if (values.length === 0) return Number.NaN;
  const sorted = values.toSorted((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fmt = (ms: number) => `${ms.toFixed(0)} ms`;

interface Timed extends Json {
  at: number;
}

/** A page on /ws that stamps each message with its arrival time. */
async function openPage(url: string, cookie: string) {
  const client = await TestSocket.open(url, { origin: ORIGIN, cookie });
  const stamped: Timed[] = [];
  client.socket.addEventListener('message', (e) => stamped.push({ ...JSON.parse(String(e.data)), at: performance.now() }));
  return { client, stamped };
}

async function waitFor(stamped: Timed[], test: (m: Timed) => boolean, timeoutMs = 20_000): Promise<Timed> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const found = stamped.find(test);
    if (found) return found;
    if (performance.now() > deadline) throw new Error('bench: timed out');
    await Bun.sleep(2);
  }
}

const typed = (text: string) => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
});

interface Figures {
  afterRenewal: number[];
  others: number[];
  prepareMs: number[];
  /** Rotations the page was told of while an answer was under way. */
  midAnswer: number;
  carried: number[];
  renewals: number;
  /** A cut answer: from the page told of the cut to the first audio of the answer asked for again. */
  cutSilence: number[];
}

/** One conversation; `cause` says which renewals count ('rotation' at a boundary, or the cap's own end). */
async function conversation(
  url: string,
  cookie: string,
  cause: 'rotation' | 'session_expired',
  into: Figures,
  /** Returns true when it ended the upstream session just before the turn. */
  beforeTurn?: (turn: number) => boolean,
) {
  const { client, stamped } = await openPage(url, cookie);
  const logs: Json[] = [];
  const stop = observeLog((line) => {
    const entry = JSON.parse(line);
    if (entry.msg === 'voice upstream renewed') logs.push(entry);
  });
  try {
    await waitFor(stamped, (m) => m.type === 'response.done');
    let renewalsSeen = 0;
    const cutAfter = (at: number) => (m: Timed) => m.type === 'hearth.continued' && m.phase === 'restarting' && m.at >= at;
    for (let turn = 0; turn < turns; turn++) {
      await Bun.sleep(GAP_MS);
      const ended = beforeTurn?.(turn) ?? false;
      const renewals = stamped.filter((m) => m.type === 'hearth.continued' && m.phase === 'continued' && m.cause === cause);
      const fresh = renewals.length > renewalsSeen || stamped.some(cutAfter(performance.now() - GAP_MS));
      renewalsSeen = renewals.length;
      const sentAt = performance.now();
      client.send(typed(NUDGES[turn % NUDGES.length]!));
      client.send({ type: 'response.create' });
      // A turn may first call a tool (the local provider's prompt changes): its answer is the first audio after it.
      if (ended) {
        // Sent as the session ended: answered by its replacement.
        const first = await waitFor(stamped, (m) => m.type === 'response.output_audio.delta' && m.at >= sentAt);
        into.afterRenewal.push(first.at - sentAt);
        await waitFor(stamped, (m) => m.type === 'response.done' && m.response.id === first.response_id);
        renewalsSeen = stamped.filter((m) => m.type === 'hearth.continued' && m.phase === 'continued' && m.cause === cause).length;
        continue;
      }
      const first = await waitFor(stamped, (m) => (m.type === 'response.output_audio.delta' && m.at >= sentAt) || cutAfter(sentAt)(m));
      const last =
        first.type === 'hearth.continued'
          ? first
          : await waitFor(stamped, (m) => (m.type === 'response.done' && m.response.id === first.response_id) || cutAfter(sentAt)(m));
      if (last.type === 'hearth.continued') {
        // Cut mid-answer by the cap: the answer the relay asks for again ends this turn.
        const back = await waitFor(stamped, (m) => m.type === 'hearth.continued' && m.phase === 'continued' && m.at >= last.at);
        const again = await waitFor(stamped, (m) => m.type === 'response.output_audio.delta' && m.at >= back.at);
        into.cutSilence.push(again.at - last.at);
        await waitFor(stamped, (m) => m.type === 'response.done' && m.response.id === again.response_id);
        renewalsSeen = stamped.filter((m) => m.type === 'hearth.continued' && m.phase === 'continued' && m.cause === cause).length;
        continue;
      }
      (fresh ? into.afterRenewal : into.others).push(first.at - sentAt);
    }
    for (const renewed of stamped.filter((m) => m.type === 'hearth.continued' && m.phase === 'continued' && m.cause === cause)) {
      into.renewals++;
      // Switched while an answer was under way (between its response.created and response.done): never, if at boundaries.
      const created = stamped.filter((m) => m.type === 'response.created' && m.at <= renewed.at).at(-1);
      const done = created && stamped.find((m) => m.type === 'response.done' && m.response.id === created.response.id);
      if (cause === 'rotation' && created && (!done || done.at > renewed.at)) into.midAnswer++;
      const info = stamped.find((m) => m.type === 'hearth.session' && m.at >= renewed.at - 1);
      const carried = /The conversation had (\d+) turns/.exec(String(info?.instructions ?? ''));
      if (carried) into.carried.push(Number(carried[1]));
    }
    for (const entry of logs) if (entry.cause === cause && typeof entry.readyMs === 'number') into.prepareMs.push(entry.readyMs);
    for (const entry of logs) if (entry.cause === cause && cause !== 'rotation') into.prepareMs.push(entry.ms);
  } finally {
    stop();
    client.send({ type: 'hearth.end_session' });
    await client.closed;
  }
}

async function measure(
  label: string,
  config: { capMs: number; rotateBeforeMs: number },
  cause: 'rotation' | 'session_expired',
  fake?: { connectDelayMs: number; expireEvery?: number },
) {
  const server = fake ? startFakeRealtime({ apiKey: KEY, connectDelayMs: fake.connectDelayMs }) : null;
  const ctx = await createTestContext({
    config: {
      realtimeSessionCapMs: config.capMs,
      realtimeRotateBeforeMs: config.rotateBeforeMs,
      voiceResumeGraceMs: 0,
      ...(server ? { openaiApiKey: KEY, openaiRealtimeUrl: server.url } : {}),
    },
    ...(server ? { deps: { providers: { ...createProviders(testConfig()), realtime: { kind: 'openai' as const } } } } : {}),
  });
  // The fake has no cap of its own: its latest session is ended with session_expired before every `expireEvery`th turn.
  const expire = fake?.expireEvery
    ? (turn: number) => {
        if (turn % fake.expireEvery! !== fake.expireEvery! - 1) return false;
        server!.connections.at(-1)!.expire();
        return true;
      }
    : undefined;
  ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
  const url = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;
  const cookie = await ctx.staffCookie('operator');
  const figures: Figures = { afterRenewal: [], others: [], prepareMs: [], midAnswer: 0, carried: [], renewals: 0, cutSilence: [] };
  try {
    for (let run = 0; run < runs; run++) await conversation(url, cookie, cause, figures, expire);
  } finally {
    await ctx.app.stop(true);
    await ctx.close();
    await server?.stop();
  }
  const base = median(figures.others);
  const after = median(figures.afterRenewal);
  console.log(`${label}`);
  console.log(
    `  turns ${figures.others.length + figures.afterRenewal.length} (${figures.afterRenewal.length} first after a renewal), renewals ${figures.renewals}`,
  );
  console.log(`  first audio: other turns median ${fmt(base)}, first turn after a renewal median ${fmt(after)}`);
  console.log(`  added silence (median after − median others): ${fmt(after - base)}  ratio ${(after / base).toFixed(2)}×`);
  if (figures.prepareMs.length)
    console.log(
      `  ${cause === 'rotation' ? 'decision → new upstream configured' : 'end → new upstream serving'}: median ${fmt(median(figures.prepareMs))}`,
    );
  if (cause === 'rotation') console.log(`  rotations while an answer was under way: ${figures.midAnswer}`);
  if (figures.cutSilence.length)
    console.log(
      `  answers cut mid-way ${figures.cutSilence.length}: cut → first audio of the answer again, median ${fmt(median(figures.cutSilence))}`,
    );
  if (figures.carried.length) console.log(`  turns carried over: median ${median(figures.carried)} (max ${Math.max(...figures.carried)})`);
}

console.log(`renewals over the relay: ${runs} runs × ${turns} typed turns each, ${GAP_MS} ms between turns`);
console.log('— local provider (in-process: answers paced as speech, opening a session costs nothing)');
// Prepared 6 s after each upstream session opened (turns take ~2.5 s): a rotation every few turns, never the cap.
await measure('rotation at a turn boundary (cap 60 s, rotate 54 s before)', { capMs: 60_000, rotateBeforeMs: 54_000 }, 'rotation');
// No rotation: the local provider ends each session at 8 s, wherever the conversation is (often mid-answer).
await measure('restart at the cap itself (cap 8 s, no rotation)', { capMs: 8_000, rotateBeforeMs: 0 }, 'session_expired');
console.log('— fake OpenAI server on 127.0.0.1, each connection answered 250 ms late (TLS and distance), answers at once');
// Prepared 1 s after each upstream session opened: a rotation every few turns.
await measure('rotation at a turn boundary (cap 60 s, rotate 59 s before)', { capMs: 60_000, rotateBeforeMs: 59_000 }, 'rotation', {
  connectDelayMs: 250,
});
// No rotation: the session is ended (session_expired) just before every 4th turn, which waits for its replacement.
await measure('restart when the provider ends the session between turns', { capMs: 0, rotateBeforeMs: 0 }, 'session_expired', {
  connectDelayMs: 250,
  expireEvery: 4,
});
process.exit(0);
