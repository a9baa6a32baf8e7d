/** `npm run db:seed`: migrates and seeds the configured database if it is empty. */
import { loadConfig } from '../config.js';
import { prepareDatabase } from './prepare.js';
import { printSeedResult } from './seed-report.js';

const config = loadConfig();
const { database, seed } = await prepareDatabase(config);
await database.close();
if (!seed.seeded) console.log('The database already has data: nothing seeded.');
printSeedResult(seed);
