/**
 * How the embedded database is made: the same options, extension and settings whether PGlite runs
 * in its own thread (the default, decision 0065) or on the event loop (`PGLITE_WORKER=off`).
 */
import v8 from 'node:v8';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the embedded database of a small shop. The defaults are sized for a
 * dedicated server (shared_buffers 128 MB) and PGlite's memory lives in this process, so they
 * would make up most of its RSS; the whole catalogue of a small shop fits in a few megabytes.
 * Queries read the same rows again and again, and the operating system caches the files too.
 */
const PGLITE_SETTINGS = [
  ['shared_buffers', '16MB'],
  ['work_mem', '2MB'],
  ['maintenance_work_mem', '16MB'],
  ['temp_buffers', '2MB'],
].flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 compiles each wasm function on its first call
 * with its baseline compiler (Liftoff) and, by default, compiles the often-run ones again with its
 * optimizing compiler in background threads, keeping both copies and the compilers' scratch memory:
 * about 50 MB more resident memory, for queries that measured no faster on a small shop's data
 * (the time goes to the work done per query, and the response cache answers most reads anyway).
 * Set before PGlite's module is compiled: V8 reads these flags when it compiles wasm code, and they
 * are the process's, so the database thread's isolate compiles under them too.
 */
export function useBaselineWasmCompilerOnly(): void {
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

/**
 * Opens PGlite on `dir` (`memory://` for a throwaway database), or on a copy of `snapshot` (a data
 * directory dumped as a tar by `dumpDataDir`).
 */
export async function createPglite(dir: string, snapshot?: Blob): Promise<PGlite> {
  useBaselineWasmCompilerOnly();
  // Loaded only here: a server on PostgreSQL never pays PGlite's memory.
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  // pg_trgm backs the keyword search index (migration 0001), as on a PostgreSQL server.
  return PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(snapshot ? { loadDataDir: snapshot } : {}),
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
  });
}
