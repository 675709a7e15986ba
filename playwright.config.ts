import { defineConfig, devices } from '@playwright/test';
import { findChromium, chromiumArgs } from './scripts/chromium.mjs';

// The system Chromium (Debian package): Playwright's own browser download cannot work here.
const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Starts the stand-ins, the real server CLI and the host-page server once per run; see the file.
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results',
  // Two cores: the server, the host-page server and the browser share them.
  workers: 2,
  fullyParallel: false,
  // Not flaky by construction: no retries to hide it if it becomes so.
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: {
    timeout: 7_000,
    // e2e/screenshots.spec.ts keeps the pictures of docs/screenshots up to date: a picture
    // that differs beyond anti-aliasing noise is rewritten (updateSnapshots 'changed'), one
    // that does not is left alone, so a test run does not leave the files modified for nothing.
    toHaveScreenshot: { pathTemplate: '{testDir}/../docs/screenshots/{arg}{ext}', maxDiffPixelRatio: 0.002 },
  },
  updateSnapshots: 'changed',
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    launchOptions: { executablePath, args: chromiumArgs },
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
});
