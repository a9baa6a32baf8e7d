/** The admin dashboard's seller figures (GET /api/user/admin/stats), on a clock pinned in shop time. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { CACHE_REGISTRY } from '../../cache-registry.js';
import { orders } from '../../db/schema.js';
import { ResponseCache } from '../../lib/response-cache.js';
import { recountFigures } from './dashboard.figures.js';

/** 2026-04-30 20:00 UTC is 2026-05-01 01:30 in the shop: "today" is 2026-05-01. */
const NOW = new Date('2026-04-30T20:00:00Z');
const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

let t: TestApp;
/** The cache's own clock: the 30-day figures are refilled at most every 30 s (decision 0053). */
let cacheClock = 0;
const cache = new ResponseCache({ declared: CACHE_REGISTRY, maxAgeMs: 3_600_000, now: () => cacheClock });
let adminCookie: string;
let shopperCookie: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => NOW, cache });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
});
afterAll(() => t.close());

async function place(lines: { id: string; quantity: number }[], at: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    headers: { cookie: shopperCookie },
    payload: { cartItems: lines, shippingInfo: shipping },
  });
  expect(response.statusCode).toBe(201);
  const order = body<{ order: { _id: string; orderItems: { _id: string }[] } }>(response).order;
  await t.db
    .update(orders)
    .set({ createdAt: new Date(at) })
    .where(eq(orders.id, order._id));
  // A placing time set by hand is no order moment: the kept figures are counted again, as a start
  // that finds them disagreeing does (decision 0066).
  await t.db.transaction((tx) => recountFigures(tx));
  return order;
}

const admin = (method: 'PUT' | 'GET', url: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, ...(payload ? { payload } : {}) });

describe('GET /api/user/admin/stats: seller figures', () => {
  it('bills per shop date for 30 days, counts statuses, ranks kg sold and lists low stock', async () => {
    const tomato = await createProduct(t.db, { name: 'Tomato', rate: 40, stockKg: 50, weightsKg: [1, 2] });
    const onion = await createProduct(t.db, { name: 'Onion', rate: 30, stockKg: 6, weightsKg: [1, 2] });
    const chilli = await createProduct(t.db, { name: 'Chilli', rate: 200, stockKg: 10, weightsKg: [0.5] });
    // Today (shop time), packed: 2 kg tomato packed at 2.1 kg = ₹84; 1 kg onion = ₹30 estimate.
    const today = await place([{ id: tomato.id, quantity: 2 }], '2026-04-30T19:00:00Z');
    await admin('PUT', `/api/admin/orders/${today._id}/pack`, {
      items: [{ _id: today.orderItems[0]?._id, packedQuantity: 2.1 }],
    });
    await place([{ id: onion.id, quantity: 1 }], '2026-04-30T18:30:00Z');
    // Yesterday in shop time (still 2026-04-30 in UTC): 0.5 kg chilli = ₹100, shipped.
    const yesterday = await place([{ id: chilli.id, quantity: 0.5 }], '2026-04-30T18:29:59Z');
    await admin('PUT', `/api/user/update/order/${yesterday._id}`, { oStatus: 'Shipped' });
    // Cancelled: never billed, never sold.
    const cancelled = await place([{ id: onion.id, quantity: 2 }], '2026-04-29T06:00:00Z');
    await admin('PUT', `/api/user/update/order/${cancelled._id}`, { oStatus: 'Cancelled' });
    // The first day of the window (2026-04-02) counts; the day before does not.
    await place([{ id: tomato.id, quantity: 1 }], '2026-04-01T18:30:00Z');
    await place([{ id: tomato.id, quantity: 1 }], '2026-04-01T18:29:59Z');

    const response = await admin('GET', '/api/user/admin/stats');
    expect(response.statusCode).toBe(200);
    const stats = body<{
      billedByDay: { date: string; amount: number }[];
      ordersByStatus: Record<string, number>;
      topProducts: { productId: string; name: string; quantity: number }[];
      lowStock: { _id: string; name: string; stock: number }[];
      ordersCount: number;
    }>(response);
    expect(stats.billedByDay).toHaveLength(30);
    expect(stats.billedByDay[0]).toEqual({ date: '2026-04-02', amount: 40 });
    expect(stats.billedByDay.at(-1)).toEqual({ date: '2026-05-01', amount: 114 });
    expect(stats.billedByDay.at(-2)).toEqual({ date: '2026-04-30', amount: 100 });
    expect(stats.billedByDay.filter((day) => day.amount > 0)).toHaveLength(3);
    expect(stats.ordersByStatus).toEqual({ Processing: 4, Shipped: 1, Delivered: 0, Cancelled: 1 });
    expect(stats.ordersCount).toBe(6);
    // Tomato 2.1 kg packed + 1 kg in the window; onion 1 kg (the cancelled 2 kg not counted); chilli 0.5 kg.
    expect(stats.topProducts).toEqual([
      { productId: tomato.id, name: 'Tomato', quantity: 3.1 },
      { productId: onion.id, name: 'Onion', quantity: 1 },
      { productId: chilli.id, name: 'Chilli', quantity: 0.5 },
    ]);
    // Onion: 6 - 1 (the cancelled order gave its 2 kg back) = 5 kg, not below 5; chilli 9.5 kg.
    expect(stats.lowStock).toEqual([]);
    await admin('PUT', `/api/user/update/order/${yesterday._id}`, { oStatus: 'Delivered' });
    const lowOnion = await place([{ id: onion.id, quantity: 1 }], '2026-04-30T19:30:00Z');
    const after = body<typeof stats>(await admin('GET', '/api/user/admin/stats'));
    expect(after.lowStock).toEqual([{ _id: onion.id, name: 'Onion', stock: 4 }]);
    expect(after.ordersByStatus).toMatchObject({ Processing: 5, Delivered: 1 });
    // The 30-day figures may lag (decision 0047): this answer's are as of the first read, and
    // they are not read again within 30 s (decision 0053); the first look after that refills them
    // behind its answer, and the request after the refill has the new order.
    expect(after.billedByDay.at(-1)?.amount).toBe(114);
    await cache.refilled();
    expect(body<typeof stats>(await admin('GET', '/api/user/admin/stats')).billedByDay.at(-1)?.amount).toBe(114);
    cacheClock += 30_000;
    const refilling = body<typeof stats>(await admin('GET', '/api/user/admin/stats'));
    expect(refilling.billedByDay.at(-1)?.amount).toBe(114);
    await cache.refilled();
    const refilled = body<typeof stats>(await admin('GET', '/api/user/admin/stats'));
    expect(refilled.billedByDay.at(-1)?.amount).toBe(144);
    expect(refilled.ordersByStatus).toEqual(after.ordersByStatus);
    expect(lowOnion._id).toBeTruthy();
  });
});

describe('the dashboard read ahead', () => {
  it('is kept by a process started to warm up before the admin first looks', async () => {
    const warmCache = new ResponseCache({ declared: CACHE_REGISTRY, maxAgeMs: 3_600_000 });
    // The standing orders' clock reads the shop profile at start: off, so only the warm-up's reads are kept.
    const warm = await buildTestApp(
      { STANDING_ORDERS_CLOCK: 'off' },
      { now: () => NOW, cache: warmCache, warmUp: true },
    );
    try {
      await expect
        .poll(() => warmCache.storedReads(), { timeout: 10_000 })
        .toEqual(new Set(['dashboard.shopStats', 'dashboard.salesTrend']));
      const response = await warm.app.inject({
        method: 'GET',
        url: '/api/user/admin/stats',
        headers: { cookie: await sessionCookie(warm.db, (await createUser(warm.db, { role: 'Admin' })).id) },
      });
      expect(response.statusCode).toBe(200);
      expect(body<{ billedByDay: unknown[] }>(response).billedByDay).toHaveLength(30);
    } finally {
      await warm.close();
    }
  });
});
