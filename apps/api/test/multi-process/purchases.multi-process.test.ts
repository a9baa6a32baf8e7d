/**
 * Two real server processes on one PostgreSQL database (decision 0035): purchases of a product,
 * checkouts of it and write-offs of it at the same moment on both. The stock adds up exactly
 * (what the shop holds + what the orders hold + what was written off = what it had + what was
 * bought), the cost stays the one landed rate bought at, and a supplier named by both processes at
 * once is one supplier. Runs only when TEST_DATABASE_URL is set.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, products, purchases, suppliers, wastageEntries } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, runLimited, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const PURCHASES = 16;
const ORDERS = 16;
const WRITE_OFFS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)('purchases beside orders across two server processes', () => {
  const group = useServerGroup(2);

  it('concurrent purchases, checkouts and write-offs of one product keep its stock and cost exact', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 4, weightsKg: [1, 2] });
    // The stock on hand already cost ₹20 a kg: every purchase lands at ₹20 too, so the average stays.
    await group.db.db.update(products).set({ costRatePaise: 2000 }).where(eq(products.id, product.id));
    const shopper = await createUser(group.db.db, { firstName: 'Lakshmi' });
    const shopperCookies = [
      await login(a.url, shopper.email, TEST_PASSWORD),
      await login(b.url, shopper.email, TEST_PASSWORD),
    ];
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];
    const today = shopDateOf(new Date());
    const on = (i: number) => (group.servers[i % 2] as ServerProcess).url;

    const tasks = [];
    for (let i = 0; i < Math.max(PURCHASES, ORDERS); i += 1) {
      if (i < PURCHASES) {
        tasks.push(() =>
          call(on(i), 'POST', '/api/admin/purchases', {
            cookie: adminCookies[i % 2],
            // 1.1 kg gross, 0.1 kg tare at ₹16 with 10% commission and ₹2.40 of transport: ₹20 a kg landed.
            json: {
              supplier: i % 2 === 0 ? 'Both Process Traders' : 'both process traders',
              date: today,
              commissionPercent: 10,
              charges: [{ label: 'Transport', amount: 2.4 }],
              lines: [{ productId: product.id, grossQuantity: 1.1, tareQuantity: 0.1, rate: 16 }],
            },
          }),
        );
      }
      if (i < ORDERS) {
        tasks.push(() =>
          call(on(i + 1), 'POST', '/api/user/new/order', {
            cookie: shopperCookies[(i + 1) % 2],
            json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
          }),
        );
      }
      if (i < WRITE_OFFS) {
        tasks.push(() =>
          call(on(i), 'POST', '/api/admin/wastage', {
            cookie: adminCookies[i % 2],
            json: { productId: product.id, quantity: 0.5, reason: 'rotten' },
          }),
        );
      }
    }
    const answers = await runLimited(tasks, 12);
    expect(answers.map((answer) => answer.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);

    const [bought] = await group.db.db.select({ n: sql<number>`count(*)::int` }).from(purchases);
    expect(bought?.n).toBe(PURCHASES);
    expect(await group.db.db.select({ name: suppliers.name }).from(suppliers)).toHaveLength(1);

    const [held] = await group.db.db
      .select({ grams: sql<number>`coalesce(sum(${orderItems.quantityGrams}), 0)::int` })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.productId, product.id));
    const [wasted] = await group.db.db
      .select({ grams: sql<number>`coalesce(sum(${wastageEntries.quantityGrams}), 0)::int` })
      .from(wastageEntries)
      .where(eq(wastageEntries.productId, product.id));
    const [now] = await group.db.db
      .select({ stock: products.stockGrams, cost: products.costRatePaise })
      .from(products)
      .where(eq(products.id, product.id));
    expect(now?.stock).toBeGreaterThanOrEqual(0);
    expect((now?.stock ?? 0) + (held?.grams ?? 0) + (wasted?.grams ?? 0)).toBe(4000 + PURCHASES * 1000);
    expect(now?.cost).toBe(2000);
  }, 180_000);
});
