/**
 * `npm run db:backup [file]`: writes a logical backup of the configured database (PGlite or
 * PostgreSQL) to `file`, by default `backups/mandi-<date>-<time>.ndjson.gz`. A relative name is
 * taken from the directory npm was started in. On PGlite, stop the server first: the embedded
 * database can be opened by one process at a time.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { makePrivateDirSync } from '../lib/private-files.js';
import { backupDatabase } from './backup.js';
import { openConfiguredDatabase } from './prepare.js';

function defaultName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replaceAll(':', '')
    .replace('T', '-');
  return path.join('backups', `mandi-${stamp}.ndjson.gz`);
}

// npm runs workspace scripts inside apps/api; INIT_CWD is where the user typed the command.
const baseDir = process.env.INIT_CWD ?? process.cwd();
const file = path.resolve(baseDir, process.argv[2] ?? defaultName());
// The default folder is the shop's own: private even when an earlier version made it 0755.
if (process.argv[2] === undefined) makePrivateDirSync(path.dirname(file));

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    const counts = await backupDatabase(database.db, file);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(`Backup written to ${file} (${database.kind}, ${rows} rows):`);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${n}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
