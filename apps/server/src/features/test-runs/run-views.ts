import type { SequentialPrompt, TestAttemptStatus } from '@hearth/db/schema';
import type { AttemptResult } from './attempt';
import { DEFAULT_REPEATS, DEFAULT_THRESHOLD, type TestCase } from './model';

/**
 * What a run's attempts add up to (PRODUCT §10): per case its finished repeats, passes, verdict and failures in
 * words; coverage of the version's graph (attempts reaching each prompt, taking each edge) and transition verdicts.
 */

export interface AttemptRow {
  case_id: string;
  case_name: string;
  case_snapshot: Record<string, unknown>;
  repeat: number;
  status: TestAttemptStatus;
  result: Record<string, unknown> | null;
}

const FINISHED: ReadonlySet<TestAttemptStatus> = new Set(['passed', 'failed', 'error']);

const resultOf = (a: AttemptRow) => (a.status === 'passed' || a.status === 'failed' ? (a.result as unknown as AttemptResult | null) : null);

function failuresOf(a: AttemptRow): string[] {
  if (a.status === 'error') return [`Repeat ${a.repeat}: the attempt could not run (${String(a.result?.error ?? 'unknown error')})`];
  const r = resultOf(a);
  if (a.status !== 'failed' || !r) return [];
  return r.checks.filter((c) => !c.passed).map((c) => `Repeat ${a.repeat}: ${c.detail}`);
}

export function caseViews(caseIds: string[], attempts: AttemptRow[]) {
  const byCase = new Map<string, AttemptRow[]>();
  for (const a of attempts) byCase.set(a.case_id, [...(byCase.get(a.case_id) ?? []), a]);
  return caseIds
    .filter((id) => byCase.has(id))
    .map((caseId) => {
      const list = byCase.get(caseId)!.sort((a, b) => a.repeat - b.repeat);
      const snapshot = list[0].case_snapshot as Partial<TestCase>;
      const repeats = list.length || snapshot.repeats || DEFAULT_REPEATS;
      const threshold = snapshot.threshold ?? DEFAULT_THRESHOLD;
      const runs = list.filter((a) => FINISHED.has(a.status)).length;
      const passes = list.filter((a) => a.status === 'passed').length;
      return {
        caseId,
        name: list[0].case_name,
        runs,
        passes,
        // Decided once every repeat has finished; a rate a hair under the threshold by rounding still passes.
        passed: runs === repeats && passes / repeats >= threshold - 1e-9,
        failures: list.flatMap(failuresOf),
        repeats,
        threshold,
        list,
      };
    });
}

export function coverage(prompts: SequentialPrompt[], attempts: AttemptRow[]) {
  const results = attempts.map(resultOf).filter((r): r is AttemptResult => r !== null);
  const reached: Record<string, number> = Object.fromEntries(prompts.map((p) => [p.name, 0]));
  const edgeKey = (from: string, to: string) => `${from}\u0000${to}`;
  const edges = new Map<string, { from: string; to: string; taken: number }>();
  for (const p of prompts) if (p.next_prompt) edges.set(edgeKey(p.name, p.next_prompt), { from: p.name, to: p.next_prompt, taken: 0 });
  const verdicts = new Map<string, { from: string; to: string; premature: number; onTime: number; missed: number }>();
  for (const r of results) {
    for (const name of new Set(r.promptPath)) reached[name] = (reached[name] ?? 0) + 1;
    const taken = new Set<string>();
    for (let i = 1; i < r.promptPath.length; i++) taken.add(edgeKey(r.promptPath[i - 1], r.promptPath[i]));
    for (const k of taken) {
      const [from, to] = k.split('\u0000');
      const e = edges.get(k) ?? { from, to, taken: 0 };
      e.taken++;
      edges.set(k, e);
    }
    for (const t of r.transitions) {
      const k = edgeKey(t.from, t.to);
      const v = verdicts.get(k) ?? { from: t.from, to: t.to, premature: 0, onTime: 0, missed: 0 };
      if (t.verdict === 'premature') v.premature++;
      else if (t.verdict === 'on_time') v.onTime++;
      else v.missed++;
      verdicts.set(k, v);
    }
  }
  return { attempts: results.length, prompts: reached, edges: [...edges.values()], transitions: [...verdicts.values()] };
}

export function attemptDetail(a: AttemptRow) {
  const r = resultOf(a);
  return {
    repeat: a.repeat,
    status: a.status,
    turns: r?.turns ?? 0,
    promptPath: r?.promptPath ?? [],
    latencyMs: r?.latencyMs ?? { p50: null, p95: null },
    costUsd: r?.costUsd ?? 0,
    checks:
      a.status === 'error'
        ? [{ expectation: 'the attempt runs', passed: false, turn: null, detail: String(a.result?.error ?? 'unknown error') }]
        : (r?.checks ?? []),
    transcript: r?.transcript ?? [],
    transitions: r?.transitions ?? [],
  };
}

export const progressOf = (attempts: AttemptRow[]) => ({
  done: attempts.filter((a) => FINISHED.has(a.status)).length,
  total: attempts.length,
});
