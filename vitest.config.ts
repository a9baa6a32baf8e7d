import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/api',
      'apps/web',
      // The lint scripts' own tests (the checks must fail on a planted bad import) and the benchmarks' helpers.
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs', 'bench/**/*.test.mjs'] } },
    ],
    // Each API test file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
