/**
 * Builds the server for `npm start`: plain JavaScript in `dist/`, run by Node itself. Running the
 * TypeScript sources through tsx at start cost about 35 MB of resident memory for its loader
 * thread and compiled-on-load sources (decision 0014), a sixth of the embedded server's budget.
 * Development (`npm run dev`), the tests and the database CLIs keep running the sources directly.
 *
 * One bundle of this package's own code and `@mandi/shared` (which ships TypeScript); every other
 * package stays an import from node_modules. Code loaded on first use (bill PDFs) stays a separate
 * chunk, loaded on first use as before. The migrations are copied beside the bundle, where
 * `db/migrate.ts` looks for them (next to itself).
 *
 * `node build.mjs <folder>` builds into that folder instead (the tests' own copy, decision 0074);
 * it must be inside the repository, where the bundle's imports find node_modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const { dependencies } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  // The PDF worker (decision 0038) and the database thread (decision 0065) sit beside the server,
  // where app.ts and db/pglite-thread.ts look for them.
  entryPoints: {
    server: 'src/server.ts',
    'first-start-child': 'src/seed/first-start-child.ts',
    'pdf-worker': 'src/pdf-worker.ts',
    'pglite-worker': 'src/db/pglite-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  // Packages are imported from node_modules at run time, except the workspace's TypeScript one;
  // esbuild only bundles the database thread when the sources run (db/pglite-thread.ts), never here.
  external: [...Object.keys(dependencies).filter((name) => name !== '@mandi/shared'), 'esbuild'],
  // Flat, so every file sits where `import.meta.dirname` paths expect (migrations, web/dist).
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
