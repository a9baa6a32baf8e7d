/**
 * The admin orders search (issue 42) is served from indexes at shop scale (50,000 orders): the
 * list and count queries are captured exactly as orders.repository.ts builds them, then EXPLAINed
 * on PostgreSQL; no plan reads the whole orders table. Runs only with TEST_DATABASE_URL (PGlite's
 * planner statistics are not the server's).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema.js';
import { countOrders, findAllOrders } from './orders.repository.js';
import { orderSearchOf } from './orders.rules.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const captured: { sql: string; params: unknown[] }[] = [];
let t: TestApp;
let pool: pg.Pool;
let db: Db;

function orderScans(node: PlanNode, found: PlanNode[] = []): PlanNode[] {
  if (node['Relation Name'] === 'orders' || node['Index Name']?.startsWith('orders_')) found.push(node);
  for (const child of node.Plans ?? []) orderScans(child, found);
  return found;
}

/** Runs repository calls and returns the plans of the statements they sent. */
async function plansOf(call: () => Promise<unknown>) {
  captured.length = 0;
  await call();
  const plans = [];
  for (const statement of [...captured]) {
    const result = await pool.query(`explain (format json) ${statement.sql}`, statement.params);
    const plan = (result.rows[0] as { 'QUERY PLAN': { Plan: PlanNode }[] })['QUERY PLAN'][0]?.Plan as PlanNode;
    plans.push({ sql: statement.sql, plan });
  }
  return plans;
}

describe.skipIf(!isPostgresRun)('admin orders search at 50,000 orders', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    pool = new pg.Pool({ connectionString: t.config.databaseUrl, max: 2 });
    db = drizzle(pool, {
      schema,
      logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
    }) as unknown as Db;
    await pool.query(`
      insert into orders (customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                          address, city, mobile_number, pin_code, created_at)
      select (array['Asha','Ravi','Sita','Kiran','Meena','Anil','Deepa','Gita'])[1 + g % 8],
             (array['Rao','Kumar','Iyer','Shah','Bose','Nair','Patel','Menon','Das'])[1 + (g / 8) % 9] || g,
             10000, 10000, '12 MG Road', 'Pune', (9000000000 + g * 7919)::text, '411001',
             now() - make_interval(mins => g)
      from generate_series(1, 50000) as g`);
    await pool.query('vacuum analyze orders');
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await t?.close();
  });

  it('finds by name, mobile or number, and counts the matches, without reading every order', async () => {
    const cases: [string, string[]][] = [
      ['Kumar123', ['orders_customer_name_trgm_idx']],
      ['sita iyer1', ['orders_customer_name_trgm_idx']],
      ['98765 4', ['orders_customer_name_trgm_idx', 'orders_mobile_trgm_idx']],
      ['#41042', ['orders_order_number_unique', 'orders_customer_name_trgm_idx']],
    ];
    for (const [text, indexes] of cases) {
      const search = orderSearchOf(text) ?? undefined;
      const plans = await plansOf(async () => {
        await findAllOrders(db, { limit: 50, offset: 0 }, { search });
        await countOrders(db, { search });
      });
      expect(plans).toHaveLength(2);
      for (const { sql, plan } of plans) {
        const scans = orderScans(plan);
        expect(scans.length, sql).toBeGreaterThan(0);
        for (const scan of scans) expect(scan['Node Type'], `${sql}\n${JSON.stringify(plan)}`).not.toBe('Seq Scan');
        const used = scans.map((scan) => scan['Index Name']).filter(Boolean);
        expect(used, `${text}: ${JSON.stringify(plan)}`).toEqual(expect.arrayContaining(indexes));
      }
    }
  });
});
