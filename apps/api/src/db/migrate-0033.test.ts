/**
 * Migration 0033 on shops seeded before it: the demo's categories get the Hindi names a new demo
 * seed gives them (seed-data.ts); a real shop's categories, even one named like the demo's, stay
 * without one until the owner names them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { migrateTo, migrationsBefore, rows } from '../../test/migration-steps.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { SEED_CATEGORIES } from '../seed/seed-data.js';
import { type Database, openDatabase } from './client.js';

async function shopBefore0033(name: string, demo: boolean) {
  const postgres = isPostgresRun ? await createThrowawayDatabase(name) : null;
  const database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
  await migrateTo(database, migrationsBefore(33));
  await database.db.execute(sql`
    insert into shop_profile (name, legal_name, address, state, policies, policies_hi, about, about_hi, demo)
    values ('Mandi', 'Mandi', 'Pune', 'Maharashtra', '{}', '{}', '', '', ${demo})`);
  await database.db.execute(sql`insert into categories (name) values ('Vegetables'), ('Dairy'), ('Pickles')`);
  await migrateTo(database);
  return { database, postgres };
}

const namesOf = async (database: Database) => rows(database, sql`select name, name_hi from categories order by name`);

describe('migration 0033 (categories with a Hindi name) on an existing shop', () => {
  let demo: { database: Database; postgres: ThrowawayDatabase | null };
  let real: { database: Database; postgres: ThrowawayDatabase | null };

  beforeAll(async () => {
    demo = await shopBefore0033('mandi_migrate_0033_demo', true);
    real = await shopBefore0033('mandi_migrate_0033_real', false);
  });

  afterAll(async () => {
    for (const shop of [demo, real]) {
      await shop?.database.close();
      await shop?.postgres?.drop();
    }
  });

  it("gives the demo's categories their seeded Hindi names, and no other category one", async () => {
    const seeded = (name: string) => SEED_CATEGORIES.find((category) => category.name === name)?.nameHi;
    expect(await namesOf(demo.database)).toEqual([
      { name: 'Dairy', name_hi: seeded('Dairy') },
      { name: 'Pickles', name_hi: '' },
      { name: 'Vegetables', name_hi: seeded('Vegetables') },
    ]);
  });

  it("leaves a real shop's categories without a Hindi name", async () => {
    expect(await namesOf(real.database)).toEqual([
      { name: 'Dairy', name_hi: '' },
      { name: 'Pickles', name_hi: '' },
      { name: 'Vegetables', name_hi: '' },
    ]);
  });
});
