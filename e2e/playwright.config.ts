import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { baseURL, chromiumPath, demoPassword, e2ePort } from './env.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A fresh embedded database for every run. The config is loaded again in each worker, so the
// directory is kept in the environment that the workers inherit. scripts/test.sh passes its own
// (and removes it afterwards); a bare `playwright test` leaves one under the temp directory.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'boardwalk-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;

const isCI = !!process.env.CI;

/** Specs that change a global setting for the whole server (see the projects below). */
const GLOBAL_SETTING_SPECS = /agent-own-merchants\.spec\.ts$/;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  // Every test makes its own users and rows (fixtures.ts), so any test may run beside any other.
  fullyParallel: true,
  forbidOnly: isCI,
  // A flaky test is fixed, not retried.
  retries: 0,
  workers: 2,
  // Generous: CI and developer machines have two cores, shared by the server, Chromium and two workers.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: isCI ? [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: browser, testIgnore: GLOBAL_SETTING_SPECS },
    // Specs that turn a global setting on (agents seeing their own merchants) run after every
    // other, alone, so no spec beside them sees the setting changed. Run one of them by itself with
    // `--project global-settings --no-deps`.
    { name: 'global-settings', use: browser, testMatch: GLOBAL_SETTING_SPECS, dependencies: ['chromium'] },
  ],
  webServer: {
    // process.execPath: the Node 24 that runs Playwright (the project's pinned node).
    command: `"${process.execPath}" apps/api/src/main.ts`,
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(e2ePort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      DEMO_PASSWORD: demoPassword,
      LOG_LEVEL: 'warn',
    },
  },
});
