/** Opens, migrates and (on first start) seeds the configured database. */
import path from 'node:path';
import type { Config } from '../config.js';
import { type Database, openDatabase } from './client.js';
import { migrateDatabase } from './migrate.js';
import { type SeedResult, seedDatabase } from './seed.js';

export function pgliteDirFor(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

export async function openConfiguredDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: pgliteDirFor(config) });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.databaseUrl ? 'the PostgreSQL server in DATABASE_URL' : `the data directory ${config.dataDir}`;
    throw new Error(`Cannot open ${where}: ${reason}`);
  }
}

export async function prepareDatabase(config: Config): Promise<{ database: Database; seed: SeedResult }> {
  const database = await openConfiguredDatabase(config);
  await migrateDatabase(database);
  const seed = await seedDatabase(database.db, config);
  return { database, seed };
}
