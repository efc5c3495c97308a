// The turn-taking tests' shorthand (turn-taking.test.ts, turn-taking-totals.test.ts): recorded sequences of
// observations played into a meter.
import type { TurnTakingMeter, TurnTakingObservation, TurnTakingTurn } from './turn-taking';

type Kind = TurnTakingObservation['kind'];
export const short: Record<string, Kind> = {
  start: 'member_speech_started',
  stop: 'member_speech_stopped',
  commit: 'committed',
  audio: 'assistant_audio_started',
  silent: 'assistant_audio_stopped',
  echo: 'self_interruption',
};

/** Plays a recorded sequence such as `['start', 0], ['stop', 900]` and returns every turn made final, in order. */
export function play(meter: TurnTakingMeter, events: [keyof typeof short, number][]): TurnTakingTurn[] {
  return events.flatMap(([kind, atMs]) => meter.observe({ kind: short[kind] as Kind, atMs } as TurnTakingObservation));
}

/** A final turn with no flag raised. */
export const plain = { cutOff: false, prematureCommit: false, deadAir: false, selfInterrupted: false };
