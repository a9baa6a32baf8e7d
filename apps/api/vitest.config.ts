import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: process.env.TEST_DATABASE_URL ? 'api-postgres' : 'api-pglite',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
