/**
 * Every unit counted as itself on the dashboard (issue 42, decision 0026's note on units), on a
 * clock set to Tuesday 24 November 2026, 10:00 in Kolkata: what is to pack is summed per unit
 * (2.5 + 0.25 kg, 2 litres, 1 dozen, 2 bunches; never added across units), the products low on
 * stock are judged against their own unit's mark, and the top products of the last 30 shop dates
 * are ranked by ₹ with their quantity in their own unit. Every order's placing time is set here,
 * so no figure depends on the machine's clock.
 */
import type { Unit } from '@mandi/shared/kernel';
import { dashboardTodayAnswerSchema, dashboardTopProductsAnswerSchema } from '@mandi/shared/schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders } from '../../db/schema.js';
import { recountFigures } from './dashboard.figures.js';

/** Tuesday 24 Nov 2026, 10:00 IST. */
const NOW = new Date('2026-11-24T04:30:00Z');
const TODAY = '2026-11-24';
/** The first of the last 30 shop dates (today included) begins at 00:00 IST on 26 October. */
const WINDOW_OPENS = new Date('2026-10-25T18:30:00Z');

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
const ids: Record<string, string> = {};

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  call(method, url, adminCookie, payload);
const ok = (response: LightMyRequestResponse, status = 200) => {
  expect(response.statusCode, response.body).toBe(status);
  return response;
};

type Order = { id: string; lines: Record<string, string> };

/** Places one order for `slotId` (quantities in each product's unit) and sets when it was placed. */
async function place(items: Record<string, number>, slotId: string, placedAt = NOW): Promise<Order> {
  const response = ok(
    await call('POST', '/api/user/new/order', shopperCookie, {
      cartItems: Object.entries(items).map(([name, quantity]) => ({ id: ids[name], quantity })),
      shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      slotId,
    }),
    201,
  );
  const order = body<{ order: { _id: string; orderItems: { _id: string; name: string }[] } }>(response).order;
  await t.db.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, order._id));
  return { id: order._id, lines: Object.fromEntries(order.orderItems.map((item) => [item.name, item._id])) };
}

const product = async (name: string, unit: Unit, rate: number, stock: number, options: number[]) => {
  ids[name] = (await createProduct(t.db, { name, unit, rate, stockKg: stock, weightsKg: options })).id;
};

let slotId = '';

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
  // Sold and plenty in stock.
  await product('Tomato', 'kg', 40, 100, [0.25, 0.5, 1, 2.5]);
  await product('Milk', 'litre', 60, 50, [0.5, 1, 2]);
  await product('Eggs', 'dozen', 84, 40, [1, 2]);
  await product('Coriander', 'bunch', 10, 60, [1, 2, 3]);
  // Not sold; some low in their own unit. 12 bunches and 6 kg are not low; 4 of 5 dozen is.
  await product('Methi', 'bunch', 15, 0, [1]);
  await product('Onion', 'kg', 30, 2, [1]);
  await product('Curd', 'litre', 70, 3, [0.5]);
  await product('Duck Eggs', 'dozen', 150, 4, [1]);
  await product('Paneer', 'pack', 90, 9, [1]);
  await product('Coconut', 'piece', 35, 10, [1]);
  await product('Palak', 'bunch', 20, 12, [1]);
  await product('Potato', 'kg', 25, 6, [1]);

  ok(await admin('POST', '/api/admin/delivery/zones', { name: 'Pune', pinPrefixes: ['411'] }), 201);
  slotId = `${
    body<{ slot: { _id: string } }>(
      ok(
        await admin('POST', '/api/admin/delivery/slots', {
          days: [0, 1, 2, 3, 4, 5, 6],
          start: '18:00',
          end: '20:00',
          capacity: null,
        }),
        201,
      ),
    ).slot._id
  }_${TODAY}`;

  // To pack: 2.5 + 0.25 kg of tomatoes, 2 litres of milk, 1 dozen eggs, 2 bunches of coriander.
  await place({ Tomato: 2.5, Milk: 2, Eggs: 1, Coriander: 2 }, slotId);
  await place({ Tomato: 0.25 }, slotId);
  // Packed: 2 dozen eggs, no longer to pack, and sold.
  const packed = await place({ Eggs: 2 }, slotId);
  ok(
    await admin('PUT', `/api/admin/orders/${packed.id}/pack`, {
      items: [{ _id: packed.lines.Eggs, packedQuantity: 2 }],
    }),
  );
  // Cancelled: neither to pack nor sold.
  const cancelled = await place({ Milk: 1 }, slotId);
  ok(await admin('PUT', `/api/user/update/order/${cancelled.id}`, { oStatus: 'Cancelled' }));
  // Placed as the 30 days open, and a second before: only the first is in the window.
  await place({ Coriander: 1 }, slotId, WINDOW_OPENS);
  await place({ Coriander: 3 }, slotId, new Date(WINDOW_OPENS.getTime() - 1000));
  // The placing times were set by hand, around the order moments: the kept figures counted again.
  await t.db.transaction((tx) => recountFigures(tx));
});
afterAll(() => t.close());

describe("the dashboard's figures per unit", () => {
  it('sums what is to pack per unit, never across units; kg to pack is the kg alone', async () => {
    const today = dashboardTodayAnswerSchema.parse(body(ok(await admin('GET', '/api/admin/dashboard/today'))));
    const toPack = [
      { unit: 'kg', quantity: 2.75 },
      { unit: 'litre', quantity: 2 },
      { unit: 'dozen', quantity: 1 },
      // Today's 2, and the 1 and 3 of the orders placed long ago for today's slot.
      { unit: 'bunch', quantity: 6 },
    ];
    expect(today.slots).toEqual([
      expect.objectContaining({ slotId, ordersToPack: 4, ordersPacked: 1, kgToPack: 2.75, toPackByUnit: toPack }),
    ]);
    expect(today.totals).toMatchObject({ ordersToPack: 4, kgToPack: 2.75, toPackByUnit: toPack });
    expect(today.unslotted).toMatchObject({ kgToPack: 0, toPackByUnit: [] });
  });

  it("lists the products below their own unit's mark, emptiest first", async () => {
    const today = dashboardTodayAnswerSchema.parse(body(ok(await admin('GET', '/api/admin/dashboard/today'))));
    expect(today.lowStock.below).toEqual([
      { unit: 'kg', quantity: 5 },
      { unit: 'litre', quantity: 5 },
      { unit: 'piece', quantity: 10 },
      { unit: 'dozen', quantity: 5 },
      { unit: 'bunch', quantity: 10 },
      { unit: 'pack', quantity: 10 },
    ]);
    // Methi 0 of 10; Onion 2 of 5 (0.4); Curd 3 of 5 (0.6); Duck Eggs 4 of 5 (0.8); Paneer 9 of 10
    // (0.9). Coconut (10 pieces), Palak (12 bunches) and Potato (6 kg) are at or above their marks.
    expect(today.lowStock.products).toEqual([
      { _id: ids.Methi, name: 'Methi', unit: 'bunch', stock: 0 },
      { _id: ids.Onion, name: 'Onion', unit: 'kg', stock: 2 },
      { _id: ids.Curd, name: 'Curd', unit: 'litre', stock: 3 },
      { _id: ids['Duck Eggs'], name: 'Duck Eggs', unit: 'dozen', stock: 4 },
      { _id: ids.Paneer, name: 'Paneer', unit: 'pack', stock: 9 },
    ]);
  });

  it('ranks the top products of the last 30 shop dates by ₹ sold, each quantity in its own unit', async () => {
    const top = dashboardTopProductsAnswerSchema.parse(
      body(ok(await admin('GET', '/api/admin/dashboard/top-products'))),
    );
    expect(top).toEqual({
      success: true,
      from: '2026-10-26',
      to: TODAY,
      figuresAsOf: NOW.toISOString(),
      products: [
        // 1 dozen ordered and 2 packed: ₹84 + ₹168.
        { productId: ids.Eggs, name: 'Eggs', unit: 'dozen', quantity: 3, amount: 252 },
        // The cancelled litre left out.
        { productId: ids.Milk, name: 'Milk', unit: 'litre', quantity: 2, amount: 120 },
        { productId: ids.Tomato, name: 'Tomato', unit: 'kg', quantity: 2.75, amount: 110 },
        // Today's 2 and the 1 placed as the window opens; the 3 placed a second earlier left out.
        { productId: ids.Coriander, name: 'Coriander', unit: 'bunch', quantity: 3, amount: 30 },
      ],
    });
  });

  it('answers the top products to an admin only', async () => {
    expect((await call('GET', '/api/admin/dashboard/top-products')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/dashboard/top-products', shopperCookie)).statusCode).toBe(403);
  });
});
