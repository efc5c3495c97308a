import { FRAME_SAMPLES, SAMPLE_RATE } from '@hearth/protocol';
import { memberSpeech } from '../../src/realtime/providers/local/member-speech';
import { rmsDbfs } from '../../src/realtime/providers/local/vad';
import type { ScriptTurn } from './member-driver';

/**
 * The same 16 turns spoken by espeak-ng (Debian's espeak-ng and sox, run at bench time): each phrase is synthesised
 * on its own and the script's pauses put between them, so the pauses are exactly the script's. The phrase-final
 * contours here are espeak-ng's own intonation for ",", "." and "?", not written into the signal as in
 * member-speech.ts: a check that the level heuristic is not only fitted to its own synthetic voice.
 */
const TEXT_TURNS: Array<Array<string | number>> = [
  ['I went to the market this morning,', 300, 'and bought some fresh bread.'],
  ['And then my sister called,', 600, 'so we talked for an hour.'],
  ['Yes.'],
  ['The weather has been lovely', 900, 'for most of the week.'],
  ['I finished the book last night.', 650, 'It was really good.'],
  ['Have you ever been to the coast?'],
  ['My neighbour,', 200, 'who lives upstairs,', 500, 'has a new dog.'],
  ['When I was younger,', 800, 'I used to paint a lot.'],
  ['We had dinner together.', 550, 'It was nice.'],
  ["I'm not sure what else to say"],
  ['On Sunday,', 400, 'if it does not rain,', 700, 'we will go for a walk.'],
  ['Okay'],
  ['I like cooking for friends.', 800, 'Especially soups.'],
  ['The garden needs a lot of work', 600, 'before the spring comes.'],
  ['I called my brother yesterday.', 700, 'Do you have siblings?'],
  ['Maybe,', 450, 'I think,', 750, 'I would like to learn the piano.'],
];

const QUIET_DBFS = -45;
const NOISE_FLOOR = memberSpeech([{ pauseMs: 2000 }], 99);

/** One phrase at 24 kHz, trimmed to its first and last audible frame, over the same noise floor as the script. */
function speak(text: string): Int16Array {
  const wav = Bun.spawnSync(['espeak-ng', '-v', 'en-us', '-s', '165', '--stdout', text]);
  if (!wav.success) throw new Error(`espeak-ng failed: ${wav.stderr.toString()}`);
  const raw = Bun.spawnSync(
    ['sox', '-t', 'wav', '-', '-r', String(SAMPLE_RATE), '-c', '1', '-b', '16', '-e', 'signed-integer', '-t', 'raw', '-'],
    {
      stdin: wav.stdout,
    },
  );
  if (!raw.success) throw new Error(`sox failed: ${raw.stderr.toString()}`);
  const pcm = new Int16Array(raw.stdout.buffer, raw.stdout.byteOffset, raw.stdout.byteLength >> 1);
  const frames = Math.floor(pcm.length / FRAME_SAMPLES);
  const loud = (f: number) => rmsDbfs(pcm, f * FRAME_SAMPLES, (f + 1) * FRAME_SAMPLES) >= QUIET_DBFS;
  let first = 0;
  while (first < frames && !loud(first)) first++;
  let last = frames - 1;
  while (last > first && !loud(last)) last--;
  const out = pcm.slice(first * FRAME_SAMPLES, (last + 1) * FRAME_SAMPLES);
  for (let i = 0; i < out.length; i++) out[i] = Math.max(-32768, Math.min(32767, out[i] + NOISE_FLOOR[i % NOISE_FLOOR.length]));
  return out;
}

export function espeakTurns(): ScriptTurn[] {
  return TEXT_TURNS.map((turn) => turn.map((part) => (typeof part === 'number' ? part : speak(part))));
}
