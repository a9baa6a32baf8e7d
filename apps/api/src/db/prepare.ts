/** Opens the configured database; `seed/first-start.ts` migrates and seeds it on the first start. */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { makeTreePrivate } from '../lib/private-files.js';
import { type Database, openDatabase } from './client.js';

export function pgliteDirFor(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

/** PGlite's file system throws `{ name: 'ErrnoError', errno }` with WASI numbers, not Errors. */
const WASI_ERRNO: Record<number, string> = {
  2: 'permission denied (EACCES)',
  19: 'disk quota exceeded (EDQUOT)',
  29: 'input/output error (EIO)',
  44: 'no such file or directory (ENOENT)',
  51: 'no space left on the device (ENOSPC)',
  63: 'operation not permitted (EPERM)',
  69: 'read-only file system (EROFS)',
};

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  const errno = (error as { errno?: unknown } | null)?.errno;
  if (typeof errno === 'number') return WASI_ERRNO[errno] ?? `file system error ${errno}`;
  return String(error);
}

function describeTarget(config: Config): string {
  return config.databaseUrl ? 'the PostgreSQL server in DATABASE_URL' : `the data directory ${config.dataDir}`;
}

/**
 * Makes an existing DATA_DIR and everything in it private to this user (0700/0600); data
 * directories made before this rule, or copied in with other modes, are fixed at start. Returns a
 * line for the log when something was changed.
 */
export function secureDataDir(config: Pick<Config, 'dataDir'>): string | null {
  if (!fs.existsSync(config.dataDir)) return null;
  const changed = makeTreePrivate(config.dataDir);
  if (changed === 0) return null;
  return `Made ${changed} file${changed === 1 ? '' : 's'} and folders in ${config.dataDir} private to this user (others could read or change them)`;
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: pgliteDirFor(config),
      pgliteThread: config.pgliteWorker,
      pgliteProfile: config.pgliteProfile,
    });
  } catch (error) {
    throw new Error(`Cannot open ${describeTarget(config)}: ${describeError(error)}`);
  }
}

/** The error a failed migration or seeding reports: which database, and what went wrong. */
export function preparationError(config: Config, error: unknown): Error {
  return new Error(`Cannot prepare ${describeTarget(config)}: ${describeError(error)}`);
}
