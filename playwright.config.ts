import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM, CHROMIUM_FLAGS, TEST_CHROMIUM } from './scripts/chromium.ts';

/** Browser tests run Debian's Chromium against the app as `npm start` runs it. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Where webhooks.spec.ts listens as a newsroom's system: the one local address the server may post to. */
export const WEBHOOK_RECEIVER_PORT = E2E_PORT + 1950;
// A fresh embedded database per run, as on a fresh clone; workers inherit the variable.
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `newsreel-e2e-${Date.now()}`);
const dataDir = process.env.E2E_DATA_DIR;

const launch = (executablePath: string | undefined) => ({ ...(executablePath ? { executablePath } : {}), args: CHROMIUM_FLAGS });

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  // A journey (sign up, confirm, edit the profile, sign out) takes 20-30 s on a busy 2-core machine,
  // and the longest (apply for a pass, approved at the desk, download) over a minute when the
  // machine is slow: the limit is there to stop a stuck test, not to time a fast one.
  timeout: 120_000,
  // A cold page costs its renderer about 1.2 s of main-thread work (measured with CDP's
  // Performance metrics); with two browsers, the server and its ffmpeg on 2 cores, a first page
  // has taken 7-10 s to show (2026-11-28). Waits are for what a user would see, however slow.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'en-US',
    // A trace's screenshots are a screencast of the page that Chromium composites and encodes all
    // through the test: with them on every test, a spec group cost 1.6 times the CPU (docs/performance.md,
    // "The browser suite"). In CI a failed test's retry records the full trace; the first run records
    // none. Locally (no retries) a failed test keeps its trace's DOM snapshots, without the screencast.
    trace: process.env.CI ? 'on-first-retry' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'headless shell', testIgnore: 'push.spec.ts', use: { launchOptions: launch(TEST_CHROMIUM) } },
    // The headless shell answers 'denied' to `Notification.permission` whatever the context granted:
    // the push popup's tests run in Chromium itself.
    { name: 'chromium', testMatch: 'push.spec.ts', use: { launchOptions: launch(CHROMIUM) } },
  ],
  webServer: {
    command: 'sh scripts/start.sh',
    url: `http://localhost:${E2E_PORT}/readyz`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SITE_VARIANTS: 'ru.localhost=ru,landing.localhost=landing',
      // The standard variant's switcher offers every language here (the spec's default hides ru, es
      // and ar: src/common/site.ts): the journeys go through all four.
      HIDDEN_LOCALES: 'standard=',
      // Test accounts are made from addresses of their own (e2e/support/accounts.ts createAccount).
      TRUST_PROXY: '127.0.0.1',
      // Downloads render from the demo's masters; a few keep ffmpeg from competing with the tests.
      DEMO_MASTERS: '1',
      // The RTMP ingest on a port of this run's own; the demo publisher pushes the demo live event, with
      // a small picture that costs a third of the standard one's CPU all through the run (issue 26).
      LIVE_DEMO_PUBLISHER: 'small',
      LIVE_RTMP_PORT: String(E2E_PORT + 2000),
      LIVE_SRT_PORTS: `${E2E_PORT + 2001}-${E2E_PORT + 2009}`,
      // Playwright's request contexts keep idle connections with no timeout of their own and ignore the
      // server's Keep-Alive hint: a call after a pause longer than the server keeps an idle connection
      // could go out on one it was closing (read ECONNRESET, microsoft/playwright#42698; e2e/support/api-client.ts).
      // The suite's server keeps them longer than any test lasts.
      KEEP_ALIVE_TIMEOUT: '600',
      // One local port the platform may post to: the webhook receiver of webhooks.spec.ts (WEBHOOK_RECEIVER_PORT).
      OUTBOUND_ALLOW: `127.0.0.1:${WEBHOOK_RECEIVER_PORT}`,
    },
  },
});
