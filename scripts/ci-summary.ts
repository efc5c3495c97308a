// Sums the test counts that bun test and Playwright printed into one closing line for CI.
import { readFileSync } from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** Playwright tests that failed and then passed on their retry: passed, but said apart, never hidden. */
  flaky: number;
}

export function countTests(texts: string[]): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  for (const raw of texts) {
    const text = raw.replace(/\x1b\[[0-9;]*m/g, '');
    for (const line of text.split('\n')) {
      const bun = line.match(/^\s*(\d+) (pass|fail|skip)\s*$/);
      // Playwright's, possibly marked with the name of one of scripts/e2e.ts's side-by-side runs ("[voice]   40 passed").
      const pw = line.match(/^(?:\[[\w-]+\] )?\s*(\d+) (passed|failed|skipped|flaky)\b/);
      const m = bun ?? pw;
      if (!m) continue;
      const n = Number(m[1]);
      if (m[2].startsWith('pass')) counts.passed += n;
      else if (m[2].startsWith('fail')) counts.failed += n;
      else if (m[2] === 'flaky') counts.flaky += n;
      else counts.skipped += n;
    }
  }
  return counts;
}

if (import.meta.main) {
  const { passed, failed, skipped, flaky } = countTests(process.argv.slice(2).map((file) => readFileSync(file, 'utf8')));
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? `, ${flaky} flaky (passed on a retry)` : ''}`);
  if (passed === 0 || failed > 0) process.exit(1);
}
