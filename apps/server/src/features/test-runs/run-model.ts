import { t } from 'elysia';

/** PRODUCT §10 test runs: the request and the answers (summary, the run view's detail, the list). */

export const MAX_RUN_REPEATS = 10;

export const createRunBody = t.Object({
  sequence: t.String({ minLength: 1, maxLength: 300 }),
  version: t.Integer({ minimum: 1 }),
  caseIds: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 100 }), { maxItems: 200 })),
  repeats: t.Optional(t.Integer({ minimum: 1, maximum: MAX_RUN_REPEATS })),
});
export type CreateRun = typeof createRunBody.static;

export const runParams = t.Object({ runId: t.String({ minLength: 1, maxLength: 100 }) });
export const listQuery = t.Object({ sequence: t.String({ minLength: 1, maxLength: 300 }) });

const runStatus = t.UnionEnum(['queued', 'running', 'done', 'failed']);
const attemptStatus = t.UnionEnum(['queued', 'running', 'passed', 'failed', 'error']);
const nullableNumber = t.Union([t.Number(), t.Null()]);
const edge = t.Object({ from: t.String(), to: t.String(), taken: t.Integer() });

export const runIdAnswer = t.Object({ runId: t.String() });

const caseSummary = {
  caseId: t.String(),
  name: t.String(),
  runs: t.Integer(),
  passes: t.Integer(),
  passed: t.Boolean(),
  failures: t.Array(t.String()),
};

export const runSummaryAnswer = t.Object({
  status: runStatus,
  sequence: t.String(),
  version: t.Integer(),
  cases: t.Array(t.Object(caseSummary)),
  coverage: t.Object({ prompts: t.Record(t.String(), t.Integer()), edges: t.Array(edge) }),
});

const tool = t.Object({ name: t.String(), args: t.Unknown(), output: t.Unknown() });

export const attemptView = t.Object({
  repeat: t.Integer(),
  status: attemptStatus,
  turns: t.Integer(),
  promptPath: t.Array(t.String()),
  latencyMs: t.Object({ p50: nullableNumber, p95: nullableNumber }),
  costUsd: t.Number(),
  checks: t.Array(t.Object({ expectation: t.String(), passed: t.Boolean(), turn: nullableNumber, detail: t.String() })),
  transcript: t.Array(
    t.Object({
      turn: t.Integer(),
      role: t.UnionEnum(['member', 'assistant']),
      text: t.String(),
      prompt: t.String(),
      tools: t.Array(tool),
      latencyMs: nullableNumber,
    }),
  ),
  transitions: t.Array(
    t.Object({
      from: t.String(),
      to: t.String(),
      turn: nullableNumber,
      verdict: t.UnionEnum(['premature', 'on_time', 'missed']),
      reason: t.String(),
    }),
  ),
});

export const runDetailAnswer = t.Object({
  runId: t.String(),
  status: runStatus,
  sequence: t.String(),
  version: t.Integer(),
  provider: t.UnionEnum(['local', 'openai']),
  judge: t.UnionEnum(['keywords', 'model']),
  createdAt: t.String(),
  finishedAt: t.Union([t.String(), t.Null()]),
  progress: t.Object({ done: t.Integer(), total: t.Integer() }),
  graph: t.Object({ prompts: t.Array(t.Object({ name: t.String(), next: t.String(), trigger: t.String() })) }),
  budgets: t.Object({ latencyP95Ms: t.Number(), costUsd: t.Number() }),
  cases: t.Array(t.Object({ ...caseSummary, repeats: t.Integer(), threshold: t.Number(), attempts: t.Array(attemptView) })),
  coverage: t.Object({
    attempts: t.Integer(),
    prompts: t.Record(t.String(), t.Integer()),
    edges: t.Array(edge),
    transitions: t.Array(t.Object({ from: t.String(), to: t.String(), premature: t.Integer(), onTime: t.Integer(), missed: t.Integer() })),
  }),
});

export const runListAnswer = t.Object({
  runs: t.Array(
    t.Object({
      runId: t.String(),
      sequence: t.String(),
      version: t.Integer(),
      status: runStatus,
      provider: t.UnionEnum(['local', 'openai']),
      createdAt: t.String(),
      finishedAt: t.Union([t.String(), t.Null()]),
      progress: t.Object({ done: t.Integer(), total: t.Integer() }),
      casesPassed: t.Integer(),
      casesFailed: t.Integer(),
    }),
  ),
});
