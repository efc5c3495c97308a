import { describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { balancedGroups, groupSizes } from './balance';

const sizesOf = (groups: number[][]) => groups.map((g) => g.length).sort((a, b) => a - b);

describe('balanced subgroups', () => {
  test('sizes: floor(n / size) groups, differing by at most one', () => {
    expect(groupSizes(10, 3)).toEqual([4, 3, 3]);
    expect(groupSizes(12, 4)).toEqual([4, 4, 4]);
    expect(groupSizes(2, 5)).toEqual([2]);
    expect(groupSizes(7, 1)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(groupSizes(0, 3)).toEqual([]);
  });

  test('every member lands in exactly one group and sizes stay balanced', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }), { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 12 }),
        (vectors, size) => {
          const groups = balancedGroups(vectors, size);
          expect(groups.flat().sort((a, b) => a - b)).toEqual(vectors.map((_, i) => i));
          expect(sizesOf(groups)).toEqual(groupSizes(vectors.length, size).sort((a, b) => a - b));
        },
      ),
      { numRuns: 200 },
    );
  });

  test('clear clusters are kept together even when shuffled', () => {
    // Three directions with noise; members of one direction must share a subgroup.
    const directions = [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
    ];
    const vectors: number[][] = [];
    const cluster: number[] = [];
    let seed = 7;
    const noise = () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.3;
    for (let i = 0; i < 15; i++) {
      const c = (i * 7) % 3;
      cluster.push(c);
      vectors.push(directions[c].map((x) => x + noise()));
    }
    const groups = balancedGroups(vectors, 5);
    expect(sizesOf(groups)).toEqual([5, 5, 5]);
    for (const g of groups) expect(new Set(g.map((i) => cluster[i])).size).toBe(1);
  });

  test('zero vectors (members with nothing written about them) are still placed', () => {
    const groups = balancedGroups(
      [
        [0, 0],
        [0, 0],
        [1, 0],
        [0, 1],
      ],
      2,
    );
    expect(sizesOf(groups)).toEqual([2, 2]);
  });
});
