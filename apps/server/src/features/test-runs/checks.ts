import type { TextAi } from '../../providers/text-ai';
import type { TestRunAi } from './ai';
import type { TurnRecord } from './driver';
import type { TestCase } from './model';

/**
 * The checks of one attempt (PRODUCT §10): each expectation of the case, decided on the session's own events
 * (prompts, tool calls) and on what the scratch member holds afterwards (memory, mood), or judged by the text
 * provider; then the standing ones (privacy canary, budgets). Each failed check says in words what failed and at
 * which turn.
 */

export interface Check {
  expectation: string;
  passed: boolean;
  turn: number | null;
  detail: string;
}

/** Turn latency p95 and cost per attempt that an attempt must stay within. */
export const BUDGETS = { latencyP95Ms: 3000, costUsd: 0.5 };

export interface AttemptFacts {
  transcript: TurnRecord[];
  startPrompt: string;
  memoryKeys: string[];
  moodSet: boolean;
}

type Expectation = TestCase['expect'][number];

export function describeExpectation(e: Expectation): string {
  switch (e.type) {
    case 'reaches':
      return e.within ? `reaches "${e.prompt}" within ${e.within} assistant turns` : `reaches "${e.prompt}"`;
    case 'never_reaches':
      return `never reaches "${e.prompt}"`;
    case 'tool':
      return e.args ? `calls ${e.name} with ${JSON.stringify(e.args)}` : `calls ${e.name}`;
    case 'memory_key':
      return `sets memory key "${e.key}"`;
    case 'mood':
      return 'sets a mood score';
    case 'judged':
      return `judged: ${e.criterion}`;
  }
}

const assistantTurns = (t: TurnRecord[]) => t.filter((l) => l.role === 'assistant');

/** The first assistant turn spoken at `prompt`, or null. */
function firstTurnAt(transcript: TurnRecord[], prompt: string): number | null {
  return assistantTurns(transcript).find((l) => l.prompt === prompt)?.turn ?? null;
}

/** Every argument the expectation names has that value in the call (strings compared without case or edge spaces). */
export function argsMatch(expected: unknown, actual: unknown): boolean {
  if (expected === undefined || expected === null) return true;
  if (typeof expected !== 'object' || Array.isArray(expected)) return false;
  if (!actual || typeof actual !== 'object') return false;
  return Object.entries(expected as Record<string, unknown>).every(([key, want]) => {
    const got = (actual as Record<string, unknown>)[key];
    if (typeof want === 'string' && typeof got === 'string') return want.trim().toLowerCase() === got.trim().toLowerCase();
    return JSON.stringify(want) === JSON.stringify(got);
  });
}

function deterministic(e: Exclude<Expectation, { type: 'judged' }>, facts: AttemptFacts): Check {
  const expectation = describeExpectation(e);
  const { transcript } = facts;
  switch (e.type) {
    case 'reaches': {
      const turn = firstTurnAt(transcript, e.prompt);
      if (turn === null) return { expectation, passed: false, turn: null, detail: `never reached "${e.prompt}"` };
      if (e.within && turn > e.within)
        return {
          expectation,
          passed: false,
          turn,
          detail: `did not reach "${e.prompt}" within ${e.within} assistant turns (reached at turn ${turn})`,
        };
      return { expectation, passed: true, turn, detail: `reached "${e.prompt}" at turn ${turn}` };
    }
    case 'never_reaches': {
      const turn = firstTurnAt(transcript, e.prompt);
      return turn === null
        ? { expectation, passed: true, turn: null, detail: `never reached "${e.prompt}"` }
        : { expectation, passed: false, turn, detail: `reached "${e.prompt}" at turn ${turn}` };
    }
    case 'tool': {
      const calls = assistantTurns(transcript).flatMap((l) => l.tools.filter((c) => c.name === e.name).map((c) => ({ c, turn: l.turn })));
      const hit = calls.find(({ c }) => argsMatch(e.args, c.args));
      if (hit) return { expectation, passed: true, turn: hit.turn, detail: `called ${e.name} at turn ${hit.turn}` };
      const detail =
        calls.length === 0
          ? `never called ${e.name}`
          : `called ${e.name} ${calls.length} time(s), never with ${JSON.stringify(e.args)} (first: ${JSON.stringify(calls[0].c.args)} at turn ${calls[0].turn})`;
      return { expectation, passed: false, turn: calls[0]?.turn ?? null, detail };
    }
    case 'memory_key': {
      const call = assistantTurns(transcript).find((l) =>
        l.tools.some((c) => c.name === 'set_memory' && (c.args as { key?: string })?.key === e.key),
      );
      return facts.memoryKeys.includes(e.key)
        ? {
            expectation,
            passed: true,
            turn: call?.turn ?? null,
            detail: `memory key "${e.key}" was set${call ? ` at turn ${call.turn}` : ''}`,
          }
        : {
            expectation,
            passed: false,
            turn: null,
            detail: `memory key "${e.key}" was never set (set: ${facts.memoryKeys.join(', ') || 'none'})`,
          };
    }
    case 'mood': {
      const call = assistantTurns(transcript).find((l) => l.tools.some((c) => c.name === 'set_mood_score'));
      return facts.moodSet
        ? { expectation, passed: true, turn: call?.turn ?? null, detail: `a mood score was set${call ? ` at turn ${call.turn}` : ''}` }
        : { expectation, passed: false, turn: null, detail: 'no mood score was set' };
    }
  }
}

export async function checkExpectations(
  c: TestCase,
  facts: AttemptFacts,
  judge: { text: TextAi; ai: Pick<TestRunAi, 'judgeCriterion'> },
): Promise<{ checks: Check[]; costUsd: number }> {
  let costUsd = 0;
  const lines = facts.transcript.map((t) => ({ role: t.role, text: t.text }));
  const checks: Check[] = [];
  for (const e of c.expect) {
    if (e.type !== 'judged') {
      checks.push(deterministic(e, facts));
      continue;
    }
    const verdict = await judge.ai.judgeCriterion(judge.text, { criterion: e.criterion, pass: e.pass, fail: e.fail, transcript: lines });
    costUsd += verdict.costUsd;
    const how = verdict.byKeywords ? ' (decided by keywords)' : '';
    checks.push({
      expectation: describeExpectation(e),
      passed: verdict.passed,
      turn: null,
      detail: `${verdict.passed ? 'met' : 'not met'}: ${verdict.reason}${how}`,
    });
  }
  return { checks, costUsd };
}

/** The nearest-rank percentile of `values` (null when empty). */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export function budgetChecks(latencies: number[], costUsd: number, budgets = BUDGETS): Check[] {
  const p95 = percentile(latencies, 95);
  return [
    {
      expectation: `turn latency p95 within ${budgets.latencyP95Ms} ms`,
      passed: p95 === null || p95 <= budgets.latencyP95Ms,
      turn: null,
      detail: p95 === null ? 'no timed turns' : `p95 ${p95} ms (limit ${budgets.latencyP95Ms} ms)`,
    },
    {
      expectation: `cost within $${budgets.costUsd.toFixed(2)}`,
      passed: costUsd <= budgets.costUsd,
      turn: null,
      detail: `$${costUsd.toFixed(4)} (limit $${budgets.costUsd.toFixed(2)})`,
    },
  ];
}
