import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * The order files start in (decision 0054). Vitest's own order runs the projects one after another;
 * here the files that mostly wait (the PostgreSQL suite's server processes and faults, a scheduled
 * rate's minute) start first, while the browser journeys still hold most of the CPU, then the rest
 * of the PostgreSQL suite, then the CPU-heavy PGlite suite, the web components and the rest. Within
 * each group, Vitest's order (failed first, then the longest or largest).
 */
class WaitersFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const isWaiter = /[\\/]test[\\/](multi-process|resilience)[\\/]/.test(file.moduleId);
      if (file.project.name === 'api-postgres') return isWaiter ? 0 : 1;
      if (file.project.name === 'api-pglite') return isWaiter ? 2 : 3;
      return 4;
    };
    const sorted = await super.sort(files);
    return sorted
      .map((file, index) => ({ file, index }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
      .map(({ file }) => file);
  }
}

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
    sequence: { sequencer: WaitersFirst },
  },
});
