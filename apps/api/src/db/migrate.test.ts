/**
 * The weighing migration (0002) on a database that already holds orders: the estimate and each
 * line's amount are filled in from what was sold, the new status and the events table work.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPostgresRun } from '../../test/build-test-app.js';
import { migrateTo, migrationsBefore, rows } from '../../test/migration-steps.js';
import { createThrowawayDatabase, type ThrowawayDatabase } from '../../test/postgres-database.js';
import { type Database, openDatabase } from './client.js';

describe('migration 0002 (weighing) on existing orders', () => {
  let database: Database;
  let postgres: ThrowawayDatabase | null = null;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createThrowawayDatabase('mandi_migrate') : null;
    database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
    await migrateTo(database, migrationsBefore(2));
    await database.db.execute(sql`
      insert into users (id, first_name, last_name, email, password_hash)
      values ('00000000-0000-4000-8000-000000000001', 'Asha', 'Patel', 'asha@example.com', 'x')`);
    await database.db.execute(sql`
      insert into orders (id, user_id, customer_first_name, customer_last_name, total_paise, address, city, mobile_number, pin_code)
      values ('00000000-0000-4000-8000-0000000000a1', '00000000-0000-4000-8000-000000000001', 'Asha', 'Patel', 3368,
              '1 Road', 'Pune', '9876543210', '411001')`);
    // 3850 paise/kg × 0.5 kg = 1925; 2405 paise/kg × 0.6 kg = 1443 (1443.0); 1 paisa/kg × 0.5 kg = 0.5 → 1 (half up).
    await database.db.execute(sql`
      insert into order_items (order_id, name, image_url, quantity_grams, rate_paise, position)
      values ('00000000-0000-4000-8000-0000000000a1', 'Beans', '', 500, 3850, 0),
             ('00000000-0000-4000-8000-0000000000a1', 'Okra', '', 600, 2405, 1),
             ('00000000-0000-4000-8000-0000000000a1', 'Cheap', '', 500, 1, 2)`);
    await database.db.execute(sql`
      insert into orders (id, user_id, customer_first_name, customer_last_name, total_paise, status, address, city,
                          mobile_number, pin_code, created_at)
      values ('00000000-0000-4000-8000-0000000000a2', '00000000-0000-4000-8000-000000000001', 'Asha', 'Patel', 4000,
              'Delivered', '1 Road', 'Pune', '9876543210', '411001', '2026-01-05T10:00:00Z')`);
    await database.db.execute(sql`
      insert into order_items (order_id, name, image_url, quantity_grams, rate_paise, position)
      values ('00000000-0000-4000-8000-0000000000a2', 'Apple', '', 1000, 4000, 0)`);
    await migrateTo(database);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it('fills the estimate from the total and each amount from rate × ordered weight, half up', async () => {
    const [order] = await rows(
      database,
      sql`select total_paise, estimated_total_paise, packed_at from orders where status = 'Processing'`,
    );
    expect(order).toMatchObject({ total_paise: 3368, estimated_total_paise: 3368, packed_at: null });
    const items = await rows(
      database,
      sql`select name, amount_paise, packed_grams from order_items
          where order_id = '00000000-0000-4000-8000-0000000000a1' order by position`,
    );
    expect(items).toEqual([
      { name: 'Beans', amount_paise: 1925, packed_grams: null },
      { name: 'Okra', amount_paise: 1443, packed_grams: null },
      { name: 'Cheap', amount_paise: 1, packed_grams: null },
    ]);
  });

  it('records orders already Shipped or Delivered as packed at their ordered weights', async () => {
    const [order] = await rows(
      database,
      sql`select total_paise, estimated_total_paise, packed_at from orders where status = 'Delivered'`,
    );
    expect(order).toMatchObject({ total_paise: 4000, estimated_total_paise: 4000 });
    expect(new Date(order?.packed_at as string).toISOString()).toBe('2026-01-05T10:00:00.000Z');
    const [item] = await rows(
      database,
      sql`select packed_grams, amount_paise from order_items where order_id = '00000000-0000-4000-8000-0000000000a2'`,
    );
    expect(item).toEqual({ packed_grams: 1000, amount_paise: 4000 });
  });

  it('accepts Cancelled and records events; refuses negative weights and amounts', async () => {
    await database.db.execute(sql`update orders set status = 'Cancelled' where status = 'Processing'`);
    await database.db.execute(sql`
      insert into order_events (order_id, kind, changes)
      values ('00000000-0000-4000-8000-0000000000a1', 'cancelled', '{"status":{"from":"Processing","to":"Cancelled"}}')`);
    const [event] = await rows(database, sql`select kind, changes, actor_user_id from order_events`);
    expect(event).toMatchObject({ kind: 'cancelled', actor_user_id: null });
    await expect(database.db.execute(sql`update order_items set packed_grams = -1`)).rejects.toThrow();
    await expect(database.db.execute(sql`update order_items set amount_paise = -1`)).rejects.toThrow();
    await expect(database.db.execute(sql`update orders set total_paise = -1`)).rejects.toThrow();
  });
});

describe('migration 0008 (order adjustments) on existing orders', () => {
  let database: Database;
  let postgres: ThrowawayDatabase | null = null;

  beforeAll(async () => {
    postgres = isPostgresRun ? await createThrowawayDatabase('mandi_migrate') : null;
    database = await openDatabase({ databaseUrl: postgres?.url, pgliteDir: 'memory://' });
    await migrateTo(database, migrationsBefore(8));
    // One order with a ₹40 delivery charge on ₹75.50 of lines, one delivered free.
    await database.db.execute(sql`
      insert into orders (id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                          shipping_charge_paise, delivery_fee_paise, address, city, mobile_number, pin_code)
      values ('00000000-0000-4000-8000-0000000000b1', 'Asha', 'Patel', 11550, 11550, 4000, 4000,
              '1 Road', 'Pune', '9876543210', '411001'),
             ('00000000-0000-4000-8000-0000000000b2', 'Asha', 'Patel', 9000, 9000, 0, 0,
              '1 Road', 'Pune', '9876543210', '411001')`);
    await migrateTo(database);
  });

  afterAll(async () => {
    await database?.close();
    await postgres?.drop();
  });

  it('turns each shipping charge into a delivery fee adjustment and keeps every total and subtotal', async () => {
    expect(
      await rows(
        database,
        sql`select order_id, source, kind, label, amount_paise, tax_treatment from order_adjustments order by order_id`,
      ),
    ).toEqual([
      {
        order_id: '00000000-0000-4000-8000-0000000000b1',
        source: 'delivery',
        kind: 'fee',
        label: 'Delivery charge',
        amount_paise: 4000,
        tax_treatment: 'principal-supply',
      },
    ]);
    expect(
      await rows(database, sql`select total_paise, adjustments_paise, subtotal_paise from orders order by id`),
    ).toEqual([
      { total_paise: 11550, adjustments_paise: 4000, subtotal_paise: 7550 },
      { total_paise: 9000, adjustments_paise: 0, subtotal_paise: 9000 },
    ]);
    // An adjustment of nothing is no row.
    await expect(
      database.db.execute(sql`
        insert into order_adjustments (order_id, source, kind, label, amount_paise, tax_treatment)
        values ('00000000-0000-4000-8000-0000000000b2', 'delivery', 'fee', 'Delivery charge', 0, 'principal-supply')`),
    ).rejects.toThrow();
  });
});
