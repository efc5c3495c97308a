import { describe, expect, test } from 'bun:test';
import { FRAME_MS, type Eagerness } from '@hearth/protocol';
import { memberSpeech, type SpeechPart } from './member-speech';
import { endOfTurnWaitMs, MAX_WAIT_MS } from './semantic-vad';
import { EnergyVad, vadSettingsOf, type VadEvent } from './vad';

/** The local semantic VAD over scripted member audio, fed in uneven network-sized pieces. */
function run(parts: SpeechPart[], eagerness: Eagerness | null): VadEvent[] {
  const pcm = memberSpeech(parts);
  const vad = new EnergyVad(vadSettingsOf(eagerness ? { type: 'semantic_vad', eagerness } : { type: 'server_vad' }));
  const events: VadEvent[] = [];
  const pieces = [168, 480, 792, 1000];
  for (let offset = 0, i = 0; offset < pcm.length; i++) {
    const size = pieces[i % pieces.length];
    events.push(...vad.push(pcm.subarray(offset, offset + size)));
    offset += size;
  }
  return events;
}

const stops = (events: VadEvent[]) => events.filter((e): e is Extract<VadEvent, { type: 'speech_stopped' }> => e.type === 'speech_stopped');
/** The silence each turn waited before it ended. */
const waits = (events: VadEvent[]) => stops(events).map((e) => e.audioEndMs - e.speechEndMs);

describe('local semantic VAD (a heuristic on levels, not words)', () => {
  test('a falling contour ends the turn after an eighth of the eagerness maximum: 250 / 500 / 1000 ms', () => {
    const sentence: SpeechPart[] = [{ pauseMs: 300 }, { speakMs: 1500, contour: 'falling' }, { pauseMs: 9000 }];
    for (const [eagerness, expected] of [
      ['high', 250],
      ['auto', 500],
      ['medium', 500],
      ['low', 1000],
    ] as const) {
      const events = run(sentence, eagerness);
      expect(events.map((e) => e.type)).toEqual(['speech_started', 'speech_stopped']);
      expect(Math.abs(waits(events)[0] - expected)).toBeLessThanOrEqual(FRAME_MS);
      expect(Math.abs(stops(events)[0].speechEndMs - 1800)).toBeLessThanOrEqual(FRAME_MS);
    }
  });

  test('a level contour waits three eighths, a rising one three quarters: a hanging phrase keeps the turn', () => {
    const level = run([{ speakMs: 1500, contour: 'level' }, { pauseMs: 9000 }], 'auto');
    expect(Math.abs(waits(level)[0] - 1500)).toBeLessThanOrEqual(FRAME_MS);
    const rising = run([{ speakMs: 1500, contour: 'rising' }, { pauseMs: 9000 }], 'auto');
    expect(Math.abs(waits(rising)[0] - 3000)).toBeLessThanOrEqual(FRAME_MS);
    expect(Math.abs(waits(run([{ speakMs: 1500, contour: 'rising' }, { pauseMs: 9000 }], 'low'))[0] - 6000)).toBeLessThanOrEqual(FRAME_MS);
  });

  test('a very short utterance waits longer than a finished sentence', () => {
    const short = run([{ speakMs: 300, contour: 'falling' }, { pauseMs: 5000 }], 'high');
    expect(Math.abs(waits(short)[0] - 1500)).toBeLessThanOrEqual(FRAME_MS);
  });

  test('a 900 ms mid-sentence pause after a level phrase stays one turn; server VAD (500 ms) splits it', () => {
    const script: SpeechPart[] = [
      { speakMs: 1200, contour: 'level' },
      { pauseMs: 900 },
      { speakMs: 1400, contour: 'falling' },
      { pauseMs: 3000 },
    ];
    const semantic = run(script, 'auto');
    expect(semantic.map((e) => e.type)).toEqual(['speech_started', 'speech_stopped']);
    expect(Math.abs(stops(semantic)[0].audioEndMs - (3500 + 500))).toBeLessThanOrEqual(FRAME_MS);
    expect(stops(run(script, null))).toHaveLength(2);
  });

  test('higher eagerness never waits longer, and no wait passes the documented maximum', () => {
    for (const contour of ['falling', 'level', 'hanging'] as const) {
      expect(endOfTurnWaitMs(contour, 'high')).toBeLessThan(endOfTurnWaitMs(contour, 'auto'));
      expect(endOfTurnWaitMs(contour, 'auto')).toBeLessThan(endOfTurnWaitMs(contour, 'low'));
      for (const eagerness of ['low', 'medium', 'high', 'auto'] as const) {
        expect(endOfTurnWaitMs(contour, eagerness)).toBeLessThanOrEqual(MAX_WAIT_MS[eagerness]);
      }
    }
  });

  test('GA settings map onto the detector: semantic VAD has no padding; server VAD keeps its fields', () => {
    expect(vadSettingsOf({ type: 'semantic_vad' })).toMatchObject({ eagerness: 'auto', prefixPaddingMs: 0 });
    expect(vadSettingsOf({ type: 'server_vad', silence_duration_ms: 200, prefix_padding_ms: 100, threshold: 0.7 })).toEqual({
      threshold: 0.7,
      prefixPaddingMs: 100,
      silenceDurationMs: 200,
    });
    const started = run([{ pauseMs: 600 }, { speakMs: 800, contour: 'falling' }, { pauseMs: 2000 }], 'high')[0];
    expect(started).toMatchObject({ type: 'speech_started' });
    expect((started as Extract<VadEvent, { type: 'speech_started' }>).audioStartMs).toBe((started as any).speechStartMs);
  });
});
