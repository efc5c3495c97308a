import { FRAME_MS, FRAME_SAMPLES, type TurnTakingObservation } from '@hearth/protocol';
import { memberSpeech, type SpeechPart } from '../../src/realtime/providers/local/member-speech';
import type { Json, TestSocket } from '../../src/realtime/test-support';
import { AFTER_ANSWER_MS, ANSWER_WAIT_MAX_MS } from './member-script';

/**
 * Plays the scripted member into one voice session at real-time pace (20 ms frames, as the capture worklet sends
 * them) and records on one clock, the input timeline (ms of audio sent), what the turn-taking meter needs:
 * - the member's speech as scripted (its true onsets and ends, not what a detector made of them);
 * - the relay's view: each commit at its speech_stopped's audio_end_ms (where the detector decided), and the first
 *   output audio delta of each response and its response.done as they reached the page.
 */
/** A turn: voiced stretches (PCM16 at 24 kHz) and pauses (ms of the noise floor) in order. */
export type ScriptTurn = Array<Int16Array | number>;

/** The synthetic script as PCM (member-speech.ts), one seed per part. */
export function synthesisedTurns(turns: SpeechPart[][], seed: number): ScriptTurn[] {
  let partSeed = seed;
  return turns.map((turn) => turn.map((part) => ('pauseMs' in part ? part.pauseMs : memberSpeech([part], ++partSeed))));
}

export interface DriverResult {
  observations: TurnTakingObservation[];
  commits: number;
  responses: number;
}

export async function driveMember(client: TestSocket, turns: ScriptTurn[], seed: number): Promise<DriverResult> {
  const observations: TurnTakingObservation[] = [];
  let sentMs = 0;
  let commits = 0;
  let lastStopAudioEndMs: number | null = null;
  const withAudio = new Set<string>();
  const doneAtMs: number[] = [];
  const onMessage = (e: MessageEvent) => {
    const m = JSON.parse(String(e.data)) as Json;
    switch (m.type) {
      case 'input_audio_buffer.speech_stopped':
        lastStopAudioEndMs = m.audio_end_ms;
        break;
      case 'input_audio_buffer.committed':
        commits++;
        observations.push({ kind: 'committed', atMs: lastStopAudioEndMs ?? sentMs });
        lastStopAudioEndMs = null;
        break;
      case 'response.output_audio.delta':
        if (!withAudio.has(m.response_id)) {
          withAudio.add(m.response_id);
          observations.push({ kind: 'assistant_audio_started', atMs: sentMs });
        }
        break;
      case 'response.done':
        doneAtMs.push(sentMs);
        if (withAudio.has(m.response?.id)) observations.push({ kind: 'assistant_audio_stopped', atMs: sentMs });
        break;
    }
  };
  client.socket.addEventListener('message', onMessage);

  const startedAt = performance.now();
  const noise = memberSpeech([{ pauseMs: 200 }], seed + 1);
  let noiseAt = 0;
  /** Sends one frame once the wall clock has reached it, so audio goes up in real time. */
  const sendFrame = async (frame: Int16Array) => {
    const dueMs = sentMs - (performance.now() - startedAt);
    if (dueMs > 0) await Bun.sleep(dueMs);
    client.send({
      type: 'input_audio_buffer.append',
      audio: Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength).toString('base64'),
    });
    sentMs += FRAME_MS;
  };
  const sendNoise = async () => {
    if (noiseAt + FRAME_SAMPLES > noise.length) noiseAt = 0;
    await sendFrame(noise.slice(noiseAt, noiseAt + FRAME_SAMPLES));
    noiseAt += FRAME_SAMPLES;
  };

  for (const turn of turns) {
    for (const part of turn) {
      if (typeof part === 'number') {
        for (let ms = 0; ms < part; ms += FRAME_MS) await sendNoise();
        continue;
      }
      observations.push({ kind: 'member_speech_started', atMs: sentMs });
      for (let at = 0; at + FRAME_SAMPLES <= part.length; at += FRAME_SAMPLES) await sendFrame(part.slice(at, at + FRAME_SAMPLES));
      observations.push({ kind: 'member_speech_stopped', atMs: sentMs });
    }
    // The member listens: until an answer that began after they stopped is over (and a breath), or gives up.
    const endedMs = sentMs;
    while (sentMs - endedMs < ANSWER_WAIT_MAX_MS) {
      const done = doneAtMs.find((ms) => ms > endedMs);
      if (done !== undefined && sentMs >= done + AFTER_ANSWER_MS) break;
      await sendNoise();
    }
  }
  for (let i = 0; i < 1000 / FRAME_MS; i++) await sendNoise();
  client.socket.removeEventListener('message', onMessage);
  // One clock, one order: the meter takes observations as they happened on the input timeline.
  observations.sort((a, b) => a.atMs - b.atMs);
  return { observations, commits, responses: withAudio.size };
}
