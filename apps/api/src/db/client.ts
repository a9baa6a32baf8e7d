/**
 * Opens the database: embedded PGlite in DATA_DIR by default, a PostgreSQL server when
 * DATABASE_URL is set. Both give the same Drizzle API, so the rest of the code does not care.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { makePrivateDirSync, makeTreePrivate, PRIVATE_FILE_MODE } from '../lib/private-files.js';
import { openPglite } from './pglite-thread.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data directory as an uncompressed tar (PGlite only). */
  dumpDataDir?(): Promise<Blob>;
  /** A full collection of the database thread's heap (PGlite in its thread only; quiet-trim.ts). */
  collectGarbage?(): Promise<void>;
}

/**
 * Session settings of the shop's own connections (decision 0051). No parallel workers: a report
 * over a month of orders (the dashboard's trend) would otherwise take every core of a small
 * server for its 100-300 ms, and each shopper's request waits behind it; one core it may have.
 * `PGOPTIONS` is added after, so its settings win; an `options` parameter in DATABASE_URL
 * replaces these altogether.
 */
export function connectionOptions(pgOptions: string | undefined): string {
  return ['-c max_parallel_workers_per_gather=0', pgOptions?.trim()].filter(Boolean).join(' ');
}

export async function openDatabase(options: {
  databaseUrl?: string;
  /** Directory for PGlite; `memory://` for a throwaway in-memory database. */
  pgliteDir?: string;
  /**
   * A PGlite data directory dumped as a tar (`dumpDataDir`) to start from instead of a new one:
   * the tests open a database migrated once per run in 0.6 s instead of 3-5 s (decision 0054).
   */
  pgliteSnapshot?: Blob;
  /**
   * PGlite in a worker thread of its own, off the event loop (decision 0065); false runs it on the
   * calling thread, as before (`PGLITE_WORKER=off`, for comparison).
   */
  pgliteThread?: boolean;
  /** `PGLITE_PROFILE`: where the database thread writes what it spends its time on (pglite-profile.ts). */
  pgliteProfile?: string;
}): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only here, as PGlite is below: each process loads the driver of its database only.
    const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
    ]);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 20,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      // No request waits forever on a stuck database: the server cancels a statement after 15 s,
      // the client gives up on a silent connection after 20 s, and a transaction left open by a
      // vanished client is ended after 30 s (releasing its locks).
      statement_timeout: 15_000,
      query_timeout: 20_000,
      idle_in_transaction_session_timeout: 30_000,
      keepAlive: true,
      options: connectionOptions(process.env.PGOPTIONS),
    });
    // A dropped connection must not crash the process; the next query reports the failure. The
    // pool listens for errors of idle connections only: one cut while checked out (between the
    // statements of a transaction, say) would emit an 'error' nobody hears, which ends the
    // process. So every connection gets its own listener; the query in flight still fails.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  let unlock = () => {};
  if (!dir.startsWith('memory://')) {
    // DATA_DIR is private (0700) before PGlite writes anything into it.
    makePrivateDirSync(path.dirname(dir));
    fs.accessSync(path.dirname(dir), fs.constants.W_OK);
    unlock = lockDirectory(dir);
  }
  try {
    // Loaded only here: a server on PostgreSQL never pays PGlite's memory.
    const [embedded, { drizzle: drizzlePglite }] = await Promise.all([
      openPglite({
        dir,
        snapshot: options.pgliteSnapshot,
        inThread: options.pgliteThread ?? true,
        profile: options.pgliteProfile,
      }),
      import('drizzle-orm/pglite'),
    ]);
    // PGlite creates its files 0666 whatever the umask: make them private now and again at close
    // (the files it adds meanwhile are already behind the private DATA_DIR).
    if (!dir.startsWith('memory://')) makeTreePrivate(dir);
    // Drizzle's own PGlite driver, on PGlite or on the thread's stand-in for it (the part of
    // PGlite's surface the driver calls: query, exec, transaction).
    const db = drizzlePglite(embedded.client as PGlite, { schema }) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => embedded.dumpDataDir(),
      collectGarbage: () => embedded.collectGarbage(),
      close: async () => {
        await embedded.close();
        if (!dir.startsWith('memory://')) makeTreePrivate(dir);
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite keeps no lock of its own, and two processes writing one directory would corrupt it
 * (a second server, or a backup while the server runs). `<dir>.lock` holds the owner's pid; a lock
 * left by a process that no longer exists (killed, crashed) is taken over.
 */
function lockDirectory(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
      if (isProcessAlive(owner)) {
        throw new Error(
          `it is in use by another Mandi process (pid ${owner}); stop it first: the embedded database can be opened by one process at a time`,
        );
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`cannot lock ${lockFile}`);
}
