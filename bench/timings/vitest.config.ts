/**
 * `npm run bench:timings`: the measurements that used to be timing assertions inside `npm test`
 * (decision 0054). Each file sets up what its test set up (the API in-process on a database of its
 * own, migrated once per run as in the tests), measures a ratio against a quiet baseline in the
 * same run, prints its figures and fails when a target is missed. On PGlite, and on PostgreSQL
 * with TEST_DATABASE_URL. Timings belong here: `npm test` checks behaviour only.
 */
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  root,
  test: {
    name: 'timings',
    environment: 'node',
    include: ['bench/timings/**/*.timing.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    // One file at a time: each measures the machine, and another file beside it would be in the figures.
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});
