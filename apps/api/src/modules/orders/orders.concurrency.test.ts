/**
 * Orders arriving at once. On PostgreSQL (TEST_DATABASE_URL) these run as truly parallel
 * transactions over the 20-connection pool; on PGlite they are interleaved requests on one connection.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderItems, orders, products } from '../../db/schema.js';
import type { OrderParticipant } from './orders.lifecycle.js';

let t: TestApp;
/** Order transactions so far: a participant is asked to prepare once per placement transaction. */
let placements = 0;
const countingParticipant: OrderParticipant = {
  name: 'placement counter',
  async place() {
    placements += 1;
    return { accept: () => undefined, write: async () => [] };
  },
};
const shipping = { address: '5 Park Street', city: 'Kolkata', mobileNumber: '9123456780', pinCode: '700016' };

beforeAll(async () => {
  t = await buildTestApp({}, { orderParticipants: [countingParticipant] });
});
afterAll(() => t.close());

async function shoppers(n: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const user = await createUser(t.db, { firstName: `Buyer${i}` });
    cookies.push(await sessionCookie(t.db, user.id));
  }
  return cookies;
}

function place(cookie: string, cartItems: { id: string; quantity: number }[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    headers: { cookie },
    payload: { cartItems, shippingInfo: shipping, total: 0 },
  });
}

async function stockGrams(id: string): Promise<number> {
  const [row] = await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, id));
  return row?.grams ?? Number.NaN;
}

describe('simultaneous orders', () => {
  it('sells 5 Kg to exactly 5 of 50 buyers asking for 1 Kg each at the same moment', async () => {
    const mango = await createProduct(t.db, { name: 'Kesar Mango', rate: 299, stockKg: 5, weightsKg: [1] });
    const cookies = await shoppers(50);
    const responses = await Promise.all(cookies.map((cookie) => place(cookie, [{ id: mango.id, quantity: 1 }])));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(body(response).message).toBe('Not enough stock for Kesar Mango');
    }
    expect(await stockGrams(mango.id)).toBe(0);
    const [sold] = await t.db.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, mango.id));
    expect(Number(sold?.n)).toBe(5);
  });

  it('never deadlocks when orders name the same two products in opposite order', async () => {
    const rice = await createProduct(t.db, { name: 'Basmati Rice', rate: 110, stockKg: 20, weightsKg: [1] });
    const dal = await createProduct(t.db, { name: 'Toor Dal', rate: 140, stockKg: 20, weightsKg: [1] });
    const cookies = await shoppers(30);
    const responses = await Promise.all(
      cookies.map((cookie, i) =>
        place(
          cookie,
          i % 2 === 0
            ? [
                { id: rice.id, quantity: 1 },
                { id: dal.id, quantity: 1 },
              ]
            : [
                { id: dal.id, quantity: 1 },
                { id: rice.id, quantity: 1 },
              ],
        ),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    const placed = statuses.filter((s) => s === 201).length;
    expect(placed).toBe(20);
    expect(await stockGrams(rice.id)).toBe(0);
    expect(await stockGrams(dal.id)).toBe(0);
    // Every placed order holds both lines; no order was half-taken.
    const rows = await t.db
      .select({ orderId: orderItems.orderId })
      .from(orderItems)
      .where(inArray(orderItems.productId, [rice.id, dal.id]));
    expect(rows).toHaveLength(placed * 2);
    const [ordersTotal] = await t.db
      .select({ n: count() })
      .from(orders)
      .where(inArray(orders.id, [...new Set(rows.map((r) => r.orderId))]));
    expect(Number(ordersTotal?.n)).toBe(placed);
  });

  it('decides each order arriving together on its own, in fewer transactions than orders', async () => {
    const tomato = await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 10, weightsKg: [1, 2] });
    const saffron = await createProduct(t.db, { name: 'Kashmiri Saffron', rate: 900, stockKg: 2, weightsKg: [1, 5] });
    const cookies = await shoppers(10);
    const goodCarts = [1, 2, 1, 2, 1, 1].map((kg) => [{ id: tomato.id, quantity: kg }]);
    const carts = [
      ...goodCarts,
      [{ id: '00000000-0000-4000-8000-000000000000', quantity: 1 }],
      [{ id: tomato.id, quantity: 1.5 }],
      [{ id: saffron.id, quantity: 5 }],
      // Short on its second line: its tomato must stay on the shelf.
      [
        { id: tomato.id, quantity: 1 },
        { id: saffron.id, quantity: 5 },
      ],
    ];

    const placementsBefore = placements;
    const responses = await Promise.all(carts.map((cart, i) => place(cookies[i] as string, cart)));

    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201, 404, 400, 409, 409]);
    expect(body(responses[7]!).message).toBe('Desi Tomato is sold in 1, 2 kg only, not 1.5 kg');
    expect(body(responses[8]!).message).toBe('Not enough stock for Kashmiri Saffron');
    expect(body(responses[9]!).message).toBe('Not enough stock for Kashmiri Saffron');
    // Every placed order is its own: its buyer, its line, its total.
    responses.slice(0, 6).forEach((response, i) => {
      const { order } = body<{ order: { total: number; user: { firstName: string }; orderItems: unknown[] } }>(
        response,
      );
      expect(order.user.firstName).toBe(`Buyer${i}`);
      expect(order.orderItems).toEqual([
        expect.objectContaining({ productId: tomato.id, quantity: goodCarts[i]?.[0]?.quantity, rate: 40 }),
      ]);
      expect(order.total).toBe(40 * (goodCarts[i]?.[0]?.quantity ?? 0));
    });
    expect(await stockGrams(tomato.id)).toBe(2000);
    expect(await stockGrams(saffron.id)).toBe(2000);
    expect(placements - placementsBefore).toBeGreaterThan(0);
    expect(placements - placementsBefore).toBeLessThan(carts.length);
  });
});
