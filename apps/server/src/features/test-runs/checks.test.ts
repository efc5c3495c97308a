import { describe, expect, test } from 'bun:test';
import { argsMatch, budgetChecks, checkExpectations, percentile } from './checks';
import type { TurnRecord } from './driver';
import { localText } from '../../providers/text-ai-local';
import { productAi } from './ai';

// PRODUCT §10: each check decides on the session's own events and says in words what failed and at which turn.
const turn = (n: number, prompt: string, tools: TurnRecord['tools'] = []): TurnRecord => ({
  turn: n,
  role: 'assistant',
  text: `line ${n}`,
  prompt,
  tools,
  latencyMs: 10,
});
const transcript = [
  turn(1, 'welcome'),
  turn(2, 'welcome', [{ name: 'set_memory', args: { key: 'hobby', value: 'Chess' }, output: { success: true } }]),
  turn(3, 'welcome'),
  turn(4, 'welcome'),
  turn(5, 'interests', [{ name: 'change_prompt', args: { prompt_name: 'interests' }, output: { success: true } }]),
];
const facts = { transcript, startPrompt: 'welcome', memoryKeys: ['hobby'], moodSet: false };
const judge = { text: localText(), ai: productAi };

async function check(expect: any) {
  const { checks } = await checkExpectations({ name: 'c', persona: 'p', turnLimit: 5, expect: [expect] }, facts, judge);
  return checks[0];
}

describe('checks', () => {
  test('reaches within k says where it was reached instead', async () => {
    expect(await check({ type: 'reaches', prompt: 'interests', within: 3 })).toEqual({
      expectation: 'reaches "interests" within 3 assistant turns',
      passed: false,
      turn: 5,
      detail: 'did not reach "interests" within 3 assistant turns (reached at turn 5)',
    });
    expect((await check({ type: 'reaches', prompt: 'interests', within: 5 })).passed).toBe(true);
    expect((await check({ type: 'reaches', prompt: 'goodbye' })).detail).toBe('never reached "goodbye"');
    expect(await check({ type: 'never_reaches', prompt: 'interests' })).toMatchObject({ passed: false, turn: 5 });
  });

  test('tool arguments match as a subset; memory key and mood read what the member holds', async () => {
    expect(await check({ type: 'tool', name: 'set_memory', args: { key: 'hobby' } })).toMatchObject({ passed: true, turn: 2 });
    expect(argsMatch({ value: 'chess ' }, { key: 'hobby', value: 'Chess' })).toBe(true);
    const wrong = await check({ type: 'tool', name: 'set_memory', args: { key: 'name' } });
    expect(wrong.passed).toBe(false);
    expect(wrong.detail).toContain('never with {"key":"name"}');
    expect((await check({ type: 'tool', name: 'set_mood_score' })).detail).toBe('never called set_mood_score');
    expect(await check({ type: 'memory_key', key: 'hobby' })).toMatchObject({ passed: true, turn: 2 });
    expect((await check({ type: 'memory_key', key: 'pet' })).detail).toBe('memory key "pet" was never set (set: hobby)');
    expect(await check({ type: 'mood' })).toMatchObject({ passed: false, detail: 'no mood score was set' });
  });

  test('budgets: p95 latency and cost against their limits', () => {
    expect(percentile([1, 2, 3, 4, 100], 95)).toBe(100);
    const [latency, cost] = budgetChecks([10, 20, 5000], 0.6, { latencyP95Ms: 3000, costUsd: 0.5 });
    expect(latency).toMatchObject({ passed: false, detail: 'p95 5000 ms (limit 3000 ms)' });
    expect(cost).toMatchObject({ passed: false, detail: '$0.6000 (limit $0.50)' });
    expect(budgetChecks([10], 0).every((c) => c.passed)).toBe(true);
  });
});
