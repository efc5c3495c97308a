// The README's test command (`bun run test`), in timed phases: install; typecheck, format check and web build side
// by side; every bun test file, two at a time (`--parallel`); the browser tests. `bun run test:db` (`db` here) runs
// only the files that use a database (scripts/test-files.ts), again two at a time: CI runs it on PostgreSQL after
// the whole suite on PGlite. Each phase prints its wall time, and a table of them closes the run.
// No package is imported here: the first phase installs them.
import { testFiles } from './test-files.ts';

const TEST_WORKERS = process.env.TEST_WORKERS ?? '2';
const timings: { phase: string; seconds: number }[] = [];

async function run(cmd: string[]): Promise<number> {
  const proc = Bun.spawn(cmd, { stdout: 'inherit', stderr: 'inherit' });
  return proc.exited;
}

/** Runs the commands of one phase side by side; the phase fails if any of them does. */
async function phase(name: string, commands: string[][]) {
  console.log(`\n== ${name}`);
  const started = performance.now();
  const codes = await Promise.all(commands.map((cmd) => run(cmd)));
  const seconds = (performance.now() - started) / 1000;
  timings.push({ phase: name, seconds });
  console.log(`== ${name}: ${seconds.toFixed(1)} s`);
  const failed = codes.findIndex((code) => code !== 0);
  if (failed >= 0) {
    printTimings();
    console.error(`\n${name} failed: ${commands[failed]!.join(' ')} exited with ${codes[failed]}`);
    process.exit(codes[failed] || 1);
  }
}

function printTimings() {
  console.log('\nphase wall times:');
  for (const { phase, seconds } of timings) console.log(`  ${phase.padEnd(44)} ${seconds.toFixed(1).padStart(7)} s`);
}

// --no-isolate: each worker keeps its modules across the files it runs, so the test harness builds its template
// database once per worker; isolated, every file migrated and seeded its own (669 s for the suite instead of 224 s).
const bunTest = (files: string[] = []) => ['bun', 'test', '--timeout', '60000', `--parallel=${TEST_WORKERS}`, '--no-isolate', ...files];
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

if (process.argv[2] === 'db') {
  const { database: files } = testFiles(['apps/server', 'db']);
  await phase(`bun test: the ${files.length} files that use a database (${database})`, [bunTest(files)]);
} else {
  await phase('install', [['bun', 'install', '--frozen-lockfile']]);
  await phase('typecheck, format check, web build', [
    ['bun', 'run', 'typecheck'],
    ['bun', 'run', 'format:check'],
    ['bun', 'run', 'build:web'],
  ]);
  await phase(`bun test: every file (${database})`, [bunTest()]);
  await phase('browser tests (Playwright)', [['bun', 'scripts/e2e.ts']]);
}
printTimings();
