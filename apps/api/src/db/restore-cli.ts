/**
 * `npm run db:restore <file>`: replaces everything in the configured database (PGlite or
 * PostgreSQL) with the backup in `file`. The schema is migrated first, so an empty database works;
 * the restore itself is one transaction, so a failure leaves the database as it was. On PGlite,
 * stop the server first: the embedded database can be opened by one process at a time.
 */
import path from 'node:path';
import { loadConfig } from '../config.js';
import { restoreDatabase } from './backup.js';
import { migrateDatabase } from './migrate.js';
import { openConfiguredDatabase } from './prepare.js';

const argument = process.argv[2];
if (!argument) {
  console.error('Usage: npm run db:restore <backup file>');
  process.exit(1);
}
// npm runs workspace scripts inside apps/api; INIT_CWD is where the user typed the command.
const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), argument);

try {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await migrateDatabase(database);
    const counts = await restoreDatabase(database.db, file);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(`Restored ${file} into the ${database.kind} database (${rows} rows):`);
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(24)} ${n}`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
