/**
 * A slot's capacity across two real server processes on one PostgreSQL database: orders for one
 * slot spread over both, exactly capacity accepted, the booked count equal to the orders in it.
 * Runs only when TEST_DATABASE_URL is set (the real clock: the slot is tomorrow's, always open).
 */

import { addDays, shopDateOf } from '@mandi/shared/kernel';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderDelivery, orders, slotBookings } from '../../src/db/schema.js';
import { createProduct, createUser, TEST_PASSWORD } from '../factories.js';
import { ADMIN, call, login, runLimited, type ServerProcess, SHIPPING, useServerGroup } from '../server-process.js';

const CAPACITY = 9;
const ATTEMPTS = 60;

describe.skipIf(!process.env.TEST_DATABASE_URL)('a delivery slot shared by two server processes', () => {
  const group = useServerGroup(2);

  it(`accepts exactly ${CAPACITY} of ${ATTEMPTS} orders for a slot of capacity ${CAPACITY}`, async () => {
    const [a, b] = group.servers as [ServerProcess, ServerProcess];
    const adminCookie = await login(a.url, ADMIN.email, ADMIN.password);
    const created = await call(a.url, 'POST', '/api/admin/delivery/slots', {
      cookie: adminCookie,
      json: { days: [0, 1, 2, 3, 4, 5, 6], start: '12:00', end: '14:00', capacity: CAPACITY },
    });
    expect(created.status).toBe(201);
    const templateId = (created.body.slot as { _id: string })._id;
    const date = addDays(shopDateOf(new Date()), 1);
    const slotId = `${templateId}_${date}`;

    const product = await createProduct(group.db.db, { name: 'Alphonso Mango', stockKg: 1000, weightsKg: [1] });
    const shoppers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createUser(group.db.db, { firstName: `Buyer${i}` })),
    );
    const cookies = await Promise.all(
      shoppers.map((shopper, i) => login((group.servers[i % 2] as ServerProcess).url, shopper.email, TEST_PASSWORD)),
    );
    const attempts = Array.from({ length: ATTEMPTS }, (_, i) => ({
      server: group.servers[i % 2] as ServerProcess,
      cookie: cookies[i % cookies.length] as string,
    }));
    const answers = await runLimited(
      attempts.map(
        (attempt) => () =>
          call(attempt.server.url, 'POST', '/api/user/new/order', {
            cookie: attempt.cookie,
            json: { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: SHIPPING, slotId },
          }),
      ),
      24,
    );

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
    for (const answer of answers.filter((x) => x.status === 409)) {
      expect(String(answer.body.message)).toContain('is full: please choose another slot');
    }
    const [booking] = await group.db.db
      .select({ booked: slotBookings.booked })
      .from(slotBookings)
      .where(and(eq(slotBookings.templateId, templateId), eq(slotBookings.date, date)));
    expect(booking?.booked).toBe(CAPACITY);
    const [stored] = await group.db.db
      .select({ n: count() })
      .from(orders)
      .innerJoin(orderDelivery, eq(orderDelivery.orderId, orders.id))
      .where(and(eq(orderDelivery.slotTemplateId, templateId), eq(orders.deliveryDate, date)));
    expect(Number(stored?.n)).toBe(CAPACITY);

    // Both processes see the slot as full.
    for (const server of [a, b]) {
      const listing = await call(server.url, 'GET', `/api/delivery/slots?pinCode=${SHIPPING.pinCode}`);
      const slot = (listing.body.slots as { _id: string; remaining: number; isAvailable: boolean }[]).find(
        (s) => s._id === slotId,
      );
      expect(slot).toMatchObject({ remaining: 0, isAvailable: false });
    }
  }, 120_000);
});
