import { defineConfig } from 'vitest/config';

/**
 * The API suite. The root config runs it twice side by side in one pool of workers: as
 * `api-pglite` on embedded PGlite, and as `api-postgres` on the server that TEST_DATABASE_URL names
 * (decision 0054). Run from this folder alone, it is `api-pglite`, or `api-postgres` when
 * TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api-pglite',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates once per run; every file still gets its own database, cloned from it (decision 0054).
    globalSetup: ['test/global-setup.ts'],
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
