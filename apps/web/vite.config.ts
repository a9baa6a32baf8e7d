import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { illustrationCopies } from './build/illustrations.ts';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';
import { serviceWorker } from './build/service-worker.ts';

export default defineConfig(({ command }) => ({
  // The shipped app runs on Preact's React-compatible layer (docs/decisions): the same React API
  // in a fraction of the bytes and start-up work. Development and the component tests use React.
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ],
        }
      : {},
  plugins: [react(), tailwindcss(), illustrationCopies(), pagePreloads(), serviceWorker(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/manifest.webmanifest': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically runs on every first visit anyway: one chunk for
          // it instead of a dozen of a few hundred bytes each, every one of which cost a request
          // (about 1 KB of headers on the wire) and a task of its own on the phone's main thread.
          // The shared kernel stays out: the entry imports it through one index, which names every
          // rule of the shop, and in this chunk the rules only admin screens use would come along.
          groups: [
            {
              name: 'start',
              tags: ['$initial'],
              test: (id) => !/[\\/]packages[\\/]shared[\\/]src[\\/]kernel[\\/]/.test(id),
              // Otherwise the kernel comes back in as a dependency of what the group holds. Safe here:
              // the kernel's modules import nothing of the app, so no chunk cycle or order changes.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      onwarn(warning, warn) {
        // React Router reads React 19's useOptimistic if it exists and works without it (Preact has none).
        if (warning.code === 'IMPORT_IS_UNDEFINED' && warning.message.includes('useOptimistic')) return;
        warn(warning);
      },
    },
  },
  test: {
    name: 'web',
    // The web app's tests, its build steps' (build/), and the lint check of its feature boundaries (it reads this app's source).
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts', '../../scripts/check-feature-imports.test.mjs'],
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test-setup.ts'],
    // Files share a worker's loaded modules and jsdom (decision 0054); each test cleans up after itself above.
    isolate: false,
    // Component tests wait on lazy chunks and user events; a loaded machine must not fail them.
    testTimeout: 15_000,
  },
}));
