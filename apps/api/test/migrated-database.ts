/**
 * A test file's own database, started from the copy the run migrated once (test/global-setup.ts,
 * decision 0054): in-memory PGlite loaded from the migrated dump, or a new database on the
 * TEST_DATABASE_URL server cloned from the migrated template. Outside a vitest run that set them
 * up, a new database migrated here.
 */
import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.js';
import { migrateDatabase } from '../src/db/migrate.js';
import { createThrowawayDatabase, migratedTemplate, type ThrowawayDatabase } from './postgres-database.js';

/**
 * A migrated, empty database on the TEST_DATABASE_URL server (or the one `serverUrl` names, where
 * it is migrated here: the run's template lives on the TEST_DATABASE_URL server); `drop()` removes it.
 */
export async function createMigratedPostgresDatabase(prefix: string, serverUrl?: string): Promise<ThrowawayDatabase> {
  const onTestServer =
    !serverUrl || new URL(serverUrl).host === new URL(process.env.TEST_DATABASE_URL ?? serverUrl).host;
  const template = onTestServer ? migratedTemplate() : undefined;
  const throwaway = await createThrowawayDatabase(prefix, serverUrl, template);
  if (!template) {
    const database = await openDatabase({ databaseUrl: throwaway.url });
    await migrateDatabase(database).finally(() => database.close());
  }
  return throwaway;
}

/**
 * Opens a migrated, empty in-memory PGlite database, in its own thread unless `thread` is false
 * (`PGLITE_WORKER=off`, decision 0065).
 */
export async function openMigratedPglite(options: { thread?: boolean } = {}): Promise<Database> {
  const file = inject('pgliteSnapshotFile');
  const pgliteThread = options.thread ?? true;
  if (!file) {
    const database = await openDatabase({ pgliteDir: 'memory://', pgliteThread });
    await migrateDatabase(database);
    return database;
  }
  return openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: new Blob([fs.readFileSync(file)]), pgliteThread });
}
