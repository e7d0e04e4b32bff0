import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests in Debian's Chromium (/usr/bin/chromium, never a downloaded browser) against the app
 * started as the README says (`node scripts/start.mjs`) on a fresh embedded database per run.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// Fresh data per run; the directory name is fixed in the env so Playwright's config re-evaluation in workers reuses it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));

export const ADMIN = { email: 'admin@example.com', password: 'Admin#Pass1!' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The accessibility sweep runs last: the lists it leaves pending would change other specs' badge counts.
  projects: [
    { name: 'flows', testIgnore: '**/a11y.spec.ts' },
    { name: 'a11y', testMatch: '**/a11y.spec.ts', dependencies: ['flows'] },
  ],
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  outputDir: path.join(os.tmpdir(), `e2e-results-${port}`),
  use: {
    baseURL,
    headless: true,
    viewport: { width: 1366, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-gpu', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    // E2E_SERVER_COMMAND runs another start command (e.g. a privately built backend); default: the README's.
    command: process.env.E2E_SERVER_COMMAND ?? 'node scripts/start.mjs',
    cwd: path.join(__dirname, '..'),
    url: `${baseURL}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'test',
    },
  },
});
