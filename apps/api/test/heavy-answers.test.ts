/**
 * Heavy answers never hold the event loop (issue 29, decision 0039): a month of a busy shop's bills
 * (seeded with SQL, as the scale data set is) exported as the bills register's CSV, the margin
 * report's CSV and GSTR-1, while a probe timer measures the longest stretch the loop could not run
 * it. Built in one go, each of them held the loop for hundreds of milliseconds; read in pages and
 * written in slices, no stretch is longer than one page. The bound leaves room for a loaded
 * two-core machine and a garbage collection. PGlite (the database runs on the same loop, so each
 * page's query counts too), and PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { createProduct, createUser } from './factories.js';
import { sessionCookie } from './test-sessions.js';

const BILLS = 8000;
/**
 * The longest stretch may take this share of the whole answer's time at most. Relative, not in
 * milliseconds: on a loaded machine everything takes several times longer, the split does not. Built
 * in one go, an answer was one stretch (over 95% of its time); in pages, each is a few per cent.
 */
const MAX_BLOCK_SHARE = 0.2;

let t: TestApp;
let adminCookie: string;

/** The longest gap between the probe's ticks while `work` runs: how long the loop was held at a stretch. */
async function longestBlock<T>(work: () => Promise<T>): Promise<{ result: T; maxBlockMs: number; totalMs: number }> {
  const start = performance.now();
  let last = start;
  let maxBlockMs = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    maxBlockMs = Math.max(maxBlockMs, now - last);
    last = now;
  }, 1);
  try {
    const result = await work();
    maxBlockMs = Math.max(maxBlockMs, performance.now() - last);
    const totalMs = performance.now() - start;
    if (process.env.HEAVY_ANSWERS_LOG)
      console.info(`${Math.round(maxBlockMs)} ms longest of ${Math.round(totalMs)} ms`);
    return { result, maxBlockMs, totalMs };
  } finally {
    clearInterval(probe);
  }
}

beforeAll(async () => {
  t = await buildTestApp(
    { SHOP_STATE: 'Karnataka', SHOP_GSTIN: '29AAJCM4321F1ZJ', INVOICE_PREFIX: 'M' },
    { now: () => new Date('2026-10-20T06:00:00Z') },
  );
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, {});
  adminCookie = await sessionCookie(t.db, admin.id);
  for (const [i, gstRate] of [0, 5, 12, 18, 0, 5, 0, 18].entries()) {
    await createProduct(t.db, { name: `Scale Product ${i}`, rate: 40 + i * 7, gstRate, hsnCode: '0702' });
  }
  // September 2026, shop time: BILLS bills numbered in order, two or three lines each, packed,
  // every tenth paid by UPI and every fiftieth cancelled.
  await t.db.execute(sql`
    insert into orders (user_id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                        status, address, city, mobile_number, pin_code, created_at, packed_at,
                        invoice_number, invoice_year, invoice_seq, invoiced_at, payment_method, payment_reference, paid_at)
    select ${shopper.id}, 'Buyer', 'Number ' || g, 0, 0,
           (case when g % 50 = 0 then 'Cancelled' else 'Delivered' end)::order_status,
           g || ' Market Road', 'Bengaluru', '9876543210', '560011',
           timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300),
           timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300),
           'M/2026-27/' || lpad(g::text, 6, '0'), '2026-27', g,
           timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300),
           case when g % 10 = 0 then 'UPI' end, case when g % 10 = 0 then '4321' || lpad(g::text, 8, '0') end,
           case when g % 10 = 0 then timestamptz '2026-09-29 00:00:00+00' end
    from generate_series(1, ${BILLS}) as g`);
  await t.db.execute(sql`
    with bills as (select id, invoice_seq as n from orders where invoice_seq is not null),
         prods as (select id, name, rate_paise, gst_rate, hsn_code, row_number() over (order by name) - 1 as rn from products)
    insert into order_items (order_id, product_id, name, image_url, quantity_grams, packed_grams, rate_paise,
                             amount_paise, position, hsn_code, gst_rate, unit, cost_rate_paise)
    select b.id, p.id, p.name, '', 1000 + k * 500, 1000 + k * 500, p.rate_paise,
           (p.rate_paise * (1000 + k * 500) + 500) / 1000, k, p.hsn_code, p.gst_rate, 'kg', p.rate_paise * 8 / 10
    from bills b cross join lateral generate_series(0, (b.n % 2 + 1)::int) as k
    join prods p on p.rn = (b.n + k * 3) % 8`);
  await t.db.execute(sql`
    update orders o set total_paise = s.total, estimated_total_paise = s.total
    from (select order_id, sum(amount_paise)::int as total from order_items group by order_id) s
    where s.order_id = o.id`);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: { cookie: adminCookie } });

describe('heavy answers at the scale of a busy month', () => {
  it('the bills register CSV of 8,000 bills', async () => {
    const { result, maxBlockMs, totalMs } = await longestBlock(() => get('/api/admin/bills?month=2026-09&format=csv'));
    expect(result.statusCode).toBe(200);
    const lines = result.body.split('\r\n');
    expect(lines).toHaveLength(BILLS + 2);
    expect(lines[1]).toMatch(/^"M\/2026-27\/000001",/);
    expect(lines[BILLS]).toMatch(/^"M\/2026-27\/008000",/);
    expect(maxBlockMs).toBeLessThan(totalMs * MAX_BLOCK_SHARE);
  });

  it('the margin report CSV over the month', async () => {
    const { result, maxBlockMs, totalMs } = await longestBlock(() =>
      get('/api/admin/reports/margin?from=2026-09-01&to=2026-09-30&format=csv'),
    );
    expect(result.statusCode).toBe(200);
    expect(result.body.split('\r\n')).toHaveLength(8 + 3);
    expect(maxBlockMs).toBeLessThan(totalMs * MAX_BLOCK_SHARE);
  });

  it('GSTR-1 of the month, and one of its tables as CSV', async () => {
    for (const url of [
      '/api/admin/gst/gstr1?period=092026',
      '/api/admin/gst/gstr1?period=092026&format=csv&table=hsn',
    ]) {
      const { result, maxBlockMs, totalMs } = await longestBlock(() => get(url));
      expect(result.statusCode, result.body.slice(0, 300)).toBe(200);
      expect(maxBlockMs, url).toBeLessThan(totalMs * MAX_BLOCK_SHARE);
    }
  });
});
