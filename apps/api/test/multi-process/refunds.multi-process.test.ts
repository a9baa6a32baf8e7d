/**
 * Refunds across two real server processes on one PostgreSQL database (decision 0032): a paid
 * order cancelled at once from both processes, each cancel carrying a refund, is cancelled once
 * with one refund; the stock comes back once. Runs only when TEST_DATABASE_URL is set (PGlite is
 * one process).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderBills, orderEvents, orders, products } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const CANCELS = 8;

describe.skipIf(!process.env.TEST_DATABASE_URL)('refunds on two server processes', () => {
  const group = useServerGroup(2);

  it(`${CANCELS} concurrent cancels of one paid order: one succeeds, one refund, stock back once`, async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Desi Tomato', rate: 40, stockKg: 100, weightsKg: [2] });
    const shopper = await createUser(group.db.db);
    const shopperCookie = await login(a.url, shopper.email, TEST_PASSWORD);
    const adminCookies = [
      await login(a.url, ADMIN.email, ADMIN.password),
      await login(b.url, ADMIN.email, ADMIN.password),
    ];

    const placed = await call(a.url, 'POST', '/api/user/new/order', {
      cookie: shopperCookie,
      json: { cartItems: [{ id: product.id, quantity: 2 }], shippingInfo: SHIPPING },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; orderItems: { _id: string }[] };
    const packed = await call(b.url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
      cookie: adminCookies[1],
      json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '2' })) },
    });
    expect(packed.status).toBe(200);
    const paid = await call(a.url, 'PUT', `/api/admin/orders/${order._id}/payment`, {
      cookie: adminCookies[0],
      json: { method: 'UPI', reference: '633012345678' },
    });
    expect(paid.status).toBe(200);
    const total = (paid.body.order as { total: number }).total;

    // The shopper's own cancel is refused (paid), first: sent among the shop's cancels it could
    // meet the order already cancelled, a refusal in other words. Then the shop's cancels race on
    // both processes.
    const own = await call(a.url, 'PUT', `/api/user/my/order/${order._id}/cancel`, { cookie: shopperCookie });
    expect(own.status).toBe(409);
    expect(own.body.code).toBe('cancelPaidAskShop');
    const cancels = await Promise.all(
      Array.from({ length: CANCELS }, (_, i) =>
        call((group.servers[i % 2] as ServerProcess).url, 'PUT', `/api/user/update/order/${order._id}`, {
          cookie: adminCookies[i % 2],
          json: {
            oStatus: 'Cancelled',
            refund:
              i % 3 === 0 ? { method: 'Cash', reference: `R-${i}` } : { method: 'UPI', reference: `73459876123${i}` },
          },
          timeoutMs: 60_000,
        }),
      ),
    );
    expect(cancels.map((answer) => answer.status).sort()).toEqual([200, ...Array(CANCELS - 1).fill(409)]);
    const winner = cancels.find((answer) => answer.status === 200);
    if (!winner) throw new Error('no cancel succeeded');
    const refund = (winner.body.Order as { refund: { method: string; reference: string; amount: number } }).refund;
    expect(refund.amount).toBe(total);

    const [row] = await group.db.db
      .select({ status: orders.status, bill: orderBills })
      .from(orders)
      .innerJoin(orderBills, eq(orderBills.orderId, orders.id))
      .where(eq(orders.id, order._id));
    expect(row?.status).toBe('Cancelled');
    // The refund is billing's (order_bills, decision 0058).
    expect(row?.bill).toMatchObject({
      refundMethod: refund.method,
      refundReference: refund.reference,
      refundAmountPaise: Math.round(total * 100),
    });
    const events = await group.db.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id));
    expect(events.filter((event) => event.kind === 'refund')).toHaveLength(1);
    expect(events.filter((event) => event.kind === 'cancelled')).toHaveLength(1);
    const [stock] = await group.db.db
      .select({ grams: products.stockGrams })
      .from(products)
      .where(eq(products.id, product.id));
    expect(stock?.grams).toBe(100_000);
  }, 180_000);
});
