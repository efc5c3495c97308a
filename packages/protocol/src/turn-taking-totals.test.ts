// The meter's totals and rates, and a property over random sequences (the turns themselves: turn-taking.test.ts).
import { describe, expect, test } from 'bun:test';
import { TurnTakingMeter, turnTakingRates } from './turn-taking';
import { plain, play, short } from './turn-taking-test-support';

describe('totals and rates', () => {
  test('no turns: all rates 0', () => {
    expect(turnTakingRates({ turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 })).toEqual({
      cutOff: 0,
      prematureCommit: 0,
      deadAir: 0,
      selfInterruption: 0,
    });
  });

  test('rates are per turn', () => {
    expect(turnTakingRates({ turns: 8, cutOffs: 2, prematureCommits: 1, deadAirs: 4, selfInterruptions: 0 })).toEqual({
      cutOff: 0.25,
      prematureCommit: 0.125,
      deadAir: 0.5,
      selfInterruption: 0,
    });
  });

  test('openTurn tells whether the open turn has been answered (the page ties the answer to its item)', () => {
    const meter = new TurnTakingMeter();
    expect(meter.openTurn).toBeNull();
    play(meter, [['commit', 0]]);
    expect(meter.openTurn).toEqual({ index: 1, answered: false });
    play(meter, [['audio', 400]]);
    expect(meter.openTurn).toEqual({ index: 1, answered: true });
    play(meter, [['silent', 900]]);
    expect(meter.openTurn).toBeNull();
  });

  test('reset forgets the session', () => {
    const meter = new TurnTakingMeter();
    play(meter, [
      ['commit', 0],
      ['audio', 3000],
      ['silent', 4000],
    ]);
    expect(meter.totals.deadAirs).toBe(1);
    meter.reset();
    expect(meter.totals).toEqual({ turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 });
    expect(
      play(meter, [
        ['commit', 5000],
        ['audio', 5100],
        ['silent', 6000],
      ]),
    ).toEqual([{ index: 1, ...plain, gapMs: 100 }]);
  });

  test('on any sequence every count stays within the turns, and each final turn is counted once', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const kinds = Object.keys(short) as (keyof typeof short)[];
    for (let run = 0; run < 200; run++) {
      const meter = new TurnTakingMeter();
      let atMs = 0;
      let finalTurns = 0;
      for (let i = 0; i < 60; i++) {
        atMs += Math.floor(random() * 2000) - 200; // sometimes out of order, as VAD times are
        const kind = kinds[Math.floor(random() * kinds.length)] as keyof typeof short;
        finalTurns += play(meter, [[kind, atMs]]).length;
      }
      finalTurns += meter.finish(atMs + 1).length;
      const t = meter.totals;
      expect(t.turns).toBe(finalTurns);
      for (const count of [t.cutOffs, t.prematureCommits, t.deadAirs, t.selfInterruptions]) expect(count).toBeLessThanOrEqual(t.turns);
    }
  });
});
