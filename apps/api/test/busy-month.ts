/**
 * A busy month's bills, seeded with SQL as the scale data set is: for the heavy answers' test and
 * their timing benchmark (`bench/timings/heavy-answers.timing.ts`). September 2026, shop time:
 * `bills` bills numbered in order (`M/26-27/000001`, ...), two or three lines each over eight
 * products, packed, every tenth paid by UPI and every fiftieth cancelled.
 */
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { createProduct, createUser } from './factories.js';
import { sessionCookie } from './test-sessions.js';

export async function buildBusyMonth(bills: number): Promise<{ t: TestApp; adminCookie: string }> {
  const t = await buildTestApp(
    { SHOP_STATE: 'Karnataka', SHOP_GSTIN: '29AAJCM4321F1ZJ', INVOICE_PREFIX: 'M' },
    { now: () => new Date('2026-10-20T06:00:00Z') },
  );
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, {});
  const adminCookie = await sessionCookie(t.db, admin.id);
  for (const [i, gstRate] of [0, 5, 12, 18, 0, 5, 0, 18].entries()) {
    await createProduct(t.db, { name: `Scale Product ${i}`, rate: 40 + i * 7, gstRate, hsnCode: '0702' });
  }
  // September 2026, shop time: BILLS bills numbered in order, two or three lines each, packed,
  // every tenth paid by UPI and every fiftieth cancelled.
  await t.db.execute(sql`
    with made as (
      insert into orders (user_id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                          status, address, city, mobile_number, pin_code, created_at, packed_at)
      select ${shopper.id}, 'Buyer', 'Number ' || g, 0, 0,
             (case when g % 50 = 0 then 'Cancelled' else 'Delivered' end)::order_status,
             g || ' Market Road', 'Bengaluru', '9876543210', '560011',
             timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300),
             timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300)
      from generate_series(1, ${bills}) as g
      returning id, (regexp_replace(customer_last_name, '[^0-9]', '', 'g'))::int as g
    )
    -- The bill, its payment: billing's table (decision 0058).
    insert into order_bills (order_id, invoice_number, invoice_series, invoice_year, invoice_seq, invoiced_at,
                             payment_method, payment_reference, paid_at)
    select id, 'M/26-27/' || lpad(g::text, 6, '0'), 'M', '2026-27', g,
           timestamptz '2026-08-31 19:00:00+00' + make_interval(secs => g * 300),
           case when g % 10 = 0 then 'UPI' end, case when g % 10 = 0 then '4321' || lpad(g::text, 8, '0') end,
           case when g % 10 = 0 then timestamptz '2026-09-29 00:00:00+00' end
    from made`);
  await t.db.execute(sql`
    with bills as (select order_id as id, invoice_seq as n from order_bills where invoice_seq is not null),
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
  return { t, adminCookie };
}
