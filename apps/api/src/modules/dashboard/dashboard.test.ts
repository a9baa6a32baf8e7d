/**
 * GET /api/admin/dashboard/today (decision 0026) on a clock set to Tuesday 24 November 2026, 10:00
 * in Kolkata: today's slots (one with orders to pack, packed, paid and cancelled; one running today
 * without orders; one of tomorrow; one not running on Tuesdays), the orders without a slot, the
 * unpaid bills of any date, and the admin-only guard. The figures follow the orders' moments and
 * payments through the cache.
 */

import { dashboardTodayAnswerSchema } from '@mandi/shared/schemas';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orderBills, orderDelivery, orders } from '../../db/schema.js';

/** Tuesday 24 Nov 2026, 10:00 IST. */
const NOW = new Date('2026-11-24T04:30:00Z');
const TODAY = '2026-11-24';
const TOMORROW = '2026-11-25';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
  productId = (
    await createProduct(t.db, { name: 'Nagpur Orange', rate: 100, stockKg: 1000, weightsKg: [0.5, 1, 2, 5] })
  ).id;
});
afterAll(() => t.close());

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

async function addSlot(days: number[], start: string, end: string): Promise<string> {
  return body<{ slot: { _id: string } }>(
    ok(await admin('POST', '/api/admin/delivery/slots', { days, start, end, capacity: null }), 201),
  ).slot._id;
}

async function place(kg: number, slotId?: string): Promise<{ id: string; lineId: string }> {
  const response = ok(
    await call('POST', '/api/user/new/order', shopperCookie, {
      cartItems: [{ id: productId, quantity: kg }],
      shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      ...(slotId ? { slotId } : {}),
    }),
    201,
  );
  const order = body<{ order: { _id: string; orderItems: { _id: string }[] } }>(response).order;
  return { id: order._id, lineId: order.orderItems[0]?._id ?? '' };
}
const pack = async (order: { id: string; lineId: string }, kg: number) =>
  ok(await admin('PUT', `/api/admin/orders/${order.id}/pack`, { items: [{ _id: order.lineId, packedQuantity: kg }] }));
const setStatus = async (id: string, oStatus: string) =>
  ok(await admin('PUT', `/api/user/update/order/${id}`, { oStatus }));
const payCash = async (id: string) => ok(await admin('PUT', `/api/admin/orders/${id}/payment`, { method: 'Cash' }));

const today = async () => {
  const answer = body(ok(await admin('GET', '/api/admin/dashboard/today')));
  return dashboardTodayAnswerSchema.parse(answer);
};

/** Every order here is of one kg product: what is to pack is kg alone. */
const figures = (ordersToPack: number, ordersPacked: number, kgToPack: number, cashToCollect: number) => ({
  ordersToPack,
  ordersPacked,
  kgToPack,
  toPackByUnit: kgToPack > 0 ? [{ unit: 'kg', quantity: kgToPack }] : [],
  cashToCollect,
});
/** The low-stock marks of every unit (decision 0026's note on units), and no product below its mark. */
const NOTHING_LOW = {
  below: [
    { unit: 'kg', quantity: 5 },
    { unit: 'litre', quantity: 5 },
    { unit: 'piece', quantity: 10 },
    { unit: 'dozen', quantity: 5 },
    { unit: 'bunch', quantity: 10 },
    { unit: 'pack', quantity: 10 },
  ],
  products: [],
};

describe('GET /api/admin/dashboard/today', () => {
  it('answers 401 to a visitor and 403 to a shopper', async () => {
    expect((await call('GET', '/api/admin/dashboard/today')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/dashboard/today', shopperCookie)).statusCode).toBe(403);
  });

  const NO_COUNTER_SALES = { sales: 0, amount: 0, cash: 0, upi: 0, khata: 0 };

  it('is all zeros in a shop without slots or orders', async () => {
    expect(await today()).toEqual({
      success: true,
      date: TODAY,
      slots: [],
      unslotted: figures(0, 0, 0, 0),
      totals: figures(0, 0, 0, 0),
      unpaidBills: { count: 0, amount: 0 },
      takings: { online: { payments: 0, amount: 0 }, counter: NO_COUNTER_SALES },
      overdueComplaints: 0,
      openComplaints: 0,
      lowStock: NOTHING_LOW,
      // A test start is no production start: nothing to warn of.
      setupWarnings: [],
    });
  });

  it("counts today's slots, the orders without a slot and the unpaid bills of any date", async () => {
    ok(await admin('POST', '/api/admin/delivery/zones', { name: 'Pune', pinPrefixes: ['411'] }), 201);
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    const evening = await addSlot(everyDay, '18:00', '20:00');
    const noon = await addSlot(everyDay, '12:00', '14:00');
    const early = await addSlot([2], '07:00', '09:00'); // Tuesdays, already past: no orders
    await addSlot([3], '08:00', '10:00'); // Wednesdays only: not today

    // Noon today: 2 Kg to pack (₹200), 1 Kg packed at 1.05 Kg (₹105 due), 0.5 Kg packed and paid.
    await place(2, `${noon}_${TODAY}`);
    await pack(await place(1, `${noon}_${TODAY}`), 1.05);
    const paid = await place(0.5, `${noon}_${TODAY}`);
    await pack(paid, 0.5);
    await payCash(paid.id);
    // Evening today: 1 Kg to pack (₹100); 5 Kg packed then cancelled (its bill number stays, unpaid
    // but cancelled: not a bill to collect).
    await place(1, `${evening}_${TODAY}`);
    const cancelled = await place(5, `${evening}_${TODAY}`);
    await pack(cancelled, 5);
    await setStatus(cancelled.id, 'Cancelled');
    // Tomorrow's noon slot: not today.
    await place(2, `${noon}_${TOMORROW}`);
    // No slot (placed before the shop had slots: with slots, an order gets the first open one),
    // placed today: 0.5 Kg to pack (₹50).
    // The slot is delivery's (order_delivery), the date the order's (decision 0058).
    const withoutSlot = async (id: string, createdAt: Date) => {
      await t.db.delete(orderDelivery).where(eq(orderDelivery.orderId, id));
      await t.db.update(orders).set({ deliveryDate: null, createdAt }).where(eq(orders.id, id));
    };
    await withoutSlot((await place(0.5)).id, NOW);
    // No slot, placed yesterday (shop time), packed and shipped, not paid: only an unpaid bill.
    const yesterday = await place(1);
    await withoutSlot(yesterday.id, new Date('2026-11-23T18:29:59Z'));
    await pack(yesterday, 1);
    await setStatus(yesterday.id, 'Shipped');

    expect(await today()).toEqual({
      success: true,
      date: TODAY,
      slots: [
        { slotId: `${early}_${TODAY}`, start: '07:00', end: '09:00', ...figures(0, 0, 0, 0) },
        { slotId: `${noon}_${TODAY}`, start: '12:00', end: '14:00', ...figures(1, 2, 2, 305) },
        { slotId: `${evening}_${TODAY}`, start: '18:00', end: '20:00', ...figures(1, 0, 1, 100) },
      ],
      unslotted: figures(1, 0, 0.5, 50),
      totals: figures(3, 2, 3.5, 455),
      unpaidBills: { count: 2, amount: 205 },
      // Online payments of the fixture's own; no counter sale.
      takings: { online: expect.any(Object), counter: NO_COUNTER_SALES },
      overdueComplaints: 0,
      openComplaints: 0,
      lowStock: NOTHING_LOW,
      // A test start is no production start: nothing to warn of.
      setupWarnings: [],
    });

    // The cached answer follows a payment and a delivery.
    const noonPacked = (
      await t.db
        .select({ id: orders.id, packedAt: orders.packedAt, status: orders.status, paidAt: orderBills.paidAt })
        .from(orders)
        .leftJoin(orderBills, eq(orderBills.orderId, orders.id))
        .where(eq(orders.deliveryDate, TODAY))
    ).find((row) => row.packedAt && !row.paidAt && row.status === 'Processing');
    expect(noonPacked).toBeDefined();
    await payCash(noonPacked?.id ?? '');
    await setStatus(yesterday.id, 'Delivered');
    const after = await today();
    expect(after.slots[1]).toMatchObject({ ordersPacked: 2, cashToCollect: 200 });
    expect(after.unpaidBills).toEqual({ count: 1, amount: 100 });
  });
});
