import { describe, expect, test } from 'bun:test';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { firstError, lintText, lintVersion, type LintIssue } from './sequence-lint';

/** A prompt that passes every rule; `next` is its next_prompt. */
const prompt = (name: string, next = '', extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name} description`,
  prompt: `${name} prompt`,
  trigger_condition: `${name} trigger`,
  next_prompt: next,
  ...extra,
});
const version = (...prompts: unknown[]) => ({ module_prompt: 'About this module', sequential_prompts: prompts });
/** A clean chain a → b → c. */
const chain = () => [prompt('a', 'b'), prompt('b', 'c'), prompt('c')];

const messages = (issues: LintIssue[], severity?: LintIssue['severity']) =>
  issues.filter((i) => !severity || i.severity === severity).map((i) => i.message);

describe('lintVersion: shape errors', () => {
  test('a clean chain has no issues', () => {
    expect(lintVersion(version(...chain()))).toEqual([]);
    expect(lintVersion({ version: 3, archived: false, global_prompt: null, ...version(prompt('only')) })).toEqual([]);
  });

  test('not a version object', () => {
    for (const value of [null, 'text', 3, [version(prompt('a'))]]) {
      expect(messages(lintVersion(value))).toEqual(['The version must be an object with module_prompt and sequential_prompts']);
    }
  });

  test('unknown version fields, module_prompt not a string, a global_prompt', () => {
    const issues = lintVersion({ ...version(prompt('a')), module_prompt: 4, colour: 'red', global_prompt: 'g' });
    expect(messages(issues)).toEqual([
      'Unknown field "colour" in the version',
      'module_prompt must be a string',
      'Only global_prompt.json has a global_prompt',
    ]);
    expect(issues.map((i) => i.field).sort()).toEqual(['colour', 'global_prompt', 'module_prompt']);
  });

  test('sequential_prompts missing, not a list, or empty', () => {
    expect(messages(lintVersion({ module_prompt: 'm' }))).toEqual(['sequential_prompts must be a list of prompts']);
    expect(messages(lintVersion({ module_prompt: 'm', sequential_prompts: { a: 1 } }))).toEqual([
      'sequential_prompts must be a list of prompts',
    ]);
    expect(messages(lintVersion({ module_prompt: 'm', sequential_prompts: [] }))).toEqual([
      'sequential_prompts must have at least one prompt',
    ]);
  });

  test('a prompt that is not an object, has a non-string field, an unknown field or a bad archived flag', () => {
    const issues = lintVersion(
      version(
        prompt('a', 'b'),
        'text',
        { ...prompt('b'), trigger_condition: 3, trigger_conditon: 'typo' },
        { ...prompt('c'), archived: 'yes' },
        { ...prompt('d'), name: 7 },
      ),
    );
    expect(issues.every((i) => i.severity === 'error' || i.message.includes('never reached'))).toBe(true);
    expect(messages(issues, 'error')).toEqual([
      'sequential_prompts[1] must be an object with name, description, prompt, trigger_condition, next_prompt',
      'Prompt "b": unknown field "trigger_conditon"',
      'Prompt "b": trigger_condition must be a string',
      'Prompt "c": archived must be true or false',
      'sequential_prompts[4]: name must be a string',
    ]);
    expect(issues.find((i) => i.message.includes('trigger_condition must'))).toMatchObject({
      promptIndex: 2,
      promptName: 'b',
      field: 'trigger_condition',
    });
  });
});

describe('lintVersion: reasoning_effort', () => {
  test('each of the five efforts is accepted, as is a prompt without one', () => {
    for (const effort of ['minimal', 'low', 'medium', 'high', 'xhigh']) {
      expect(lintVersion(version(prompt('a', '', { reasoning_effort: effort })))).toEqual([]);
    }
  });

  test('any other value is an error naming the prompt, the field and the allowed values', () => {
    for (const effort of ['High', 'max', '', 3, null]) {
      const issues = lintVersion(version(prompt('a', 'b'), prompt('b', '', { reasoning_effort: effort })));
      expect(issues).toEqual([
        {
          severity: 'error',
          message: 'Prompt "b": reasoning_effort must be one of "minimal", "low", "medium", "high", "xhigh" (or left out)',
          promptIndex: 1,
          promptName: 'b',
          field: 'reasoning_effort',
        },
      ]);
    }
  });
});

describe('lintVersion: content errors', () => {
  test('a blank name', () => {
    const issues = lintVersion(version(prompt('a'), prompt('  ')));
    expect(issues).toEqual([
      { severity: 'error', message: 'sequential_prompts[1]: name must not be empty', promptIndex: 1, promptName: undefined, field: 'name' },
    ]);
  });

  test('a blank prompt text (only a warning on an archived prompt)', () => {
    expect(lintVersion(version(prompt('a', '', { prompt: ' \n ' })))).toMatchObject([
      { severity: 'error', message: 'Prompt "a": prompt must not be empty', promptIndex: 0, field: 'prompt' },
    ]);
    const archived = lintVersion(version(prompt('a'), prompt('old', '', { prompt: '', archived: true })));
    expect(firstError(archived)).toBeUndefined();
    expect(messages(archived, 'warning')).toEqual(['Prompt "old": prompt must not be empty']);
  });

  test('duplicate names, compared after trimming', () => {
    const issues = lintVersion(version(prompt('a', 'b'), prompt('b'), prompt(' a ')));
    expect(messages(issues, 'error')).toEqual(['Prompt "a": the name is already used by sequential_prompts[0]']);
    expect(firstError(issues)).toMatchObject({ promptIndex: 2, field: 'name' });
  });

  test('a next_prompt that names no prompt of the version', () => {
    const issues = lintVersion(version(prompt('greeting', 'wrap_up'), prompt('goodbye')));
    expect(firstError(issues)).toEqual({
      severity: 'error',
      message: 'Prompt "greeting": next_prompt "wrap_up" names no prompt of this version',
      promptIndex: 0,
      promptName: 'greeting',
      field: 'next_prompt',
    });
    expect(firstError(lintVersion(version(prompt('greeting', ' goodbye '), prompt('goodbye'))))).toBeUndefined();
  });

  test('an archived prompt is a prompt of the version; a dangling next_prompt on one only warns', () => {
    const toArchived = lintVersion(version(prompt('a', 'old'), prompt('old', '', { archived: true })));
    expect(firstError(toArchived)).toBeUndefined();
    expect(messages(toArchived, 'warning')).toEqual([
      'Prompt "a": next_prompt "old" names an archived prompt, which conversations leave out',
    ]);
    const fromArchived = lintVersion(version(prompt('a'), prompt('old', 'gone', { archived: true })));
    expect(firstError(fromArchived)).toBeUndefined();
    expect(messages(fromArchived, 'warning')).toEqual(['Prompt "old": next_prompt "gone" names no prompt of this version']);
  });
});

describe('lintVersion: flow warnings', () => {
  test('a prompt that no chain from the first prompt reaches', () => {
    const issues = lintVersion(version(prompt('a', 'c'), prompt('b', 'c'), prompt('c')));
    expect(issues).toEqual([
      {
        severity: 'warning',
        message: 'Prompt "b" is never reached: no next_prompt chain from the first prompt "a" leads to it',
        promptIndex: 1,
        promptName: 'b',
        field: undefined,
      },
    ]);
    // Archived prompts are out of conversations: not reaching them is expected.
    expect(lintVersion(version(prompt('a'), prompt('old', '', { archived: true })))).toEqual([]);
  });

  test('the chain from the first prompt loops without a way out', () => {
    const issues = lintVersion(version(prompt('start', 'b'), prompt('b', 'c'), prompt('c', 'b')));
    expect(issues).toMatchObject([
      {
        severity: 'warning',
        promptIndex: 1,
        message: 'next_prompt loops forever through "b" → "c" → "b": none of these prompts has an empty next_prompt to end on',
      },
    ]);
    expect(messages(lintVersion(version(prompt('self', 'self'))))).toEqual([
      'next_prompt loops forever through "self" → "self": none of these prompts has an empty next_prompt to end on',
    ]);
    // A loop off the path from the first prompt is only unreachable, not endless.
    expect(messages(lintVersion(version(prompt('a'), prompt('x', 'y'), prompt('y', 'x'))))).toEqual([
      'Prompt "x" is never reached: no next_prompt chain from the first prompt "a" leads to it',
      'Prompt "y" is never reached: no next_prompt chain from the first prompt "a" leads to it',
    ]);
  });

  test('a long loop is shortened in the message', () => {
    const names = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const issues = lintVersion(version(...names.map((n, i) => prompt(n, names[(i + 1) % names.length]))));
    expect(messages(issues)).toEqual([
      'next_prompt loops forever through "p0" → "p1" → "p2" → "p3" → "p4" → "p5" → "p6" → … (20 prompts): none of these prompts has an empty next_prompt to end on',
    ]);
  });

  test('an empty trigger_condition on a prompt that has a next_prompt', () => {
    expect(lintVersion(version(prompt('a', 'b', { trigger_condition: ' ' }), prompt('b')))).toEqual([
      {
        severity: 'warning',
        message: 'Prompt "a": trigger_condition is empty, so the assistant cannot tell when to move on to "b"',
        promptIndex: 0,
        promptName: 'a',
        field: 'trigger_condition',
      },
    ]);
    // The last prompt has nowhere to move on to.
    expect(lintVersion(version(prompt('a', 'b'), prompt('b', '', { trigger_condition: '' })))).toEqual([]);
  });
});

describe('lintVersion: order and speed', () => {
  test('errors first, then warnings, each in prompt order', () => {
    const issues = lintVersion({
      module_prompt: 1,
      sequential_prompts: [prompt('a', 'a'), prompt('b', 'zz', { trigger_condition: '' }), prompt('c', '', { prompt: '' })],
    });
    expect(issues.map((i) => [i.severity, i.promptIndex ?? null])).toEqual([
      ['error', null],
      ['error', 1],
      ['error', 2],
      ['warning', 0],
      ['warning', 1],
      ['warning', 1],
      ['warning', 2],
    ]);
  });

  test('a chain of 20,000 prompts (100 times the cap) lints clean', () => {
    const names = Array.from({ length: 20_000 }, (_, i) => `prompt_${i}`);
    const value = version(...names.map((n, i) => prompt(n, names[i + 1] ?? '')));
    expect(lintVersion(value)).toEqual([]);
  });

  test('the seeded modules have no errors and no warnings', () => {
    for (const module of Object.values(SEEDED_MODULES)) {
      expect(lintVersion({ module_prompt: module.module_prompt, sequential_prompts: module.prompts })).toEqual([]);
    }
  });
});

describe('lintText', () => {
  test('JSON text is parsed and linted; a byte-order mark is ignored', () => {
    const text = '\uFEFF' + JSON.stringify(version(prompt('greeting', 'wrap_up')), null, 2);
    const result = lintText(text);
    expect(result.value).toEqual(version(prompt('greeting', 'wrap_up')));
    expect(messages(result.issues)).toEqual(['Prompt "greeting": next_prompt "wrap_up" names no prompt of this version']);
    expect(lintText(JSON.stringify(version(...chain())))).toEqual({ value: version(...chain()), issues: [] });
  });

  test('text that is not JSON is one error with the parser message', () => {
    for (const text of ['{"module_prompt": ', '{"a":}', 'nul']) {
      const result = lintText(text);
      expect(result.value).toBeUndefined();
      expect(result.issues).toHaveLength(1);
      expect(result.issues[0].severity).toBe('error');
      expect(result.issues[0].message).toStartWith('Not valid JSON: ');
      expect(result.issues[0].message).not.toContain('JSON Parse error');
      expect(result.issues[0].message.length).toBeGreaterThan('Not valid JSON: '.length);
    }
    expect(lintText('  \n').issues).toEqual([{ severity: 'error', message: 'Not valid JSON: the text is empty' }]);
  });

  test('firstError skips warnings', () => {
    const warning: LintIssue = { severity: 'warning', message: 'w' };
    const error: LintIssue = { severity: 'error', message: 'e' };
    expect(firstError([warning, error])).toBe(error);
    expect(firstError([warning])).toBeUndefined();
  });
});
