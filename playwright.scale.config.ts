/**
 * Admin journeys at scale: the same browser and built app as playwright.config.ts, against a server
 * whose fresh embedded database holds the scale data set (`npm run db:seed -- --scale`: 10,000
 * products, 20,000 users, 100,000 orders), seeded before the server starts (about 30 s).
 * Run: `npm run build && npx playwright test -c playwright.scale.config.ts`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

const port = Number(process.env.E2E_SCALE_PORT ?? 3200);
// One fresh data directory per run (the config is evaluated by every worker, so remember it).
process.env.E2E_SCALE_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-e2e-scale-'));
const baseServer = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  testDir: './e2e/scale',
  testIgnore: [],
  globalSetup: undefined,
  // One server with the scale data set, one worker.
  workers: 1,
  outputDir: 'test-results/scale',
  timeout: 120_000,
  use: { ...base.use, baseURL: `http://localhost:${port}` },
  webServer: {
    ...baseServer,
    command: 'npx tsx apps/api/src/seed/seed-cli.ts --scale && node apps/api/dist/server.js',
    url: `http://localhost:${port}/api/health`,
    timeout: 600_000,
    env: {
      ...baseServer?.env,
      PORT: String(port),
      DATA_DIR: process.env.E2E_SCALE_DATA_DIR,
      SEED: 'demo',
    },
  },
});
