import { describe, expect, test } from 'bun:test';
import { DEAD_AIR_MS, PREMATURE_COMMIT_MS, TurnTakingMeter, turnTakingRates } from './turn-taking';
import { plain, play } from './turn-taking-test-support';

describe('one turn by voice (server VAD)', () => {
  test('an answer 1.2 s after the member stopped: no flag, the gap measured from the stop', () => {
    const meter = new TurnTakingMeter();
    const turns = play(meter, [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 2200],
    ]);
    expect(turns).toEqual([]); // final only when the answer stops
    expect(play(meter, [['silent', 5000]])).toEqual([{ index: 1, ...plain, gapMs: 1200 }]);
    expect(meter.totals).toEqual({ turns: 1, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 });
  });

  test('dead air: first sample more than 1.5 s after the member stopped (VAD silence included)', () => {
    const late = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 1000 + DEAD_AIR_MS + 100],
      ['silent', 4000],
    ]);
    expect(late).toEqual([{ index: 1, ...plain, deadAir: true, gapMs: 1600 }]);
    const justInTime = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 1000 + DEAD_AIR_MS],
      ['silent', 4000],
    ]);
    expect(justInTime[0]?.deadAir).toBe(false);
  });

  test('cut-off: the answer starts while the member speaks again; a resumption within 300 ms is also premature', () => {
    const both = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['start', 1600],
      ['audio', 1700],
      ['silent', 1900],
    ]);
    expect(both).toEqual([{ index: 1, ...plain, cutOff: true, prematureCommit: true, gapMs: 0 }]);
    const cutOnly = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['start', 2000],
      ['audio', 2100],
      ['silent', 2300],
    ]);
    expect(cutOnly).toEqual([{ index: 1, ...plain, cutOff: true, gapMs: 0 }]);
  });

  test('VAD reports speech late: a start dated before the first sample but heard after it is still a cut-off', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 2100],
      ['start', 2000],
      ['silent', 2400],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, cutOff: true, gapMs: 0 }]);
  });

  test('barge-in after the answer began is neither a cut-off nor premature', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 2000],
      ['start', 2600],
      ['silent', 2700],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, gapMs: 1000 }]);
  });

  test('premature commit: speech resuming exactly 300 ms after the commit counts, 301 ms does not', () => {
    const at = (resumeMs: number) =>
      play(new TurnTakingMeter(), [
        ['start', 0],
        ['stop', 1000],
        ['commit', 1500],
        ['start', 1500 + resumeMs],
        ['stop', 3000],
        ['audio', 3400],
        ['silent', 6000],
      ])[0];
    expect(at(PREMATURE_COMMIT_MS)).toEqual({ index: 1, ...plain, prematureCommit: true, gapMs: 400 });
    expect(at(PREMATURE_COMMIT_MS + 1)).toEqual({ index: 1, ...plain, gapMs: 400 });
  });

  test('premature even when a fast answer already started (local provider)', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1100],
      ['audio', 1200],
      ['start', 1350],
      ['silent', 1400],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, prematureCommit: true, gapMs: 200 }]);
  });
});

describe('turns that are not spoken by VAD', () => {
  test('typed text: no speech at all, the silence starts at the commit', () => {
    const meter = new TurnTakingMeter();
    expect(
      play(meter, [
        ['commit', 10_000],
        ['audio', 10_900],
        ['silent', 12_000],
        ['commit', 20_000],
        ['audio', 22_000],
        ['silent', 23_000],
      ]),
    ).toEqual([
      { index: 1, ...plain, gapMs: 900 },
      { index: 2, ...plain, deadAir: true, gapMs: 2000 },
    ]);
  });

  test('push-to-talk: press and release are the speech, the release commits', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 3000],
      ['commit', 3000],
      ['audio', 3500],
      ['silent', 6000],
      // Typed text, then push-to-talk pressed just before the answer: it talks over the member.
      ['commit', 7000],
      ['start', 7100],
      ['audio', 7200],
      ['stop', 8000],
      ['silent', 8000],
    ]);
    expect(turns).toEqual([
      { index: 1, ...plain, gapMs: 500 },
      { index: 2, ...plain, cutOff: true, prematureCommit: true, gapMs: 0 },
    ]);
  });

  test('the greeting and any audio with no open turn answer nothing', () => {
    const meter = new TurnTakingMeter();
    expect(
      play(meter, [
        ['audio', 0],
        ['start', 500], // the member talks over the greeting: not a cut-off of any turn
        ['silent', 600],
        ['stop', 1500],
      ]),
    ).toEqual([]);
    expect(meter.totals.turns).toBe(0);
    // The greeting's stop does not make a turn final, and the first turn's silence starts at the member's stop.
    expect(
      play(meter, [
        ['commit', 2000],
        ['audio', 2600],
        ['silent', 3000],
      ]),
    ).toEqual([{ index: 1, ...plain, gapMs: 1100 }]);
  });

  test('several output items: only the first sample of the first item answers; a second start changes nothing', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['audio', 1800], // the spoken preamble
      ['audio', 4000], // the final answer, no stop in between
      ['silent', 9000],
      ['audio', 9100], // a late item after the turn was final
      ['silent', 9500],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, gapMs: 800 }]);
  });
});

describe('turns with no answer', () => {
  test('a response cancelled before any audio: the member waits, gives up and speaks again', () => {
    const meter = new TurnTakingMeter();
    const turns = play(meter, [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['start', 4000], // 3 s of silence after the stop, no answer
      ['stop', 5000],
      ['commit', 5500],
      ['audio', 6000],
      ['silent', 8000],
    ]);
    expect(turns).toEqual([
      { index: 1, ...plain, deadAir: true, gapMs: null },
      { index: 2, ...plain, gapMs: 1000 },
    ]);
    expect(turnTakingRates(meter.totals)).toEqual({ cutOff: 0, prematureCommit: 0, deadAir: 0.5, selfInterruption: 0 });
  });

  test('two commits before an answer: the first, split off by a too-early commit, is premature and unanswered', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1500],
      ['start', 1700],
      ['stop', 3000],
      ['commit', 3500],
      ['audio', 4200],
      ['silent', 6000],
    ]);
    expect(turns).toEqual([
      { index: 1, ...plain, prematureCommit: true, gapMs: null },
      { index: 2, ...plain, gapMs: 1200 },
    ]);
  });

  test('two commits with no speech between (typed twice): the first closes unanswered, dead air measured to the second', () => {
    const turns = play(new TurnTakingMeter(), [
      ['commit', 0],
      ['commit', 2000],
      ['audio', 2500],
      ['silent', 3000],
    ]);
    expect(turns).toEqual([
      { index: 1, ...plain, deadAir: true, gapMs: null },
      { index: 2, ...plain, gapMs: 500 },
    ]);
  });

  test('finish: an answered turn becomes final, one still waiting is dropped', () => {
    const answered = new TurnTakingMeter();
    play(answered, [
      ['start', -900],
      ['stop', 0],
      ['commit', 500],
      ['audio', 900],
    ]);
    expect(answered.finish(3000)).toEqual([{ index: 1, ...plain, gapMs: 900 }]);
    expect(answered.finish(3100)).toEqual([]);
    const waiting = new TurnTakingMeter();
    play(waiting, [
      ['start', -900],
      ['stop', 0],
      ['commit', 500],
    ]);
    expect(waiting.finish(9000)).toEqual([]);
    expect(waiting.totals.turns).toBe(0);
  });
});

describe('self-interruption (the assistant hears itself)', () => {
  test("the echo of an answer is not the member's speech; the turn taken from it is a self-interruption", () => {
    const meter = new TurnTakingMeter();
    const turns = play(meter, [
      ['start', 0],
      ['stop', 1000],
      ['commit', 1100],
      ['audio', 1200],
      ['start', 1300], // within 300 ms of the commit, but it is the echo
      ['echo', 1300],
      ['silent', 1350], // the echo cut the answer
      ['stop', 2000], // the echo's stop is not the member's
      ['commit', 2500],
      ['audio', 3000],
      ['silent', 5000],
    ]);
    expect(turns).toEqual([
      { index: 1, ...plain, gapMs: 200 },
      { index: 2, ...plain, selfInterrupted: true, gapMs: 500 },
    ]);
    expect(meter.totals).toEqual({ turns: 2, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 1 });
  });

  test('an echo of the greeting counts on the turn it makes', () => {
    const turns = play(new TurnTakingMeter(), [
      ['audio', 0],
      ['start', 100],
      ['echo', 100],
      ['silent', 120],
      ['stop', 800],
      ['commit', 1300],
      ['audio', 1700],
      ['silent', 3000],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, selfInterrupted: true, gapMs: 400 }]);
  });

  test('an echo while a turn still waits does not end its silence: the wait is still dead air', () => {
    const turns = play(new TurnTakingMeter(), [
      ['start', -900],
      ['stop', 0],
      ['commit', 500],
      ['start', 600],
      ['echo', 600],
      ['stop', 900],
      ['audio', 2000],
      ['silent', 3000],
    ]);
    expect(turns).toEqual([{ index: 1, ...plain, deadAir: true, gapMs: 2000 }]);
  });
});
