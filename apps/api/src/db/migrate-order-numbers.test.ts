/**
 * The order numbers migration (0010) on a database that already holds orders: they are numbered by
 * creation time from 1001 (not by id, not by insertion order), the numbers are unique, and the next
 * order placed after the migration continues after the last of them. PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { migrateTo, migrationsBefore, rows } from '../../test/migration-steps.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { type Database, openDatabase } from './client.js';

/** The index of the order-numbers migration (0010). */
const ORDER_NUMBERS = 10;

/** Inserted in this order; their ids sort in yet another order: only the creation time decides. */
const EXISTING = [
  { id: '00000000-0000-4000-8000-0000000000c3', createdAt: '2026-03-01T10:00:00Z' },
  { id: '00000000-0000-4000-8000-0000000000a1', createdAt: '2026-03-03T10:00:00Z' },
  { id: '00000000-0000-4000-8000-0000000000b2', createdAt: '2026-03-02T10:00:00Z' },
];

describe('migration 0010 (order numbers) on existing orders', () => {
  let database: Database;
  let postgres: ThrowawayDatabase | null = null;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createThrowawayDatabase('mandi_migrate_numbers') : null;
    database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
    await migrateTo(database, migrationsBefore(ORDER_NUMBERS));
    for (const order of EXISTING) {
      await database.db.execute(sql`
        insert into orders (id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                            address, city, mobile_number, pin_code, created_at)
        values (${order.id}::uuid, 'Asha', 'Patel', 4000, 4000, '1 Road', 'Pune', '9876543210', '411001',
                ${order.createdAt}::timestamptz)`);
    }
    await migrateTo(database);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it('numbers the existing orders by creation time from 1001', async () => {
    const numbered = await rows(database, sql`select id, order_number from orders order by created_at`);
    expect(numbered).toEqual([
      { id: EXISTING[0]?.id, order_number: 1001 },
      { id: EXISTING[2]?.id, order_number: 1002 },
      { id: EXISTING[1]?.id, order_number: 1003 },
    ]);
  });

  it('continues after them for the next order, and refuses a number twice', async () => {
    const [next] = await rows(
      database,
      sql`insert into orders (customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                              address, city, mobile_number, pin_code)
          values ('Ravi', 'Kumar', 100, 100, '2 Road', 'Pune', '9876543210', '411001')
          returning order_number`,
    );
    expect(next?.order_number).toBe(1004);
    await expect(
      database.db.execute(sql`
        insert into orders (customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                            address, city, mobile_number, pin_code, order_number)
        values ('Ravi', 'Kumar', 100, 100, '2 Road', 'Pune', '9876543210', '411001', 1002)`),
    ).rejects.toThrow();
  });
});
