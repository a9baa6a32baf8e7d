/**
 * For the tests of one migration on data written before it: a copy of the migrations folder that
 * stops before a given migration, applying such a folder on either database, and raw rows.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from '../src/db/client.js';

const migrationsFolder = path.resolve(import.meta.dirname, '../src/db/migrations');

/** A copy of the migrations folder that stops before migration `upTo` (by index). */
export function migrationsBefore(upTo: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mandi-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx < upTo);
  fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}

/** Applies the migrations of `folder` (all of them when it is the real folder). */
export async function migrateTo(database: Database, folder: string = migrationsFolder): Promise<void> {
  if (database.kind === 'postgres')
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
}

export const rows = async (database: Database, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
