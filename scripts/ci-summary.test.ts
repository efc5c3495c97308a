import { describe, expect, test } from 'bun:test';
import { countTests } from './ci-summary';

describe('countTests', () => {
  test('bun test and Playwright counts, with the side-by-side runs’ marks, a flaky test said apart', () => {
    const bun = ['(pass) a > b [1.00ms]', ' 1639 pass', ' 3 skip', ' 0 fail', 'Ran 1642 tests'].join('\n');
    const playwright = [
      '[voice]   ✘   9 e2e/echo.e2e.ts:18:3 › talking over speakers (33.2s)',
      '[screens]   60 passed (9.1m)',
      '\u001b[33m[voice]   1 flaky\u001b[39m',
      '[voice]   40 passed (10.4m)',
      '[voice] [WebServer] {"msg":"voice session ended","postChat":"skipped"}',
    ].join('\n');
    expect(countTests([bun, playwright])).toEqual({ passed: 1739, failed: 0, skipped: 3, flaky: 1 });
  });

  test('failures are counted from either runner', () => {
    expect(countTests([' 2 fail', '[screens]   1 failed'])).toMatchObject({ failed: 3 });
  });
});
