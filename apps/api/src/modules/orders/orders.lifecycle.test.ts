/**
 * The order lifecycle seam: a participant that refuses an order undoes the whole order (nothing of
 * it saved, its stock left on the shelf for the next order), inside a group-commit batch and with
 * group commit off; a refused status change, packing or cancel leaves the order and stock as they were.
 */

import { serverMessage } from '@mandi/shared/server-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderEvents, orderItems, orders, products } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { OrderParticipant } from './orders.lifecycle.js';

const REFUSED_ADDRESS = '1 Nowhere Lane';
const HELD_CITY = 'Heldpur';
/** Packing and cancelling are refused for orders to this city (after stock has moved). */
const LOCKED_CITY = 'Scalepur';

/** Refuses orders to one address (after stock reserved theirs) and deliveries to one city. */
function refusingParticipant() {
  const seen = { batchSizes: [] as number[], written: [] as string[][] };
  const participant: OrderParticipant = {
    name: 'refuser',
    async place(_tx, batch) {
      seen.batchSizes.push(batch.requests.length);
      return {
        accept(order) {
          if (order.request.shipping?.address === REFUSED_ADDRESS) {
            throw new AppError(
              'conflict',
              serverMessage('requestRefused', { problem: 'We cannot deliver to this address' }),
            );
          }
          return undefined;
        },
        async write(_tx, accepted) {
          seen.written.push(accepted.map((order) => order.request.shipping?.address ?? ''));
          return [];
        },
      };
    },
    async statusChange(_tx, change) {
      if (change.to === 'Delivered' && change.order.city === HELD_CITY) {
        throw new AppError('conflict', serverMessage('requestRefused', { problem: 'This order is held at the depot' }));
      }
      return [];
    },
    async pack(_tx, packing) {
      if (packing.order.city === LOCKED_CITY)
        throw new AppError('conflict', serverMessage('requestRefused', { problem: 'The scale is being calibrated' }));
      return [];
    },
    async cancel(_tx, cancellation) {
      if (cancellation.order.city === LOCKED_CITY)
        throw new AppError('conflict', serverMessage('requestRefused', { problem: 'The van has left' }));
      return [];
    },
  };
  return { participant, seen };
}

for (const batchSize of ['64', '1']) {
  describe(`a participant refusing (ORDER_BATCH_SIZE=${batchSize})`, () => {
    let t: TestApp;
    const { participant, seen } = refusingParticipant();

    beforeAll(async () => {
      t = await buildTestApp({ ORDER_BATCH_SIZE: batchSize }, { orderParticipants: [participant] });
    });
    afterAll(() => t.close());

    const place = (cookie: string, productId: string, address: string, city = 'Pune') =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/new/order',
        headers: { cookie },
        payload: {
          cartItems: [{ id: productId, quantity: 1 }],
          shippingInfo: { address, city, mobileNumber: '9876543210', pinCode: '411001' },
        },
      });
    const stockOf = async (id: string) =>
      (await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, id)))[0]?.grams;

    it('undoes only the refused order: nothing of it is saved, its stock goes to the next order', async () => {
      const guava = await createProduct(t.db, { name: 'Allahabad Guava', stockKg: 3, weightsKg: [1] });
      const buyers = await Promise.all([0, 1, 2].map(() => createUser(t.db)));
      const cookies = await Promise.all(buyers.map((buyer) => sessionCookie(t.db, buyer.id)));
      seen.batchSizes.length = 0;

      // Stock reserves 1 kg for the refused order before the refuser says no: that kilogram must
      // come back to the shelf. The three requests may reach placement in any order (session reads
      // race), so the shelf holds enough for all three and the check is what is left on it.
      const responses = await Promise.all([
        place(cookies[0]!, guava.id, '7 Station Road'),
        place(cookies[1]!, guava.id, REFUSED_ADDRESS),
        place(cookies[2]!, guava.id, '9 Temple Street'),
      ]);

      expect(responses.map((r) => r.statusCode)).toEqual([201, 409, 201]);
      expect(body(responses[1]!).message).toBe('We cannot deliver to this address');
      if (batchSize === '1') expect(seen.batchSizes).toEqual([1, 1, 1]);
      else expect(Math.max(...seen.batchSizes)).toBeGreaterThan(1);
      expect(seen.written.flat()).not.toContain(REFUSED_ADDRESS);

      expect(await stockOf(guava.id)).toBe(1000);
      expect(await t.db.select().from(orders).where(eq(orders.userId, buyers[1]!.id))).toEqual([]);
      const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, guava.id));
      expect(lines).toHaveLength(2);
    });

    it('leaves the stock untouched when the only order is refused', async () => {
      const fig = await createProduct(t.db, { name: 'Anjeer Fig', stockKg: 3, weightsKg: [1] });
      const buyer = await createUser(t.db);
      const response = await place(await sessionCookie(t.db, buyer.id), fig.id, REFUSED_ADDRESS);
      expect(response.statusCode).toBe(409);
      expect(await stockOf(fig.id)).toBe(3000);
      expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    });

    it('a refused status change leaves the order as it was', async () => {
      const lime = await createProduct(t.db, { name: 'Kagzi Lime', stockKg: 3, weightsKg: [1] });
      const buyer = await createUser(t.db);
      const admin = await createUser(t.db, { role: 'Admin' });
      const adminCookie = await sessionCookie(t.db, admin.id);
      const placed = await place(await sessionCookie(t.db, buyer.id), lime.id, '3 Lake View', HELD_CITY);
      const orderId = body<{ order: { _id: string } }>(placed).order._id;
      const move = (oStatus: string) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/user/update/order/${orderId}`,
          headers: { cookie: adminCookie },
          payload: { oStatus },
        });

      expect((await move('Shipped')).statusCode).toBe(200);
      const refused = await move('Delivered');
      expect(refused.statusCode).toBe(409);
      expect(body(refused).message).toBe('This order is held at the depot');
      const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      expect(row?.status).toBe('Shipped');
    });

    it('a refused packing or cancel leaves the order, its weights and the stock as they were', async () => {
      const pear = await createProduct(t.db, { name: 'Nashpati Pear', stockKg: 3, weightsKg: [1] });
      const buyer = await createUser(t.db);
      const buyerCookie = await sessionCookie(t.db, buyer.id);
      const adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
      const placed = await place(buyerCookie, pear.id, '5 Mill Road', LOCKED_CITY);
      const order = body<{ order: { _id: string; orderItems: { _id: string }[] } }>(placed).order;
      expect(await stockOf(pear.id)).toBe(2000);
      const as = (cookie: string, url: string, payload?: Record<string, unknown>) =>
        t.app.inject({ method: 'PUT', url, headers: { cookie }, ...(payload ? { payload } : {}) });

      // Stock runs first and gives 100 g back; the refusal after it undoes that too.
      const packed = await as(adminCookie, `/api/admin/orders/${order._id}/pack`, {
        items: [{ _id: order.orderItems[0]?._id, packedQuantity: 0.9 }],
      });
      expect(packed.statusCode).toBe(409);
      expect(body(packed).message).toBe('The scale is being calibrated');
      // Shipping an unpacked order packs it: refused the same way, the status stays.
      const shipped = await as(adminCookie, `/api/user/update/order/${order._id}`, { oStatus: 'Shipped' });
      expect(shipped.statusCode).toBe(409);
      const cancelled = await as(buyerCookie, `/api/user/my/order/${order._id}/cancel`);
      expect(cancelled.statusCode).toBe(409);
      expect(body(cancelled).message).toBe('The van has left');

      expect(await stockOf(pear.id)).toBe(2000);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ status: 'Processing', packedAt: null, totalPaise: 5000, estimatedTotalPaise: 5000 });
      const [line] = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
      expect(line).toMatchObject({ packedGrams: null, amountPaise: 5000 });
      expect(await t.db.select().from(orderEvents).where(eq(orderEvents.orderId, order._id))).toEqual([]);
    });
  });
}
