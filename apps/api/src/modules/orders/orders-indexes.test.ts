/**
 * The admin orders search (issue 42) is served from indexes at shop scale (50,000 orders): the
 * list and count queries are captured exactly as orders.repository.ts builds them, then EXPLAINed
 * on PostgreSQL; no plan reads the whole orders table. Runs only with TEST_DATABASE_URL (PGlite's
 * planner statistics are not the server's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, isPostgresRun, type TestApp } from '../../../test/build-test-app.js';
import { capturePlans, type PlanCapture, scansOf } from '../../../test/query-plans.js';
import { countOrders, findAllOrders } from './orders.repository.js';
import { orderSearchOf } from './orders.rules.js';

let t: TestApp;
let plans: PlanCapture;

describe.skipIf(!isPostgresRun)('admin orders search at 50,000 orders', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    plans = capturePlans(t.config.databaseUrl as string);
    await plans.pool.query(`
      insert into orders (customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                          address, city, mobile_number, pin_code, created_at)
      select (array['Asha','Ravi','Sita','Kiran','Meena','Anil','Deepa','Gita'])[1 + g % 8],
             (array['Rao','Kumar','Iyer','Shah','Bose','Nair','Patel','Menon','Das'])[1 + (g / 8) % 9] || g,
             10000, 10000, '12 MG Road', 'Pune', (9000000000 + g * 7919)::text, '411001',
             now() - make_interval(mins => g)
      from generate_series(1, 50000) as g`);
    await plans.pool.query('vacuum analyze orders');
  }, 120_000);

  afterAll(async () => {
    await plans?.close();
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
      const found = await plans.plansOf(async () => {
        await findAllOrders(plans.db, { limit: 50, offset: 0 }, { search });
        await countOrders(plans.db, { search });
      });
      expect(found).toHaveLength(2);
      for (const { sql, plan } of found) {
        const scans = scansOf('orders', plan);
        expect(scans.length, sql).toBeGreaterThan(0);
        for (const scan of scans) expect(scan['Node Type'], `${sql}\n${JSON.stringify(plan)}`).not.toBe('Seq Scan');
        const used = scans.map((scan) => scan['Index Name']).filter(Boolean);
        expect(used, `${text}: ${JSON.stringify(plan)}`).toEqual(expect.arrayContaining(indexes));
      }
    }
  });
});
