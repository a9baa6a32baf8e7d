import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * The API suite once per database, side by side in one pool (decision 0054): each project's
 * workers see their database in TEST_DATABASE_URL (empty: PGlite).
 */
const apiOn = (name: string, databaseUrl: string) => ({
  extends: './apps/api/vitest.config.ts',
  root: './apps/api',
  test: { name, env: { TEST_DATABASE_URL: databaseUrl } },
});

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/web',
      apiOn('api-pglite', ''),
      ...(postgresUrl ? [apiOn('api-postgres', postgresUrl)] : []),
      // The lint scripts' own tests (the checks must fail on a planted bad import) and the benchmarks' helpers.
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs', 'bench/**/*.test.mjs'] } },
    ],
    // Three files at a time on a 2-core machine: the multi-process and PostgreSQL files spend much of
    // their time waiting on servers, and a third worker fills those waits (decision 0054).
    maxWorkers: 3,
  },
});
