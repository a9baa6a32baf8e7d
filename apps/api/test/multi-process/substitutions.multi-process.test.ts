/**
 * Two real server processes on one PostgreSQL database, sending a scarce substitute (decision
 * 0043) for many orders at the same moment, some of them packed again as ordered: no substitute is
 * oversold, each product's stock plus what the live orders hold of it never changes, and every
 * answer is a 200 or a 409. Runs only when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '../../src/db/schema.js';
import { createCategory, createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, runLimited, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const ORDERS = 10;

describe.skipIf(!process.env.TEST_DATABASE_URL)('substitutes across two server processes', () => {
  const group = useServerGroup(2);

  it('the last of a substitute goes to as many orders as it covers, and the stock of both stays exact', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    // One category: a similar item is of the ordered product's category.
    const { id: categoryId } = await createCategory(group.db.db);
    const tomato = await createProduct(group.db.db, {
      name: 'Desi Tomato',
      rate: 40,
      stockKg: 30,
      weightsKg: [1],
      categoryId,
    });
    const cherry = await createProduct(group.db.db, {
      name: 'Cherry Tomato',
      rate: 30,
      stockKg: 3,
      weightsKg: [1],
      categoryId,
    });
    const shopper = await createUser(group.db.db, { firstName: 'Lakshmi' });
    const shopperCookie = await login(a.url, shopper.email, TEST_PASSWORD);
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];

    const placed: { _id: string; itemId: string }[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const answer = await call(a.url, 'POST', '/api/user/new/order', {
        cookie: shopperCookie,
        json: { cartItems: [{ id: tomato.id, quantity: 1, substitution: 'similar' }], shippingInfo: SHIPPING },
      });
      expect(answer.status).toBe(201);
      const order = answer.body.order as { _id: string; orderItems: { _id: string }[] };
      placed.push({ _id: order._id, itemId: order.orderItems[0]?._id as string });
    }

    /** Per product: its stock plus what the live orders hold of it (the substitute once sent). */
    const ledger = async (productId: string) => {
      const [row] = await group.db.db
        .select({
          grams: sql<number>`coalesce(sum(coalesce(${orderItems.packedGrams}, ${orderItems.quantityGrams})), 0)::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          sql`${orders.status} <> 'Cancelled' and (case when ${orderItems.substituteName} is null then ${orderItems.productId} else ${orderItems.substituteProductId} end) = ${productId}`,
        );
      const [stock] = await group.db.db
        .select({ grams: products.stockGrams })
        .from(products)
        .where(eq(products.id, productId));
      return { held: row?.grams ?? 0, stock: stock?.grams ?? -1 };
    };
    const before = [await ledger(tomato.id), await ledger(cherry.id)];
    expect(before).toEqual([
      { held: 10_000, stock: 20_000 },
      { held: 0, stock: 3000 },
    ]);

    // Per order: the substitute from both processes at once, and for every third order a pack as
    // ordered racing them.
    const tasks = placed.flatMap((order, i) => {
      const pack = (k: number, item: object) => () =>
        call((group.servers[(i + k) % 2] as ServerProcess).url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
          cookie: adminCookies[(i + k) % 2],
          json: { items: [{ _id: order.itemId, ...item }] },
        });
      const jobs = [
        pack(0, { substitute: { productId: cherry.id, packedQuantity: 1 } }),
        pack(1, { substitute: { productId: cherry.id, packedQuantity: 1 } }),
      ];
      if (i % 3 === 0) jobs.push(pack(1, { packedQuantity: 1 }));
      return jobs;
    });
    const answers = await runLimited(tasks, 12);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(statuses).toContain(409);

    const after = [await ledger(tomato.id), await ledger(cherry.id)];
    expect(after[1]?.stock).toBeGreaterThanOrEqual(0);
    for (const [index, entry] of after.entries()) {
      const was = before[index] as { held: number; stock: number };
      expect(entry.stock + entry.held).toBe(was.stock + was.held);
    }
    // At most the 3 kg there were went out as substitutes.
    expect(after[1]?.held).toBeLessThanOrEqual(3000);
    expect(after[1]?.held).toBeGreaterThan(0);
  }, 180_000);
});
