/**
 * `npm run db:seed`: migrates and seeds the configured database if it is empty.
 * `npm run db:seed -- --scale`: then tops it up to the scale data set (10,000 products, 20,000 users,
 * 100,000 orders, 5,000 reviews, 500 khata accounts, a busy delivery day) used by `npm run bench`;
 * meant for PostgreSQL (DATABASE_URL).
 */
import { loadConfig } from '../config.js';
import { prepareDatabase } from './first-start.js';
import { SCALE_EMAIL_DOMAIN, seedScaleData } from './scale-seed.js';
import { DEMO_SHOPPER_PASSWORD } from './seed.js';
import { printSeedResult } from './seed-report.js';

const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== '--scale');
if (unknown.length) {
  console.error(`Unknown option ${unknown.join(' ')}. Usage: npm run db:seed [-- --scale]`);
  process.exit(2);
}

const config = loadConfig();
const { database, seed } = await prepareDatabase(config);
try {
  if (!seed.seeded) console.log('The database already has data: nothing seeded.');
  printSeedResult(seed);
  if (args.includes('--scale')) {
    const started = Date.now();
    const counts = await seedScaleData(database.db);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `Scale data set ready in ${seconds} s: ${counts.categories} categories, ${counts.products} products, ` +
        `${counts.users} users, ${counts.orders} orders (${counts.orderItems} lines), ${counts.reviews} reviews, ` +
        `${counts.khataAccounts} khata accounts (${counts.khataEntries} entries), ` +
        `${counts.busyDayOrders} orders on the busiest delivery day.`,
    );
    console.log(`Scale shoppers: shopper<N>@${SCALE_EMAIL_DOMAIN} / ${DEMO_SHOPPER_PASSWORD}`);
  }
} finally {
  await database.close();
}
