/**
 * The pick list kept by one server process follows the orders written through another: placing
 * and packing on one server change the list the other one answers with (the bus carries the
 * 'orders' tag). Runs only when TEST_DATABASE_URL is set (PGlite is one process).
 */

import { shopDateOf } from '@mandi/shared/kernel';
import { describe, expect, it } from 'vitest';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

/** The bus delivers within milliseconds; this only bounds a slow machine. */
const BUS_DEADLINE_MS = 5000;

interface PicklistItem {
  productId: string;
  quantity: number;
  orders: number;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('the pick list kept by another server process', () => {
  const group = useServerGroup(2);

  it('shows an order placed and packed on the other server', async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const product = await createProduct(group.db.db, { name: 'Bhindi', stockKg: 100, weightsKg: [1] });
    const shopper = await createUser(group.db.db);
    const shopperCookie = await login(a.url, shopper.email, TEST_PASSWORD);
    const adminOnA = await login(a.url, ADMIN.email, ADMIN.password);
    const adminOnB = await login(b.url, ADMIN.email, ADMIN.password);
    // Orders take the database's clock: without a delivery slot they count on the real shop date.
    const date = shopDateOf(new Date());

    const bhindiOnB = async (): Promise<PicklistItem | undefined> => {
      const answer = await call(b.url, 'GET', `/api/admin/picklist?date=${date}`, { cookie: adminOnB });
      expect(answer.status).toBe(200);
      return (answer.body.items as PicklistItem[]).find((item) => item.productId === product.id);
    };
    /** B's list as soon as it matches, or its last answer once the deadline passed. */
    const untilOnB = async (matches: (item: PicklistItem | undefined) => boolean) => {
      const until = Date.now() + BUS_DEADLINE_MS;
      let item = await bhindiOnB();
      while (!matches(item) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        item = await bhindiOnB();
      }
      return item;
    };

    // Read twice on B: the second answer comes from B's cache.
    expect(await bhindiOnB()).toBeUndefined();
    expect(await bhindiOnB()).toBeUndefined();

    const placed = await call(a.url, 'POST', '/api/user/new/order', {
      cookie: shopperCookie,
      json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING },
    });
    expect(placed.status).toBe(201);
    const order = placed.body.order as { _id: string; orderItems: { _id: string }[] };
    expect(await untilOnB((item) => item !== undefined)).toEqual(expect.objectContaining({ quantity: 1, orders: 1 }));

    const packed = await call(a.url, 'PUT', `/api/admin/orders/${order._id}/pack`, {
      cookie: adminOnA,
      json: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: '1.08' })) },
    });
    expect(packed.status).toBe(200);
    expect(await untilOnB((item) => item?.quantity === 1.08)).toEqual(
      expect.objectContaining({ quantity: 1.08, orders: 1 }),
    );
  }, 180_000);
});
