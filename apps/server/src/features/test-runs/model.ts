import { TOOL_NAMES } from '@hearth/protocol';
import { t } from 'elysia';

/**
 * PRODUCT §10 test cases, fixed shape: `{ name, persona, memory?, profile?, startPrompt?, opening?, turnLimit,
 * repeats?, threshold?, expect: [...] }`. The turn limit is SPEC's testing-page message limit (at least 1; at most
 * 50 here so a suite stays quick); repeats default to 3 and the threshold to 1 (every repeat must pass).
 */

export const MAX_TURN_LIMIT = 50;
export const DEFAULT_REPEATS = 3;
export const DEFAULT_THRESHOLD = 1;

const promptName = t.String({ minLength: 1, maxLength: 200 });
const text = (maxLength: number) => t.String({ minLength: 1, maxLength });

export const expectation = t.Union([
  t.Object({ type: t.Literal('reaches'), prompt: promptName, within: t.Optional(t.Integer({ minimum: 1, maximum: MAX_TURN_LIMIT })) }),
  t.Object({ type: t.Literal('never_reaches'), prompt: promptName }),
  t.Object({
    type: t.Literal('tool'),
    name: t.UnionEnum(TOOL_NAMES),
    // The arguments the call must carry (an object; service.ts checks it). Not t.Object: Elysia's body coercion
    // turns a string into an object of its characters instead of refusing it.
    args: t.Optional(t.Unknown()),
  }),
  t.Object({ type: t.Literal('memory_key'), key: text(100) }),
  t.Object({ type: t.Literal('mood') }),
  t.Object({ type: t.Literal('judged'), criterion: text(1000), pass: text(2000), fail: text(2000) }),
]);

export const testCaseBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 100 }),
  persona: text(2000),
  memory: t.Optional(t.String({ maxLength: 10_000 })),
  profile: t.Optional(t.String({ maxLength: 10_000 })),
  startPrompt: t.Optional(promptName),
  opening: t.Optional(t.String({ maxLength: 1000 })),
  turnLimit: t.Integer({ minimum: 1, maximum: MAX_TURN_LIMIT }),
  repeats: t.Optional(t.Integer({ minimum: 1, maximum: 10 })),
  threshold: t.Optional(t.Number({ minimum: 0, maximum: 1 })),
  expect: t.Array(expectation, { maxItems: 30 }),
});

export type TestCase = typeof testCaseBody.static;

export const sequenceParams = t.Object({ sequence: t.String({ minLength: 1, maxLength: 300 }) });
export const caseParams = t.Object({
  sequence: t.String({ minLength: 1, maxLength: 300 }),
  caseId: t.String({ minLength: 1, maxLength: 100 }),
});

// ---- Answers ----

export const casesAnswer = t.Object({ cases: t.Array(t.Object({ caseId: t.String(), ...testCaseBody.properties })) });
export const caseIdAnswer = t.Object({ caseId: t.String() });
export const deletedAnswer = t.Object({ deleted: t.Literal(true) });
