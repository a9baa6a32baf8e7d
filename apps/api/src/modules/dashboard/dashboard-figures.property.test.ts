/**
 * The kept seller figures never drift from the orders (decision 0066): random runs of online
 * orders (alone and several at once, so in one group-commit batch), counter sales, packs (less, as
 * ordered, more), status moves, the shop's and the shopper's cancels, counter sales taken back, a
 * product deleted, and orders moved back in time by hand (then counted again, as a start does),
 * through the HTTP API. After every run, from the database: the kept figures per shop date and
 * status, and per shop date, product, name and unit, equal a count of the orders and their lines,
 * to the paisa and the gram; and the dashboard's counts and 30-day figures are what the queries over
 * every order answered before the figures were kept, today and with the month's window moved on and
 * back (decision 0072). Fixed seed, so a failure replays.
 */
import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES } from '@mandi/shared';
import { addDays, lineAmountPaise, orderTotals, paiseToRupees, shopDateOf, shopDayRange } from '@mandi/shared/kernel';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { SHIPPING_BENGALURU } from '../../../test/place-and-pack.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { deliveryZones } from '../../db/schema.js';
import { recountFigures } from './dashboard.figures.js';
import { DASHBOARD_DAYS, getSalesTrend, getShopCounts, getTopProducts } from './dashboard.service.js';

const SEED = 20_261_201;
const DAY_MS = 24 * 60 * 60_000;
const RUNS = 20;
const MAX_STEPS = 30;

/** Rates with odd paise, so line amounts round; a counted unit beside the kg. */
const SPECS = [
  { name: 'Desi Tomato', unit: 'kg', rate: 40.25, options: [0.5, 1, 2] },
  { name: 'Nashik Onion', unit: 'kg', rate: 33.33, options: [1, 2.5] },
  { name: 'Toned Milk', unit: 'litre', rate: 56, options: [0.5, 1] },
  { name: 'Eggs', unit: 'dozen', rate: 84.5, options: [1, 2] },
] as const;

const pick = fc.nat();
const step = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('online' as const),
      shopper: fc.constantFrom(0, 1),
      /** How many checkouts arrive at once: several share one transaction. */
      together: fc.constantFrom(1, 1, 1, 3),
      lines: fc.uniqueArray(fc.record({ product: fc.nat({ max: SPECS.length - 1 }), option: fc.nat() }), {
        selector: (line) => line.product,
        minLength: 1,
        maxLength: 3,
      }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sale' as const),
      lines: fc.uniqueArray(
        fc.record({ product: fc.nat({ max: SPECS.length - 1 }), grams: fc.integer({ min: 100, max: 3000 }) }),
        { selector: (line) => line.product, minLength: 1, maxLength: 3 },
      ),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('pack' as const),
      pick,
      packed: fc.constantFrom(0.9, 1, 1.1, 0),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      pick,
      to: fc.constantFrom('Shipped', 'Delivered', 'Cancelled'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('shopperCancel' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('takeBack' as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteProduct' as const), pick }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('backdate' as const),
      pick,
      /** Hours back: across shop midnights and out of the 30-day window. */
      hours: fc.integer({ min: 1, max: 40 * 24 }),
    }),
  },
);
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

let t: TestApp;
let adminCookie: string;
let shoppers: string[] = [];

beforeAll(async () => {
  // The real clock: orders take the database's time when placed, and the figures' window is read as of now.
  t = await buildTestApp({ STANDING_ORDERS_CLOCK: 'off' });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shoppers = [
    await sessionCookie(t.db, (await createUser(t.db)).id),
    await sessionCookie(t.db, (await createUser(t.db)).id),
  ];
  // A fee below ₹300: packing judges it again, so a pack may move an order's total by more than its lines.
  await t.db.insert(deliveryZones).values({
    name: 'Bengaluru',
    pinPrefixes: ['5'],
    deliveryFeePaise: 2500,
    freeAbovePaise: 30_000,
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, cookie = adminCookie) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Any answer but a failure of the server: a refusal (stock, a status that does not allow it) is the run's business. */
const notBroken = (response: { statusCode: number; body: string }) => {
  expect(response.statusCode, response.body).toBeLessThan(500);
  return response.statusCode < 300;
};

type OrderAnswer = { _id: string; orderItems: { _id: string; quantity: number }[] };

class Run {
  products: { id: string; ratePaise: number; options: readonly number[] }[] = [];
  online: OrderAnswer[] = [];
  sales: string[] = [];
  device = '';
  sequence = 1;

  static async open(): Promise<Run> {
    const run = new Run();
    const { id: categoryId } = await createCategory(t.db);
    // Names of their own in each run: the top list ranks equal kg by name.
    const runName = randomUUID().slice(0, 6);
    for (const spec of SPECS) {
      const product = await createProduct(t.db, {
        categoryId,
        name: `${spec.name} ${runName}`,
        unit: spec.unit,
        rate: spec.rate,
        stockKg: 40,
        weightsKg: [...spec.options],
      });
      run.products.push({ id: product.id, ratePaise: product.ratePaise, options: spec.options });
    }
    const device = await call('POST', '/api/admin/counter/devices', { name: `Counter ${randomUUID().slice(0, 8)}` });
    expect(device.statusCode, device.body).toBe(201);
    run.device = body<{ device: { _id: string } }>(device).device._id;
    return run;
  }

  private order(index: number): OrderAnswer | undefined {
    return this.online[index % Math.max(1, this.online.length)];
  }

  async do(action: Step): Promise<void> {
    switch (action.kind) {
      case 'online': {
        const cartItems = action.lines.map((line) => {
          const product = this.products[line.product] as Run['products'][number];
          return { id: product.id, quantity: product.options[line.option % product.options.length] as number };
        });
        const answers = await Promise.all(
          Array.from({ length: action.together }, () =>
            call(
              'POST',
              '/api/user/new/order',
              { cartItems, shippingInfo: SHIPPING_BENGALURU },
              shoppers[action.shopper],
            ),
          ),
        );
        for (const answer of answers) {
          if (notBroken(answer)) this.online.push(body<{ order: OrderAnswer }>(answer).order);
        }
        return;
      }
      case 'sale': {
        const lines = action.lines.map((line) => ({
          product: this.products[line.product] as Run['products'][number],
          grams: line.grams,
        }));
        const totalPaise = orderTotals(
          lines.reduce((sum, line) => sum + lineAmountPaise(line.product.ratePaise, line.grams), 0),
          { isFinal: true },
        ).totalPaise;
        const response = await call('POST', '/api/admin/counter/sales', {
          deviceId: this.device,
          clientSaleId: randomUUID(),
          sequence: this.sequence,
          soldAt: new Date().toISOString(),
          offline: false,
          customerId: null,
          lines: lines.map((line) => ({ productId: line.product.id, quantity: line.grams / 1000, source: 'manual' })),
          tenders: [{ method: 'Cash', amount: paiseToRupees(totalPaise) }],
        });
        if (notBroken(response)) {
          this.sequence += 1;
          this.sales.push(body<{ sale: { orderId: string } }>(response).sale.orderId);
        }
        return;
      }
      case 'pack': {
        const order = this.order(action.pick);
        if (!order) return;
        const items = order.orderItems.map((item) => ({
          _id: item._id,
          packedQuantity: Math.round(item.quantity * action.packed * 1000) / 1000,
        }));
        notBroken(await call('PUT', `/api/admin/orders/${order._id}/pack`, { items }));
        return;
      }
      case 'move': {
        const order = this.order(action.pick);
        if (order) notBroken(await call('PUT', `/api/user/update/order/${order._id}`, { oStatus: action.to }));
        return;
      }
      case 'shopperCancel': {
        const order = this.order(action.pick);
        if (!order) return;
        for (const cookie of shoppers)
          notBroken(await call('PUT', `/api/user/my/order/${order._id}/cancel`, {}, cookie));
        return;
      }
      case 'takeBack': {
        const sale = this.sales[action.pick % Math.max(1, this.sales.length)];
        if (sale) {
          notBroken(
            await call('POST', `/api/admin/counter/sales/${sale}/cancel`, {
              reason: 'Returned',
              refund: { method: 'Cash', reference: '' },
            }),
          );
        }
        return;
      }
      case 'deleteProduct': {
        // Its lines lose their product id; the figures then read them by name, as the orders do.
        const product = this.products[action.pick % this.products.length];
        if (product) notBroken(await call('DELETE', `/api/product/delete/${product.id}`));
        return;
      }
      case 'backdate': {
        // A placing time changed by hand (as a seed or psql would), then counted again as a start would.
        const order = this.order(action.pick);
        if (!order) return;
        await t.db.execute(
          sql`update orders set created_at = created_at - make_interval(hours => ${action.hours}) where id = ${order._id}::uuid`,
        );
        await t.db.transaction((tx) => recountFigures(tx));
        return;
      }
    }
  }
}

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (query: Promise<unknown>) =>
  ((await query) as Rows).rows.map((row) => Object.values(row).map((value) => String(value)));

const shopDate = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`);

/** The kept figures and the orders counted, in the same shape and order. */
async function figuresBothWays() {
  const kept = {
    orders: await rowsOf(
      t.db.execute(sql`
        select to_char(shop_date, 'YYYY-MM-DD') as d, status::text, sum(orders)::bigint as orders, sum(total_paise)::bigint as paise
        from dashboard_order_figures
        group by 1, 2
        having sum(orders) <> 0 or sum(total_paise) <> 0
        order by 1, 2`),
    ),
    // A deleted product's rows read under no product, by name, as its lines now are.
    lines: await rowsOf(
      t.db.execute(sql`
        select to_char(f.shop_date, 'YYYY-MM-DD') as d, coalesce(p.id::text, '-') as product, f.name, f.unit,
               sum(f.lines)::bigint as lines, sum(f.quantity_grams)::bigint as grams, sum(f.amount_paise)::bigint as paise
        from dashboard_product_figures f left join products p on p.id = f.product_id
        group by 1, 2, 3, 4
        having sum(f.lines) <> 0 or sum(f.quantity_grams) <> 0 or sum(f.amount_paise) <> 0
        order by 1, 2, f.name collate "C", 4`),
    ),
    // The month's rows per product (decision 0072), from the first date of their window on.
    month: await rowsOf(
      t.db.execute(sql`
        select coalesce(p.id::text, '-') as product, m.name, m.unit,
               sum(m.lines)::bigint as lines, sum(m.quantity_grams)::bigint as grams, sum(m.amount_paise)::bigint as paise
        from dashboard_product_month m left join products p on p.id = m.product_id
        group by 1, 2, 3
        having sum(m.lines) <> 0 or sum(m.quantity_grams) <> 0 or sum(m.amount_paise) <> 0
        order by 1, m.name collate "C", 3`),
    ),
  };
  const counted = {
    orders: await rowsOf(
      t.db.execute(sql`
        select ${shopDate('created_at')} as d, status::text, count(*)::bigint as orders, sum(total_paise)::bigint as paise
        from orders group by 1, 2 order by 1, 2`),
    ),
    lines: await rowsOf(
      t.db.execute(sql`
        select ${shopDate('o.created_at')} as d, coalesce(oi.product_id::text, '-') as product, oi.name, oi.unit,
               count(*)::bigint as lines, sum(coalesce(oi.packed_grams, oi.quantity_grams))::bigint as grams,
               sum(oi.amount_paise)::bigint as paise
        from orders o join order_items oi on oi.order_id = o.id
        where o.status <> 'Cancelled'
        group by 1, 2, 3, 4
        order by 1, 2, oi.name collate "C", 4`),
    ),
    month: await rowsOf(
      t.db.execute(sql`
        select coalesce(oi.product_id::text, '-') as product, oi.name, oi.unit,
               count(*)::bigint as lines, sum(coalesce(oi.packed_grams, oi.quantity_grams))::bigint as grams,
               sum(oi.amount_paise)::bigint as paise
        from orders o join order_items oi on oi.order_id = o.id
        where o.status <> 'Cancelled'
          and ${shopDate('o.created_at')} >= (select to_char(first_date, 'YYYY-MM-DD') from dashboard_month_window)
        group by 1, 2, 3
        order by 1, oi.name collate "C", 3`),
    ),
  };
  return { kept, counted };
}

/** The dashboard's answers as they were counted from every order before decision 0066 (the same SQL). */
async function answersCountedFromOrders(now: Date) {
  const byStatus = await rowsOf(
    t.db.execute(
      sql`select status::text, count(*)::bigint as n, coalesce(sum(total_paise), 0)::bigint as paise from orders group by status`,
    ),
  );
  const ordersByStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0]));
  for (const [status, n] of byStatus) ordersByStatus[status as string] = Number(n);
  const first = addDays(shopDateOf(now), -(DASHBOARD_DAYS - 1));
  const since = shopDayRange(first).from.toISOString();
  const billed = new Map(
    (
      await rowsOf(
        t.db.execute(sql`
          select ${shopDate('created_at')} as d, sum(total_paise)::bigint as paise from orders
          where created_at >= ${since}::timestamptz and status <> 'Cancelled' group by 1`),
      )
    ).map(([date, paise]) => [date, Number(paise)]),
  );
  const top = await rowsOf(
    t.db.execute(sql`
      select oi.product_id, min(oi.name) as name, sum(coalesce(oi.packed_grams, oi.quantity_grams))::bigint as grams
      from orders o join order_items oi on oi.order_id = o.id
      where o.created_at >= ${since}::timestamptz and o.status <> 'Cancelled'
      group by oi.product_id, case when oi.product_id is null then oi.name end
      having sum(coalesce(oi.packed_grams, oi.quantity_grams)) > 0
      order by grams desc, name
      limit 10`),
  );
  const topByMoney = await rowsOf(
    t.db.execute(sql`
      select oi.product_id, min(oi.name) as name, oi.unit,
             sum(coalesce(oi.packed_grams, oi.quantity_grams))::bigint as thousandths, sum(oi.amount_paise)::bigint as paise
      from orders o join order_items oi on oi.order_id = o.id
      where o.created_at >= ${since}::timestamptz and o.status <> 'Cancelled'
      group by oi.product_id, oi.unit, case when oi.product_id is null then oi.name end
      having sum(oi.amount_paise) > 0
      order by paise desc, name, oi.unit
      limit 10`),
  );
  return {
    topByMoney: topByMoney.map(([productId, name, unit, thousandths, paise]) => ({
      productId: productId === 'null' ? null : String(productId),
      name: String(name),
      unit: String(unit),
      quantity: Number(thousandths) / 1000,
      amount: paiseToRupees(Number(paise)),
    })),
    ordersByStatus,
    ordersCount: byStatus.reduce((sum, [, n]) => sum + Number(n), 0),
    deliveredAmount: paiseToRupees(Number(byStatus.find(([status]) => status === 'Delivered')?.[2] ?? 0)),
    billedByDay: Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
      const date = addDays(first, i);
      return { date, amount: paiseToRupees(billed.get(date) ?? 0) };
    }),
    topProducts: top.map(([productId, name, grams]) => ({
      productId: productId === 'null' ? null : String(productId),
      name: String(name),
      quantity: Number(grams) / 1000,
    })),
  };
}

describe('the kept seller figures', () => {
  it('equal a count of the orders after any run of order moments, and the dashboard answers as before', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: MAX_STEPS }), async (steps) => {
        const run = await Run.open();
        for (const action of steps) await run.do(action);
        const { kept, counted } = await figuresBothWays();
        expect(kept.orders).toEqual(counted.orders);
        expect(kept.lines).toEqual(counted.lines);
        expect(kept.month).toEqual(counted.month);

        const now = new Date();
        const [counts, trend, before] = [
          await getShopCounts(t.db),
          await getSalesTrend(t.db, now),
          await answersCountedFromOrders(now),
        ];
        expect({
          ordersByStatus: counts.ordersByStatus,
          ordersCount: counts.ordersCount,
          deliveredAmount: counts.deliveredAmount,
        }).toEqual({
          ordersByStatus: before.ordersByStatus,
          ordersCount: before.ordersCount,
          deliveredAmount: before.deliveredAmount,
        });
        expect(trend.billedByDay).toEqual(before.billedByDay);
        // Ties (equal kg, equal name) may come in either order from either query.
        const ranked = (list: { productId: string | null; name: string; quantity: number }[]) =>
          [...list].sort(
            (a, b) =>
              b.quantity - a.quantity ||
              a.name.localeCompare(b.name) ||
              String(a.productId).localeCompare(String(b.productId)),
          );
        expect(ranked(trend.topProducts)).toEqual(ranked(before.topProducts));
        // The top products per unit, by money (the same 30 shop dates), as the orders' lines count them.
        const byMoney = (list: { productId: string | null; name: string; unit: string; amount: number }[]) =>
          [...list].sort(
            (a, b) =>
              b.amount - a.amount ||
              a.name.localeCompare(b.name) ||
              a.unit.localeCompare(b.unit) ||
              String(a.productId).localeCompare(String(b.productId)),
          );
        expect(byMoney((await getTopProducts(t.db, now)).products)).toEqual(byMoney(before.topByMoney));

        // The month's window moved 20 shop dates on (it loses the dates at its start), 10 back from
        // today (it gains dates of orders moved back by hand) and to today again: the same answers as
        // the orders' lines counted over each window.
        for (const at of [new Date(now.getTime() + 20 * DAY_MS), new Date(now.getTime() - 10 * DAY_MS), now]) {
          const counted = await answersCountedFromOrders(at);
          expect(ranked((await getSalesTrend(t.db, at)).topProducts)).toEqual(ranked(counted.topProducts));
          expect(byMoney((await getTopProducts(t.db, at)).products)).toEqual(byMoney(counted.topByMoney));
        }
        const { kept: keptAfter, counted: countedAfter } = await figuresBothWays();
        expect(keptAfter.month).toEqual(countedAfter.month);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 600_000);
});
