/**
 * Migration 0013 on a shop seeded before it: the old demo's slots of capacity 1,000,000 become
 * "no limit" (null) while a real capacity stays, and the "All India" zone loses the prefixes 0 and
 * 9, which no Indian PIN code has; a zone made only of such prefixes is left for the owner to fix.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { migrateTo, migrationsBefore, rows } from '../../test/migration-steps.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { type Database, openDatabase } from './client.js';

describe('migration 0013 (no-limit demo slots, Indian PIN prefixes) on an existing shop', () => {
  let database: Database;
  let postgres: ThrowawayDatabase | null = null;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createThrowawayDatabase('mandi_migrate_0013') : null;
    database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
    await migrateTo(database, migrationsBefore(13));
    await database.db.execute(sql`
      insert into slot_templates (days, start_minute, end_minute, capacity)
      values ('{0,1,2,3,4,5,6}', 420, 600, 1000000), ('{1}', 600, 720, 12), ('{2}', 720, 780, null)`);
    await database.db.execute(sql`
      insert into delivery_zones (name, pin_prefixes)
      values ('All India', '{0,1,2,3,4,5,6,7,8,9}'), ('Pune', '{411,412}'), ('Only nine', '{9}')`);
    await migrateTo(database);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it('turns the huge demo capacity into no limit and keeps real capacities', async () => {
    const slots = await rows(database, sql`select start_minute, capacity from slot_templates order by start_minute`);
    expect(slots).toEqual([
      { start_minute: 420, capacity: null },
      { start_minute: 600, capacity: 12 },
      { start_minute: 720, capacity: null },
    ]);
  });

  it('drops the prefixes 0 and 9 from a zone that has others', async () => {
    const zones = await rows(database, sql`select name, pin_prefixes from delivery_zones order by name`);
    expect(zones).toEqual([
      { name: 'All India', pin_prefixes: ['1', '2', '3', '4', '5', '6', '7', '8'] },
      { name: 'Only nine', pin_prefixes: ['9'] },
      { name: 'Pune', pin_prefixes: ['411', '412'] },
    ]);
  });
});
