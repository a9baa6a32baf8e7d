/**
 * The embedded database off the event loop (decision 0065). PGlite is PostgreSQL in WebAssembly:
 * every statement ran on the thread that called it, the one that also parses HTTP, builds JSON and
 * compresses, so one slow statement was everybody's wait. Here one worker thread
 * (`pglite-worker.ts`) owns the database and this module gives the main thread a stand-in with
 * the part of PGlite's surface the shop uses: `query` (as prepared statements in PostgreSQL's own
 * protocol, their replies parsed on this thread: pglite-wire.ts, decision 0070), `exec`,
 * `transaction` (its statements sent to the worker's open transaction by id), `dumpDataDir` and
 * `close`. Drizzle's own PGlite driver runs on it unchanged, so every code path and transaction is
 * the same; only where the WebAssembly runs moved.
 *
 * `PGLITE_WORKER=off` keeps PGlite on the event loop, as before (for comparison).
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { createPglite, useBaselineWasmCompilerOnly } from './pglite-create.js';
import { movableBuffer, openWireStatements } from './pglite-wire.js';

/** What the worker is started with. */
export interface DbThreadStart {
  /** A directory, or `memory://`. */
  dir: string;
  /** A dumped data directory to start from (`loadDataDir`). */
  snapshot?: Blob;
  /** `PGLITE_PROFILE`: a file to write what the thread spends its time on (pglite-profile.ts). */
  profile?: string;
}

/** Query options as they cross: the types whose text is handed over as it is, not parsers (functions do not cross). */
export interface WireQueryOptions {
  rowMode?: 'array' | 'object';
  rawTypes?: number[];
  paramTypes?: number[];
}

/**
 * A request to the database thread, answered under the same `id`. `tx` names the open transaction
 * a statement belongs to, 0 none (it waits for PGlite's transaction lock, as any statement does).
 */
export type DbThreadRequest =
  /** PostgreSQL's protocol messages (pglite-wire.ts); `label` names them in `PGLITE_PROFILE`'s tallies only. */
  | { op: 'protocol'; id: number; tx: number; bytes: Uint8Array; label?: string }
  | { op: 'exec'; id: number; tx: number; sql: string; options?: WireQueryOptions }
  | { op: 'begin'; id: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'dump'; id: number }
  /** A full collection of the thread's V8 heap (the server fell quiet: quiet-trim.ts). */
  | { op: 'collectGarbage'; id: number }
  | { op: 'close'; id: number };

/** An error as it crosses: its own fields (PostgreSQL's `code`, `constraint`...) kept. */
export type WireError =
  | {
      kind: 'error';
      name: string;
      message: string;
      stack?: string;
      fields: Record<string, string | number | boolean | null>;
    }
  /** PGlite's file system throws plain objects (`{ name: 'ErrnoError', errno }`). */
  | { kind: 'object'; fields: Record<string, string | number | boolean | null> }
  | { kind: 'value'; value: string | number };

/** Id 0 answers the start: `'ready'`, or why the database could not be opened. */
export type DbThreadAnswer = { id: number; value: unknown } | { id: number; error: WireError };

/** The statements of one transaction (drizzle's PGlite session calls `query` on it). */
interface PgliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string, options?: QueryOptions): Promise<Results[]>;
}

/** What drizzle-orm/pglite and the shop call on PGlite. */
export interface PgliteClient extends PgliteStatements {
  transaction<T>(callback: (tx: PgliteStatements) => Promise<T>): Promise<T>;
}

export interface EmbeddedPglite {
  /** PGlite itself (on this thread), or the stand-in that sends every call to the database thread. */
  client: PgliteClient;
  dumpDataDir(): Promise<Blob>;
  /** Collects the database thread's heap (on this thread's, nothing: the caller collects its own). */
  collectGarbage(): Promise<void>;
  close(): Promise<void>;
}

/** Opens PGlite in its own thread (the default) or on this one (`inThread: false`). */
export async function openPglite(options: DbThreadStart & { inThread: boolean }): Promise<EmbeddedPglite> {
  if (!options.inThread) {
    if (options.profile) throw new Error('PGLITE_PROFILE needs the database thread (PGLITE_WORKER=on)');
    const client: PGlite = await createPglite(options.dir, options.snapshot);
    return {
      client,
      dumpDataDir: () => client.dumpDataDir('none'),
      collectGarbage: async () => {},
      close: () => client.close(),
    };
  }
  return startPgliteThread({ dir: options.dir, snapshot: options.snapshot, profile: options.profile });
}

function fromWire(wire: WireError): unknown {
  if (wire.kind === 'value') return wire.value;
  if (wire.kind === 'object') return { ...wire.fields };
  const error = new Error(wire.message);
  Object.assign(error, wire.fields);
  error.name = wire.name;
  // The statement failed in the database thread: its stack is the useful one (drizzle's wrapper
  // carries the caller's).
  if (wire.stack) error.stack = wire.stack;
  return error;
}

const PROBE = '\u0000mandi-pass-through';

/**
 * Drizzle asks for timestamps, dates and intervals (and their arrays) as PostgreSQL's text, with
 * parsers that return what they are given. Those cross as the list of their types; any other
 * option could not cross, and is refused rather than silently dropped.
 */
function toWireOptions(options: QueryOptions | undefined): WireQueryOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, paramTypes, ...others } = options;
  const unsupported = Object.entries(others).filter(([, value]) => value !== undefined);
  if (unsupported.length > 0) {
    throw new Error(`PGlite's ${unsupported.map(([name]) => name).join(', ')} cannot be sent to the database thread`);
  }
  const wire: WireQueryOptions = {};
  if (rowMode) wire.rowMode = rowMode;
  if (paramTypes) wire.paramTypes = paramTypes;
  if (parsers) {
    wire.rawTypes = Object.entries(parsers).map(([type, parse]) => {
      if (parse(PROBE, Number(type)) !== PROBE)
        throw new Error(`A parser for type ${type} cannot be sent to the database thread (only pass-through ones)`);
      return Number(type);
    });
  }
  return wire;
}

/** Distributes Omit over the union, so each request keeps its own fields. */
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

let workerFromSources: Promise<URL> | undefined;

/**
 * The worker's entry. The built server has `pglite-worker.js` beside it (build.mjs). Run from the
 * sources (tests, `npm run dev`, the database commands), the worker and the files it imports
 * are bundled once per process by esbuild (tsx's own dependency), packages left as imports of
 * their files, and started from memory: tsx's loader in the new thread would cost about a second
 * a start, and every API test file opens a database of its own.
 */
function workerEntry(): Promise<URL> {
  if (!import.meta.url.endsWith('.ts')) return Promise.resolve(new URL('./pglite-worker.js', import.meta.url));
  workerFromSources ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./pglite-worker.ts', import.meta.url))],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      plugins: [
        {
          name: 'packages-as-file-urls',
          setup(bundler) {
            // A module started from memory resolves no package names: each becomes its file's URL.
            bundler.onResolve({ filter: /^[^./]/ }, async (args) => {
              if (args.path.startsWith('node:') || args.pluginData === 'resolving') return undefined;
              const found = await bundler.resolve(args.path, {
                kind: args.kind,
                resolveDir: args.resolveDir,
                pluginData: 'resolving',
              });
              if (found.errors.length > 0 || found.external) return undefined;
              return { path: pathToFileURL(found.path).href, external: true };
            });
          },
        },
      ],
    });
    const code = result.outputFiles[0]?.text;
    if (!code) throw new Error('esbuild made no database thread');
    return new URL(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  })();
  return workerFromSources;
}

/** Node options for the thread: not the parent's loaders (`--import tsx`), which a bundle does not need. */
function threadExecArgv(): string[] {
  const kept: string[] = [];
  const args = process.execArgv;
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (/^--(import|require|loader|experimental-loader)$|^-r$/.test(arg)) i += 1;
    else if (!/^--(import|require|loader|experimental-loader)=/.test(arg)) kept.push(arg);
  }
  return kept;
}

async function startPgliteThread(start: DbThreadStart): Promise<EmbeddedPglite> {
  // The flags are the process's: set before the thread compiles PGlite's WebAssembly.
  useBaselineWasmCompilerOnly();
  const entry = await workerEntry();
  const worker = new Worker(entry, {
    workerData: start,
    // Its own allocations are the protocol's bytes, short-lived: a young generation of the default 32 MB
    // stayed resident after every busy spell.
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
    ...(entry.protocol === 'data:' ? { execArgv: threadExecArgv() } : {}),
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: unknown): void }>();
  let lastId = 0;
  /** Set once the thread is closed or gone: every later call fails with it. */
  let stopped: Error | null = null;
  let lastError: unknown = null;

  // The thread keeps the process alive only while a call waits for it (as a socket would); an
  // idle database does not hold a finished command open.
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    if (pending.size === 0) worker.unref();
    return call;
  };
  worker.on('message', (answer: DbThreadAnswer) => {
    const call = settle(answer.id);
    if (!call) return;
    if ('error' in answer) call.reject(fromWire(answer.error));
    else call.resolve(answer.value);
  });
  worker.on('error', (error) => {
    lastError = error;
  });
  worker.on('exit', (exitCode) => {
    if (!stopped) {
      const why = lastError instanceof Error ? `: ${lastError.message}` : ` (exit code ${exitCode})`;
      stopped = new Error(`The embedded database's thread stopped${why}`);
    }
    const calls = [...pending.values()];
    pending.clear();
    for (const call of calls) call.reject(stopped);
  });

  const request = <T>(message: WithoutId<DbThreadRequest>): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    lastId += 1;
    const id = lastId;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        // Protocol bytes are moved to the thread, not copied (pglite-wire.ts builds them in a buffer of their own).
        if (message.op === 'protocol') worker.postMessage({ ...message, id }, [movableBuffer(message.bytes)]);
        else worker.postMessage({ ...message, id });
      } catch (error) {
        // A parameter that cannot be cloned (a function): this call fails, the thread goes on.
        settle(id);
        reject(error);
      }
    });
  };

  // Opened (or not) as the thread starts: id 0 answers.
  await new Promise<unknown>((resolve, reject) => pending.set(0, { resolve, reject })).catch(async (error) => {
    await worker.terminate();
    throw error;
  });

  const wire = await openWireStatements((bytes, tx, label) =>
    request<Uint8Array>({ op: 'protocol', tx, bytes, ...(start.profile ? { label } : {}) }),
  );

  // Async, as PGlite's are: a refused option is a rejected promise, not a throw.
  const statements = (tx: number, isClosed: () => boolean): PgliteStatements => ({
    async query<T>(sql: string, params: unknown[] = [], options?: QueryOptions) {
      if (isClosed()) throw new Error('Transaction is closed');
      return wire.query<T>(sql, params, options, tx);
    },
    async exec(sql: string, options?: QueryOptions) {
      if (isClosed()) throw new Error('Transaction is closed');
      return request<Results[]>({ op: 'exec', tx, sql, options: toWireOptions(options) });
    },
  });

  const client: PgliteClient = {
    ...statements(0, () => false),
    async transaction<T>(callback: (tx: PgliteStatements) => Promise<T>): Promise<T> {
      const tx = await request<number>({ op: 'begin' });
      let isClosed = false;
      let result: T;
      try {
        result = await callback(statements(tx, () => isClosed));
      } catch (error) {
        isClosed = true;
        await request({ op: 'end', tx, commit: false });
        throw error;
      }
      isClosed = true;
      await request({ op: 'end', tx, commit: true });
      return result;
    },
  };

  let closing: Promise<void> | null = null;
  return {
    client,
    dumpDataDir: () => request<Blob>({ op: 'dump' }),
    collectGarbage: async () => {
      await request({ op: 'collectGarbage' });
    },
    close() {
      closing ??= (async () => {
        try {
          if (!stopped) await request({ op: 'close' });
        } finally {
          stopped ??= new Error('PGlite is closed');
          await worker.terminate();
        }
      })();
      return closing;
    },
  };
}
