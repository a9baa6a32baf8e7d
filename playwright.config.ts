/**
 * Browser journeys in Debian's Chromium (never a downloaded browser) against the built app,
 * served by the real server on a fresh embedded database seeded with the demo catalogue.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const firstPort = Number(process.env.E2E_PORT ?? 3100);
/**
 * Journeys run in E2E_WORKERS workers (3 by default, decision 0054), each against a server and data
 * directory of its own, so a worker's journeys run one after another on their own shop as they did
 * in one worker. Playwright runs this file again in every worker, with its TEST_PARALLEL_INDEX:
 * there `port` is that worker's server.
 */
const workers = Number(process.env.E2E_WORKERS ?? 3);
const port = firstPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
// One fresh data directory per run (the config is evaluated by every worker, so remember it).
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-e2e-'));
const dataDir = process.env.E2E_DATA_DIR;
process.env.E2E_SMTP_PORT ??= String(firstPort + 25);
process.env.XDG_CONFIG_HOME ??= path.join(dataDir, 'xdg-config');
process.env.XDG_CACHE_HOME ??= path.join(dataDir, 'xdg-cache');
// The offline journey aborts the service worker's own requests (setOffline does not reach them).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS ??= '1';

export default defineConfig({
  testDir: './e2e',
  // The scale journeys need their own server and data set: playwright.scale.config.ts.
  testIgnore: ['scale/**'],
  globalSetup: './e2e/global-setup.ts',
  // Its own folder: the scale journeys run beside these and Playwright empties its folder at start.
  outputDir: 'test-results/journeys',
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    // Recorded on the retry of a failed journey only: recording every journey (DOM snapshots and a
    // screencast) cost a good share of the run's CPU, and CI retries a failure once (decision 0054).
    trace: 'on-first-retry',
    // The service worker answers catalogue reads from its copy first (decision 0041); the journeys
    // that check a change at once run without it, and e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      // Debian's headless shell when installed (scripts/test.mjs passes the one it chose), else the browser.
      executablePath:
        process.env.CHROMIUM_PATH ??
        (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: workers }, (_, index) => ({
    // The built server, as `npm start` runs it (`npm run build` comes first, as for the web app).
    command: 'node apps/api/dist/server.js',
    url: `http://localhost:${firstPort + index}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(firstPort + index),
      // Mail goes to the one SMTP sink (e2e/global-setup.ts), whichever server sends it.
      DATA_DIR: path.join(dataDir, `server-${index}`),
      ADMIN_EMAIL: 'admin@mandi.test',
      ADMIN_PASSWORD: 'e2e-admin-password',
      SEED: 'demo',
      ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR } : {}),
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      // Journeys log in many times from one address.
      LOGIN_MAX_PER_IP: '10000',
      REGISTER_MAX_PER_IP: '10000',
      SEARCH_MAX_PER_IP: '10000',
      RESET_EMAIL_MAX_PER_IP: '10000',
      // The billing journey: a GST-registered shop in Karnataka (a made-up GSTIN, so its
      // bills carry tax) that takes UPI, so the order page has a QR code.
      SHOP_STATE: 'Karnataka',
      SHOP_GSTIN: '29AAJCM4321F1ZJ',
      SHOP_UPI_ID: 'mandi@okaxis',
    },
  })),
});
