import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // Each API test file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
