/**
 * The order lifecycle seam: a participant that refuses an order undoes the whole order (nothing of
 * it saved, its stock left on the shelf for the next order), inside a group-commit batch and with
 * group commit off; a refused status change leaves the status as it was.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { orderItems, orders, products } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { OrderParticipant } from './orders.lifecycle.js';
import { sessionCookie } from './test-sessions.js';

const REFUSED_ADDRESS = '1 Nowhere Lane';
const HELD_CITY = 'Heldpur';

/** Refuses orders to one address (after stock reserved theirs) and deliveries to one city. */
function refusingParticipant() {
  const seen = { batchSizes: [] as number[], written: [] as string[][] };
  const participant: OrderParticipant = {
    name: 'refuser',
    async place(_tx, batch) {
      seen.batchSizes.push(batch.requests.length);
      return {
        accept(order) {
          if (order.request.shipping.address === REFUSED_ADDRESS) {
            throw new AppError('conflict', 'We cannot deliver to this address');
          }
          return undefined;
        },
        async write(_tx, accepted) {
          seen.written.push(accepted.map((order) => order.request.shipping.address));
          return [];
        },
      };
    },
    async statusChange(_tx, change) {
      if (change.to === 'Delivered' && change.order.city === HELD_CITY) {
        throw new AppError('conflict', 'This order is held at the depot');
      }
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
  });
}
