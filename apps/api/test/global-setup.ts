/**
 * Migrates once per run (decision 0054). Every API test file still gets a database of its own, but
 * starts it from a copy of one migrated here instead of running the 29 migrations itself:
 * - on PGlite, a dump of a migrated data directory (`dumpDataDir`), loaded by each file in about
 *   0.6 s instead of 3-5 s for a new database and its migrations;
 * - on PostgreSQL, a database migrated here that each file clones with `CREATE DATABASE ... TEMPLATE`.
 * The dump and the template are removed when the run ends.
 *
 * It also builds the server once (`build.mjs`, as `npm run build` does) into a folder of the run's
 * own: the tests that start servers as processes start that bundle (decision 0074).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { createThrowawayDatabase } from './postgres-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory as a tar file (PGlite runs). */
    pgliteSnapshotFile: string;
    /** The migrated database that every test database is cloned from (PostgreSQL runs). */
    postgresTemplate: string;
    /** The server built for this run (`server.js` of `build.mjs`'s bundle), for tests that start it as a process. */
    serverBundle: string;
  }
}

const apiRoot = path.resolve(import.meta.dirname, '..');

/**
 * Builds the server into a folder under the repository's node_modules/.cache (the bundle imports
 * its packages from node_modules, so it must sit inside the repository), readable by every user:
 * one test runs it as another user. Answers the bundle's `server.js` and its removal.
 */
function buildServerBundle(): { file: string; remove: () => void } {
  const cacheDir = path.resolve(apiRoot, '../../node_modules/.cache');
  fs.mkdirSync(cacheDir, { recursive: true });
  const dir = fs.mkdtempSync(path.join(cacheDir, 'mandi-test-server-'));
  const built = spawnSync(process.execPath, [path.join(apiRoot, 'build.mjs'), dir], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`the server did not build for the tests:\n${built.stderr}${built.stdout}`);
  fs.chmodSync(dir, 0o755);
  return { file: path.join(dir, 'server.js'), remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundle = buildServerBundle();
  project.provide('serverBundle', bundle.file);
  const removeDatabase = await setupDatabase(project);
  return async () => {
    await removeDatabase();
    bundle.remove();
  };
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  // The project's own setting when the root config runs both databases side by side.
  const serverUrl = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await createThrowawayDatabase('mandi_template', serverUrl);
    const database = await openDatabase({ databaseUrl: template.url });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await template.whenUnused();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    project.provide('pgliteSnapshotFile', '');
    return () => template.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-test-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    await migrateDatabase(database);
    const tarball = await database.dumpDataDir?.();
    if (!tarball) throw new Error('the embedded database cannot be dumped');
    fs.writeFileSync(file, new Uint8Array(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshotFile', file);
  project.provide('postgresTemplate', '');
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}
