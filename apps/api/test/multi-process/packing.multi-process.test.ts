/**
 * Two real server processes on one PostgreSQL database, packing and cancelling the same orders at
 * the same moment: every order ends packed once per accepted packing or cancelled once, and the
 * stock is exact (what the shop holds plus what the live orders hold never changes). Runs only
 * when TEST_DATABASE_URL is set.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEvents, orderItems, orders, products } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, runLimited, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const ORDERS = 12;

describe.skipIf(!process.env.TEST_DATABASE_URL)('packing and cancelling across two server processes', () => {
  const group = useServerGroup(2);

  it('concurrent packs and cancels of the same orders leave the stock exact', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 30, weightsKg: [1, 2] });
    const shopper = await createUser(group.db.db, { firstName: 'Lakshmi' });
    const shopperCookies = [
      await login(a.url, shopper.email, TEST_PASSWORD),
      await login(b.url, shopper.email, TEST_PASSWORD),
    ];
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];

    const placed: { _id: string; itemId: string; grams: number }[] = [];
    for (let i = 0; i < ORDERS; i += 1) {
      const quantity = i % 2 === 0 ? 1 : 2;
      const answer = await call((group.servers[i % 2] as ServerProcess).url, 'POST', '/api/user/new/order', {
        cookie: shopperCookies[i % 2],
        json: { cartItems: [{ id: product.id, quantity }], shippingInfo: SHIPPING },
      });
      expect(answer.status).toBe(201);
      const order = answer.body.order as { _id: string; orderItems: { _id: string }[] };
      placed.push({ _id: order._id, itemId: order.orderItems[0]?._id as string, grams: quantity * 1000 });
    }
    // Little stock left, so packing more often finds none: the guarded take must refuse, not oversell.
    await group.db.db.update(products).set({ stockGrams: 300 }).where(eq(products.id, product.id));
    const held = async () => {
      const [row] = await group.db.db
        .select({
          grams: sql<number>`coalesce(sum(coalesce(${orderItems.packedGrams}, ${orderItems.quantityGrams})), 0)::int`,
        })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(sql`${orders.status} <> 'Cancelled' and ${orderItems.productId} = ${product.id}`);
      const [stock] = await group.db.db
        .select({ grams: products.stockGrams })
        .from(products)
        .where(eq(products.id, product.id));
      return { held: row?.grams ?? 0, stock: stock?.grams ?? -1 };
    };
    const before = await held();
    expect(before).toEqual({ held: 18_000, stock: 300 });

    // Per order: packs at 90 %, 110 % and 100 % from both processes, the owner's cancel on one
    // process and an admin's cancel on the other, all at once.
    const tasks = placed.flatMap((order, i) => {
      const on = (k: number) => (group.servers[(i + k) % 2] as ServerProcess).url;
      const pack = (k: number, percent: number) => () =>
        call(on(k), 'PUT', `/api/admin/orders/${order._id}/pack`, {
          cookie: adminCookies[(i + k) % 2],
          json: { items: [{ _id: order.itemId, packedQuantity: (order.grams * percent) / 100_000 }] },
        });
      const jobs = [pack(0, 90), pack(1, 110), pack(0, 100), pack(1, 105)];
      if (i % 3 !== 2) {
        jobs.push(() =>
          call(on(1), 'PUT', `/api/user/my/order/${order._id}/cancel`, { cookie: shopperCookies[(i + 1) % 2] }),
        );
        jobs.push(() =>
          call(on(0), 'PUT', `/api/user/update/order/${order._id}`, {
            cookie: adminCookies[i % 2],
            json: { oStatus: 'Cancelled' },
          }),
        );
      }
      return jobs;
    });
    // One order's jobs sit side by side, so they run at the same moment on both processes.
    const answers = await runLimited(tasks, 16);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    // Both outcomes happened: races were lost (cancelled first, or no stock to pack more).
    expect(statuses).toContain(200);
    expect(statuses).toContain(409);

    const after = await held();
    expect(after.stock).toBeGreaterThanOrEqual(0);
    // Nothing created or lost: the shop's stock plus what the live orders hold is unchanged.
    expect(after.stock + after.held).toBe(before.stock + before.held);

    // Each order cancelled at most once; those with cancel attempts are cancelled exactly once.
    const cancelled = await group.db.db
      .select({ orderId: orderEvents.orderId, n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .where(eq(orderEvents.kind, 'cancelled'))
      .groupBy(orderEvents.orderId);
    expect(cancelled.every((row) => row.n === 1)).toBe(true);
    expect(cancelled.map((row) => row.orderId).sort()).toEqual(
      placed
        .filter((_, i) => i % 3 !== 2)
        .map((order) => order._id)
        .sort(),
    );
    // Each live order's amount due is its packed weight's amount.
    const live = await group.db.db
      .select({ total: orders.totalPaise, packed: orderItems.packedGrams, ordered: orderItems.quantityGrams })
      .from(orders)
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(sql`${orders.status} = 'Processing' and ${orderItems.productId} = ${product.id}`);
    expect(live).toHaveLength(placed.filter((_, i) => i % 3 === 2).length);
    for (const row of live) {
      expect(row.packed).not.toBeNull();
      expect(row.total).toBe(Math.floor((4000 * (row.packed ?? 0) + 500) / 1000));
    }
  }, 180_000);
});
