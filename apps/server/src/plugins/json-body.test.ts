import { expect, test } from 'bun:test';
import { depthExceeds, MAX_JSON_DEPTH } from './json-body';

test('depth is counted in objects and arrays, without recursion', () => {
  const deep = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels));
  expect(depthExceeds(deep(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  expect(depthExceeds(deep(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  expect(depthExceeds({ a: { b: [{ c: 1 }] } }, 4)).toBe(false);
  expect(depthExceeds({ a: { b: [{ c: {} }] } }, 4)).toBe(true);
  expect(depthExceeds('text', 1)).toBe(false);
  let chain: unknown = 1;
  for (let i = 0; i < 100_000; i++) chain = [chain];
  expect(depthExceeds(chain, MAX_JSON_DEPTH)).toBe(true);
});
