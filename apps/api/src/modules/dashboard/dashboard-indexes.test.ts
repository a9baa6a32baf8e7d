/**
 * The dashboard's today figures are read from indexes at shop scale (decision 0026): 100,000 orders
 * with a slot a day ahead, bills on every shipped and delivered order, most of them paid. The query
 * is captured exactly as dashboard.repository.ts builds it, then EXPLAINed on PostgreSQL: no
 * sequential scan of orders or their lines, and the unpaid bills from their partial index. Runs only
 * with TEST_DATABASE_URL (PGlite's planner statistics are not the server's).
 */
import { SHOP_TIME_ZONE, shopDayRange } from '@mandi/shared/kernel';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { todayRows } from './dashboard.repository.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function walk(node: PlanNode, visit: (node: PlanNode) => void): void {
  visit(node);
  for (const child of node.Plans ?? []) walk(child, visit);
}

const TODAY = '2026-11-24';
let t: TestApp;
let pool: pg.Pool;
let loggedDb: Db;
const captured: { sql: string; params: unknown[] }[] = [];

describe.skipIf(!isPostgresRun)("the dashboard's today at 100,000 orders", () => {
  beforeAll(async () => {
    t = await buildTestApp();
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    loggedDb = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Tomato', rate: 40 });
    await pool.query(`insert into slot_templates (days, start_minute, end_minute)
                      values ('{0,1,2,3,4,5,6}', 540, 720), ('{0,1,2,3,4,5,6}', 1020, 1200)`);
    // 480 orders a day over 208 days; nine in ten booked into a slot the day after they were placed
    // (the date the order's, the slot delivery's), eight in ten billed, most of those paid (billing's).
    await pool.query(
      `insert into orders (user_id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                           status, address, city, mobile_number, pin_code, created_at, delivery_date, packed_at)
       select $1, 'Asha', 'Patel', 4000, 4000,
              (case when g % 10 < 6 then 'Delivered' when g % 10 < 8 then 'Shipped' else 'Processing' end)::order_status,
              '1 Road', 'Pune', '9876543210', 'G' || g, c,
              case when g % 10 <> 0 then (c at time zone '${SHOP_TIME_ZONE}')::date + 1 end,
              case when g % 10 < 8 then c + interval '1 hour' end
       from generate_series(1, 100000) as g,
            lateral (select timestamptz '2026-11-24T18:00:00Z' - make_interval(mins => g * 3)) as at(c)`,
      [user.id],
    );
    const numbered = `(select id, c, substr(pin_code, 2)::int as g from orders
                        cross join lateral (select created_at) as at(c))`;
    await pool.query(
      `with t as (select array_agg(id order by start_minute) as a from slot_templates)
       insert into order_delivery (order_id, slot_template_id, slot_start_minute, slot_end_minute)
       select o.id, t.a[1 + o.g % 2], 540, 720 from ${numbered} o, t where o.g % 10 <> 0`,
    );
    await pool.query(
      `insert into order_bills (order_id, invoice_number, invoice_year, invoice_seq, invoiced_at, payment_method, paid_at)
       select o.id, 'T/2026-27/' || o.g, '2026-27', o.g, o.c + interval '1 hour',
              case when o.g % 10 < 6 and o.g % 50 <> 0 then 'Cash' end,
              case when o.g % 10 < 6 and o.g % 50 <> 0 then o.c + interval '5 hours' end
       from ${numbered} o where o.g % 10 < 8`,
    );
    await pool.query("update orders set pin_code = '411001'");
    await pool.query(
      `insert into order_items (order_id, product_id, name, image_url, quantity_grams, rate_paise, amount_paise, position)
       select o.id, $1, 'Tomato', '', 1000, 4000, 4000, 0 from orders o`,
      [product.id],
    );
    for (const table of ['orders', 'order_items', 'order_delivery', 'order_bills']) {
      await pool.query(`vacuum analyze ${table}`);
    }
  }, 300_000);

  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  it('reads today’s orders, their lines and the unpaid bills through indexes', async () => {
    const { from, to } = shopDayRange(TODAY);
    captured.length = 0;
    const rows = await todayRows(loggedDb, TODAY, from, to);
    expect(rows.groups.length).toBeGreaterThan(0);
    expect(rows.unpaid.count).toBeGreaterThan(0);
    expect(captured).toHaveLength(1);
    const statement = captured[0] as { sql: string; params: unknown[] };
    const result = await pool.query(`explain (format json) ${statement.sql}`, statement.params);
    const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
    const scans: PlanNode[] = [];
    walk(plan, (node) => {
      if (['orders', 'order_items', 'order_delivery', 'order_bills'].includes(node['Relation Name'] ?? '')) {
        scans.push(node);
      }
    });
    const described = JSON.stringify(plan);
    expect(scans.length, described).toBeGreaterThan(0);
    for (const scan of scans) expect(scan['Node Type'], described).not.toBe('Seq Scan');
    const indexes = new Set<string | undefined>();
    walk(plan, (node) => indexes.add(node['Index Name']));
    expect([...indexes], described).toContain('order_bills_unpaid_idx');
  });
});
