// Runs the Playwright browser tests in Debian's Chromium (browsers cannot be downloaded here).
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package");
    const r = Bun.spawnSync(
      ['bash', '-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium sox espeak-ng'],
      { stdout: 'inherit', stderr: 'inherit' },
    );
    if (r.exitCode !== 0) process.exit(r.exitCode ?? 1);
  } else {
    console.error(`Chromium not found at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`);
    process.exit(1);
  }
}
const playwright = async (args: string[]) => {
  const proc = Bun.spawn(['bunx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...args], {
    stdout: 'inherit',
    stderr: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium },
  });
  return proc.exited;
};
const args = process.argv.slice(2);
// The whole suite: the screens two files at a time, then the timed and counting files alone (e2e/playwright.config.ts),
// each on a fresh server. Both run even if the first fails, so one run reports every test. With files, a -g, a
// --project or a benchmark, one run as asked.
const whole = !process.env.HEARTH_BENCH && args.every((arg) => arg.startsWith('--reporter'));
if (!whole) process.exit(await playwright(args));
const screens = await playwright(['--project=screens', ...args]);
const alone = await playwright(['--project=alone', ...args]);
process.exit(screens || alone);
