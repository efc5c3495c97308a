import { describe, expect, test } from 'bun:test';
import { comparePaired, exactMcNemar } from './paired-test';

describe('exact McNemar test', () => {
  test('known two-sided p-values', () => {
    expect(exactMcNemar(0, 6)).toBe(0.03125);
    expect(exactMcNemar(6, 0)).toBe(0.03125);
    expect(exactMcNemar(1, 9)).toBe(0.021484375);
    expect(exactMcNemar(5, 5)).toBe(1);
    expect(exactMcNemar(0, 0)).toBe(1);
    expect(exactMcNemar(0, 5)).toBe(0.0625); // five discordant pairs can never be significant
    expect(exactMcNemar(2, 8)).toBeCloseTo(0.109375, 12); // 2 × (1 + 10 + 45) / 1024
    expect(exactMcNemar(3, 4)).toBe(1);
  });

  test('many pairs: agrees with exact fractions on both sides of the switch to log space', () => {
    // Reference values: 2 × Σ C(n, i) / 2^n for i ≤ min(b, c), in Python's exact Fractions.
    expect(exactMcNemar(500, 500)).toBe(1);
    expect(exactMcNemar(450, 550)).toBeCloseTo(0.0017305360849763176, 12);
    expect(exactMcNemar(480, 520)).toBeCloseTo(0.21744829320414094, 12);
    expect(exactMcNemar(700, 800)).toBeCloseTo(0.010559255466711544, 12);
    expect(exactMcNemar(0, 2000)).toBe(0);
  });
});

describe('paired comparison', () => {
  test('counts the four kinds of pair and the pass rates, and marks a significant change', () => {
    const a = [true, true, true, true, true, true, true, true, false, false];
    const b = [false, false, false, false, false, false, true, true, false, false];
    expect(comparePaired(a, b)).toEqual({
      n: 10,
      bothPass: 2,
      onlyA: 6,
      onlyB: 0,
      bothFail: 2,
      rateA: 0.8,
      rateB: 0.2,
      pValue: 0.03125,
      significant: true,
    });
  });

  test('a small change is not significant; unequal lengths pair up to the shorter', () => {
    const r = comparePaired([true, false, true], [false, true, true, true, true]);
    expect(r).toMatchObject({ n: 3, bothPass: 1, onlyA: 1, onlyB: 1, bothFail: 0, pValue: 1, significant: false });
    expect(comparePaired([], [true])).toMatchObject({ n: 0, rateA: 0, rateB: 0, pValue: 1, significant: false });
  });
});
