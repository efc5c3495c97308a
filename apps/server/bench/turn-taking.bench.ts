/**
 * bench:turn-taking — the local provider's turn detection compared on the same scripted member (issue 23 §4):
 * server VAD (the page's defaults: threshold 0.5, 300 ms padding, 500 ms silence) and the local semantic VAD at
 * eagerness low, auto and high (a heuristic on levels, not words: providers/local/semantic-vad.ts). Each setting is
 * a sequence whose stored turnDetection starts its session, driven through the relay at real-time pace; the four
 * run side by side. Rates come from the shared TurnTakingMeter (packages/protocol/src/turn-taking.ts).
 *
 * Two voices speak the same 16-turn script (turn-taking/member-script.ts): `synthetic`, whose phrase-final energy
 * contours are written into the signal (member-speech.ts), and `espeak`, the same turns as text spoken by espeak-ng
 * with its own intonation (turn-taking/espeak-script.ts; needs espeak-ng and sox).
 *
 *   bun run bench:turn-taking     BENCH_REPEATS=n (default 1) · BENCH_VOICE=synthetic|espeak (default both)
 */
import { TurnTakingMeter, turnTakingRates, type SequenceTurnDetection, type TurnTakingTurn } from '@hearth/protocol';
import { jsonb } from '@hearth/db/json';
import { createTestContext } from '../src/test/harness';
import { insertSequence, promptFixture } from '../src/test/sequence-fixtures';
import { TestSocket } from '../src/realtime/test-support';
import { espeakTurns } from './turn-taking/espeak-script';
import { MEMBER_TURNS } from './turn-taking/member-script';
import { driveMember, synthesisedTurns, type ScriptTurn } from './turn-taking/member-driver';

const ORIGIN = 'http://hearth.test';
const SETTINGS: Array<{ label: string; turnDetection: SequenceTurnDetection }> = [
  { label: 'server_vad (500 ms)', turnDetection: { type: 'server_vad' } },
  { label: 'semantic_vad low', turnDetection: { type: 'semantic_vad', eagerness: 'low' } },
  { label: 'semantic_vad auto', turnDetection: { type: 'semantic_vad', eagerness: 'auto' } },
  { label: 'semantic_vad high', turnDetection: { type: 'semantic_vad', eagerness: 'high' } },
];
const repeats = Math.max(1, Number(process.env.BENCH_REPEATS ?? 1));
const VOICES = (process.env.BENCH_VOICE ? [process.env.BENCH_VOICE] : ['synthetic', 'espeak']) as Array<'synthetic' | 'espeak'>;
const espeak = VOICES.includes('espeak') ? espeakTurns() : [];
const scriptFor = (voice: 'synthetic' | 'espeak', seed: number): ScriptTurn[] =>
  voice === 'espeak' ? espeak : synthesisedTurns(MEMBER_TURNS, seed);

const ctx = await createTestContext();
ctx.app.listen({ port: 0, hostname: '127.0.0.1' });
const wsUrl = `ws://127.0.0.1:${ctx.app.server!.port}/ws`;

for (const [i, setting] of SETTINGS.entries()) {
  const id = await insertSequence(ctx.db, `Turn taking ${i}`, {
    versions: [{ version: 1, prompts: [promptFixture('chat', { prompt: 'Listen, and answer in a sentence or two.' })] }],
  });
  await ctx.db
    .updateTable('sequences')
    .set({ turn_detection: jsonb(setting.turnDetection) })
    .where('id', '=', id)
    .execute();
}

async function runOnce(index: number, voice: 'synthetic' | 'espeak', seed: number) {
  // One operator per session: the relay admits only so many live sessions per person.
  const staff = await ctx.staffCookie('operator', `bench-${voice}-${index}@hearth.test`);
  const url = `${wsUrl}?page=testing&module=${encodeURIComponent(`Turn taking ${index}`)}`;
  const client = await TestSocket.open(url, { origin: ORIGIN, cookie: staff });
  const session = await client.waitFor('hearth.session', () => true, 15_000);
  if (JSON.stringify(session.turnDetection).indexOf(SETTINGS[index].turnDetection.type) < 0) throw new Error('wrong turn detection');
  await client.waitFor('response.done', () => true, 30_000); // the greeting
  const result = await driveMember(client, scriptFor(voice, seed), seed);
  client.send({ type: 'hearth.end_session' });
  await client.closed;
  const meter = new TurnTakingMeter();
  const turns: TurnTakingTurn[] = [];
  for (const o of result.observations) turns.push(...meter.observe(o));
  turns.push(...meter.finish(result.observations.at(-1)?.atMs ?? 0));
  return { ...result, totals: meter.totals, turns };
}

const median = (values: number[]) => {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

const startedAt = performance.now();
const rows = [];
for (let r = 0; r < repeats; r++) {
  const jobs = VOICES.flatMap((voice) => SETTINGS.map((_, i) => ({ voice, i })));
  const runs = await Promise.all(jobs.map(({ voice, i }) => runOnce(i, voice, 1000 * (r + 1))));
  for (const [j, run] of runs.entries()) rows.push({ voice: jobs[j].voice, setting: SETTINGS[jobs[j].i].label, ...run });
}
const pct = (x: number) => `${(x * 100).toFixed(0)}%`.padStart(5);
console.log(`\nbench:turn-taking — ${MEMBER_TURNS.length} scripted member turns × ${repeats}, local provider through the relay`);
const summary = [];
for (const voice of VOICES) {
  console.log(`\nvoice: ${voice}`);
  console.log('setting              commits  turns  cut-off  premature  dead air  median gap ms');
  for (const setting of SETTINGS) {
    const mine = rows.filter((row) => row.setting === setting.label && row.voice === voice);
    const totals = mine.reduce(
      (sum, row) => ({
        turns: sum.turns + row.totals.turns,
        cutOffs: sum.cutOffs + row.totals.cutOffs,
        prematureCommits: sum.prematureCommits + row.totals.prematureCommits,
        deadAirs: sum.deadAirs + row.totals.deadAirs,
        selfInterruptions: sum.selfInterruptions + row.totals.selfInterruptions,
      }),
      { turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 },
    );
    const rates = turnTakingRates(totals);
    const gaps = mine.flatMap((row) => row.turns.map((t) => t.gapMs).filter((g): g is number => g !== null && g > 0));
    const commits = mine.reduce((sum, row) => sum + row.commits, 0);
    const gap = median(gaps);
    summary.push({ voice, setting: setting.label, commits, ...totals, rates, medianGapMs: gap });
    console.log(
      `${setting.label.padEnd(20)} ${String(commits).padStart(7)} ${String(totals.turns).padStart(6)}   ${pct(rates.cutOff)}     ${pct(rates.prematureCommit)}     ${pct(rates.deadAir)}   ${gap === null ? '-' : Math.round(gap)}`,
    );
  }
}
console.log(`(${((performance.now() - startedAt) / 1000).toFixed(0)} s)`);
console.log(JSON.stringify({ bench: 'turn-taking', scriptTurns: MEMBER_TURNS.length, repeats, summary }));
await ctx.app.stop(true);
await ctx.close();
process.exit(0);
