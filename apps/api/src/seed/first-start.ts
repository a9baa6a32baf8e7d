/**
 * The first start on the embedded database runs in a short-lived child process: creating a PGlite
 * data directory (initdb), migrating it and rendering the demo pictures pass through a few hundred
 * megabytes of buffers that the allocator keeps in the process afterwards. Done in a child, the
 * server itself starts on a ready directory and keeps only what serving needs. `prepareDatabase` is
 * the same set-up in this process (a PostgreSQL server, the workers' primary, `npm run db:seed`).
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { openConfiguredDatabase, pgliteDirFor, preparationError } from '../db/prepare.js';
import { ensureShopProfile } from '../modules/shop/shop.service.js';
import { type SeedResult, seedDatabase } from './seed.js';

/** Opens and migrates the configured database, and seeds it when it is empty. */
export async function prepareDatabase(config: Config): Promise<{ database: Database; seed: SeedResult }> {
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    const seed = await seedDatabase(database.db, config);
    // The shop profile from the settings, once (decision 0028): the demo identity with the demo data.
    await ensureShopProfile(database.db, config, seed.seeded ? Boolean(seed.withDemoData) : config.seed === 'demo');
    return { database, seed };
  } catch (error) {
    await database.close().catch(() => {});
    throw preparationError(config, error);
  }
}

/** True when the embedded database is configured and its directory holds no database yet. */
export function isFirstEmbeddedStart(config: Pick<Config, 'databaseUrl' | 'dataDir'>): boolean {
  return !config.databaseUrl && !fs.existsSync(path.join(pgliteDirFor(config), 'PG_VERSION'));
}

export type FirstStartAnswer = { seed: SeedResult } | { error: string };

/** Creates, migrates and seeds the database in a child process and reports the seeding. */
export function prepareInChildProcess(config: Config): Promise<SeedResult> {
  const self = fileURLToPath(import.meta.url);
  // The child runs as this file does: .ts under tsx, .js when built.
  const child = fork(path.join(path.dirname(self), `first-start-child${path.extname(self)}`), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let answer: FirstStartAnswer | undefined;
    child.once('message', (message: FirstStartAnswer) => {
      answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (answer && 'seed' in answer) resolve(answer.seed);
      else reject(new Error(answer && 'error' in answer ? answer.error : `the database set-up stopped (exit ${code})`));
    });
    child.send(config);
  });
}
