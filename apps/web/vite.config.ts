import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { pagePreloads } from './build/page-preloads.ts';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), pagePreloads(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: { target: 'es2022', sourcemap: false },
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/test-setup.ts'],
    // Component tests wait on lazy chunks and user events; a loaded machine must not fail them.
    testTimeout: 15_000,
  },
});
