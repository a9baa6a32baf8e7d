/**
 * A slot's capacity under orders arriving at once: exactly capacity succeed, the others are told
 * the slot is full (or that none is free), the booked count matches the orders, and no stock is
 * taken for a refused order. On PostgreSQL (TEST_DATABASE_URL) the transactions truly run in
 * parallel; group commit on (the default) and off.
 */
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderDelivery, orders, products, slotBookings, slotTemplates } from '../../db/schema.js';

/** Tuesday 24 November 2026, 10:00 in Kolkata. */
const NOW = new Date('2026-11-24T04:30:00Z');
const SHOPPERS = 50;
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

for (const batchSize of ['64', '1']) {
  describe(`slot capacity under ${SHOPPERS} simultaneous orders (ORDER_BATCH_SIZE=${batchSize})`, () => {
    let t: TestApp;
    let adminCookie: string;
    const cookies: string[] = [];

    beforeAll(async () => {
      t = await buildTestApp({ ORDER_BATCH_SIZE: batchSize }, { now: () => NOW });
      adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
      for (let i = 0; i < SHOPPERS; i++) {
        cookies.push(await sessionCookie(t.db, (await createUser(t.db, { firstName: `Buyer${i}` })).id));
      }
    });
    afterAll(() => t.close());

    const addSlot = async (slot: Record<string, unknown>) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/delivery/slots',
        headers: { cookie: adminCookie },
        payload: slot,
      });
      return body<{ slot: { _id: string } }>(response).slot._id;
    };
    const everyoneOrders = (productId: string, slotId?: string) =>
      Promise.all(
        cookies.map((cookie) =>
          t.app.inject({
            method: 'POST',
            url: '/api/user/new/order',
            headers: { cookie },
            payload: {
              cartItems: [{ id: productId, quantity: 1 }],
              shippingInfo: { address: '3 Ring Road', city: 'Delhi', mobileNumber: '9811122233', pinCode: '110001' },
              ...(slotId ? { slotId } : {}),
            },
          }),
        ),
      );
    const stockOf = async (id: string) =>
      (await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, id)))[0]?.grams;
    const ordersIn = async (templateId: string) =>
      Number(
        (
          await t.db
            .select({ n: count() })
            .from(orders)
            .innerJoin(orderDelivery, eq(orderDelivery.orderId, orders.id))
            .where(and(isNotNull(orders.deliveryDate), eq(orderDelivery.slotTemplateId, templateId)))
        )[0]?.n,
      );

    it('books a chosen slot of capacity 7 for exactly 7 of 50 shoppers', async () => {
      const product = await createProduct(t.db, { name: 'Shimla Apple', stockKg: 1000, weightsKg: [1] });
      const slot = await addSlot({ days: EVERY_DAY, start: '16:00', end: '18:00', capacity: 7 });
      const responses = await everyoneOrders(product.id, `${slot}_2026-11-25`);
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
      expect(statuses.filter((status) => status === 201)).toHaveLength(7);
      for (const response of responses.filter((r) => r.statusCode === 409)) {
        expect(body(response).message).toBe('The 16:00-18:00 slot on 2026-11-25 is full: please choose another slot');
      }
      const [booking] = await t.db
        .select({ booked: slotBookings.booked })
        .from(slotBookings)
        .where(and(eq(slotBookings.templateId, slot), eq(slotBookings.date, '2026-11-25')));
      expect(booking?.booked).toBe(7);
      expect(await ordersIn(slot)).toBe(7);
      // A refused order leaves its stock on the shelf.
      expect(await stockOf(product.id)).toBe(1_000_000 - 7 * 1000);
    });

    it('fills the earliest slots in turn for shoppers who choose none, then refuses with 409', async () => {
      await t.db.delete(slotTemplates);
      const product = await createProduct(t.db, { name: 'Kinnaur Pear', stockKg: 1000, weightsKg: [1] });
      // Wednesday and Thursday only, 4 places each: 8 orders in the week.
      const slot = await addSlot({ days: [3, 4], start: '08:00', end: '10:00', capacity: 4 });
      const responses = await everyoneOrders(product.id);
      const accepted = responses.filter((response) => response.statusCode === 201);
      expect(accepted).toHaveLength(8);
      const dates = accepted.map(
        (response) => body<{ order: { deliverySlot: { date: string } } }>(response).order.deliverySlot.date,
      );
      expect(dates.filter((date) => date === '2026-11-25')).toHaveLength(4);
      expect(dates.filter((date) => date === '2026-11-26')).toHaveLength(4);
      for (const response of responses.filter((r) => r.statusCode !== 201)) {
        expect(response.statusCode).toBe(409);
        expect(body(response).message).toBe(
          'No delivery slot is free for 110001 in the next 7 days: please try again later',
        );
      }
      expect(await ordersIn(slot)).toBe(8);
      expect(await stockOf(product.id)).toBe(1_000_000 - 8 * 1000);
    });
  });
}
