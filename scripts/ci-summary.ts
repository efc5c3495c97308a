// Sums the test counts that bun test and Playwright printed into one closing line for CI.
import { readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  const text = readFileSync(file, 'utf8').replace(/\x1b\[[0-9;]*m/g, '');
  for (const line of text.split('\n')) {
    const bun = line.match(/^\s*(\d+) (pass|fail|skip)\s*$/);
    // Playwright's, possibly marked with the name of one of scripts/e2e.ts's side-by-side runs ("[voice]   40 passed").
    const pw = line.match(/^(?:\[[\w-]+\] )?\s*(\d+) (passed|failed|skipped|flaky)\b/);
    const m = bun ?? pw;
    if (!m) continue;
    const n = Number(m[1]);
    if (m[2].startsWith('pass')) passed += n;
    else if (m[2].startsWith('fail')) failed += n;
    else skipped += n;
  }
}
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
if (passed === 0 || failed > 0) process.exit(1);
