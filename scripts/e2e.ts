// Runs the Playwright browser tests in Debian's Chromium (browsers cannot be downloaded here).
//
// The browser: Debian's `chromium-headless-shell`, the browser Playwright itself runs headless tests in. It costs
// about 40 % less CPU than full Chromium in headless mode (the same two files: 145 against 247 CPU-s on a 2-core
// machine). Full Chromium is used when only it is installed, or whichever CHROMIUM_PATH names.
//
// The whole suite (no arguments) runs as two Playwright runs side by side, each with its own server and its own
// embedded database, so no test sees another's data: the voice files (mostly waiting on real-time audio) and the
// screens (mostly CPU). With the headless shell one run left the 2 cores a third busy. E2E_SHARDS=1 runs one.
// With DATABASE_URL set the servers would share one database, so the suite runs as one. Arguments (files, -g …)
// run one Playwright run with them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { chromiumPath } from '../e2e/fixtures/env.ts';

let chromium = chromiumPath();
if (!chromium || !existsSync(chromium)) {
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log("Chromium is missing: installing Debian's chromium-headless-shell package");
    const r = Bun.spawnSync(
      ['bash', '-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell sox espeak-ng'],
      { stdout: 'inherit', stderr: 'inherit' },
    );
    if (r.exitCode !== 0) process.exit(r.exitCode ?? 1);
    chromium = chromiumPath();
  } else {
    console.error(
      `Chromium not found${chromium ? ` at ${chromium}` : ''}. Install it with: sudo apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
}
console.log(`browser: ${chromium}`);

/**
 * The files that time real audio (a fake microphone's phrase, the voice thresholds): they wait more than they work.
 * The Users screen's actions file runs with them too, so the two runs end together (measured on a 2-core machine
 * side by side: voice files 683 s, screens 807 s, before it moved).
 */
const VOICE =
  /^(echo|voice-[\w-]+|turn-detection|user-page[\w-]*|console|testing-page|test-runs|community-loop|admin-users-actions)\.e2e\.ts$/;

const repoDir = join(import.meta.dir, '..');
const basePort = Number(process.env.E2E_PORT) || 3917;
const args = process.argv.slice(2);
const shards = args.length > 0 || process.env.DATABASE_URL ? 1 : Number(process.env.E2E_SHARDS ?? 2);

const playwright = (extra: string[], env: Record<string, string>) =>
  Bun.spawn(['bunx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...extra], {
    cwd: repoDir,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { ...process.env, CHROMIUM_PATH: chromium, ...env },
  });

/** Copies a run's output line by line, each line marked with the run's name (two runs print at once). */
async function relay(stream: ReadableStream<Uint8Array>, prefix: string, out: NodeJS.WriteStream) {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of stream) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) out.write(lines.map((line) => `${prefix}${line}\n`).join(''));
  }
  if (rest) out.write(`${prefix}${rest}\n`);
}

async function runOne(name: string, extra: string[], env: Record<string, string>): Promise<number> {
  const proc = playwright(extra, env);
  const prefix = name ? `[${name}] ` : '';
  await Promise.all([relay(proc.stdout, prefix, process.stdout), relay(proc.stderr, prefix, process.stderr)]);
  return proc.exited;
}

if (shards <= 1) {
  process.exit(await runOne('', args, {}));
}

// Built once here: two servers building apps/web/dist at the same moment would trip over each other.
const built = Bun.spawnSync(['bun', 'apps/web/build.ts'], { cwd: repoDir, stdout: 'inherit', stderr: 'inherit' });
if (built.exitCode !== 0) process.exit(built.exitCode ?? 1);

const files = readdirSync(join(repoDir, 'e2e'))
  .filter((name) => name.endsWith('.e2e.ts'))
  .sort();
const groups = [
  { name: 'voice', files: files.filter((name) => VOICE.test(name)) },
  { name: 'screens', files: files.filter((name) => !VOICE.test(name)) },
];
const started = performance.now();
const codes = await Promise.all(
  groups.map(async (group, i) => {
    const code = await runOne(
      group.name,
      group.files.map((name) => `e2e/${name}`),
      {
        E2E_PORT: String(basePort + i),
        E2E_SHARD: group.name,
        HEARTH_E2E_BUILT: '1',
      },
    );
    console.log(`[${group.name}] ${group.files.length} files, exit ${code}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return code;
  }),
);
process.exit(codes.find((code) => code !== 0) ?? 0);
