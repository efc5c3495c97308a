import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { defineConfig } from '@playwright/test'

import { admin, artifactsDir, baseURL, chromiumPath, E2E_PORT, fakeMicWav, repoDir } from './fixtures/env.ts'

// The config is evaluated again in every worker: create the data directory once, in the runner, and hand it
// down through the environment (workers inherit it).
if (!process.env.HEARTH_E2E_DATA_DIR) {
  mkdirSync(artifactsDir, { recursive: true })
  removeStaleDataDirs()
  process.env.HEARTH_E2E_DATA_DIR = mkdtempSync(join(artifactsDir, 'data-'))
}

export default defineConfig({
  testDir: '.',
  // Benchmarks (e2e/bench/*.bench.ts) run only through their `bun run bench:…` script.
  testMatch: process.env.HEARTH_BENCH ? '**/bench/*.bench.ts' : '**/*.e2e.ts',
  testIgnore: '**/.artifacts/**',
  // Each of scripts/e2e.ts's side-by-side runs keeps its own (a run empties its output directory as it starts).
  outputDir: join(artifactsDir, process.env.E2E_SHARD ? `test-results-${process.env.E2E_SHARD}` : 'test-results'),
  // One file at a time: the suite keeps a 2-core machine busy with one worker (two workers, the voice files alone
  // afterwards, took as long: 7.6 + 14.0 min against 21.4), and the voice tests time real audio.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  // Two runs side by side keep the 2 cores about 90 % busy: a test that takes 13 s alone (the Users screen's 100 rows
  // and its full-page screenshots) took 32 s there. These bound a hang; they are not what a test measures.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    // A failing test keeps its trace (actions, DOM snapshots, network) but no screencast: recording one for every
    // test, passing or not, was a third of the suite's CPU on a 2-core machine (the suite is CPU-bound there).
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: `npx playwright install` cannot download browsers here (STACK-NOTES "Browser tests").
      // Its headless shell first (fixtures/env.ts).
      executablePath: chromiumPath() ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--headless',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        // A fake microphone that speaks a short phrase every 6 s (e2e/fixtures/fake-mic-speech.wav, looped),
        // and audio that may start without a gesture (STACK-NOTES "Browser tests and audio").
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${fakeMicWav}`,
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // Building first (≈0.5 s) so the browser never tests a stale apps/web/dist (scripts/e2e.ts builds once for
    // its side-by-side runs).
    command: process.env.HEARTH_E2E_BUILT ? 'bun apps/server/src/index.ts' : 'bun apps/web/build.ts && bun apps/server/src/index.ts',
    cwd: repoDir,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.HEARTH_E2E_DATA_DIR,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      TZ: 'UTC',
      // Every test signs in through the form; dozens of sign-ins a minute from 127.0.0.1 are the suite, not an attack.
      LIMIT_LOGIN_PER_MINUTE: '600',
      // Never reach real outside services from a browser test (DATABASE_URL passes through: CI runs both).
      OPENAI_API_KEY: '',
      TWILIO_ACCOUNT_SID: '',
      SMTP_URL: '',
      // The address the visitor pages offer (unset, they show none: apps/server/src/features/health).
      CONTACT_EMAIL: 'hello@hearth.test',
    },
  },
})

/** Data directories of earlier runs (older than an hour, so a run in progress keeps its own). */
function removeStaleDataDirs() {
  const hourAgoMs = Date.now() - 60 * 60 * 1000
  for (const name of readdirSync(artifactsDir)) {
    if (!name.startsWith('data-')) continue
    const path = join(artifactsDir, name)
    if (statSync(path).mtimeMs < hourAgoMs) rmSync(path, { recursive: true, force: true })
  }
}
