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
const proc = Bun.spawn(['bunx', 'playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
  stdout: 'inherit',
  stderr: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(await proc.exited);
