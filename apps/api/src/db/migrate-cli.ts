/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { loadConfig } from '../config.js';
import { migrateDatabase } from './migrate.js';
import { openConfiguredDatabase } from './prepare.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await database.close();
console.log(`Migrations applied (${database.kind}).`);
