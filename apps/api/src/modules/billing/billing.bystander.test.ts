/**
 * Bills do not stall the shop (issue 29, decision 0038): while one shopper downloads their bill
 * in four loops at once, every bill drawn anew (no kept bills), another visitor's requests answer
 * about as fast as with no load. The drawing happens in the PDF pool's worker; the main thread
 * only reads the bill's data. Before the pool, each download drew on the event loop and a
 * bystander waited 150-700 ms behind it. On PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { deliveryZones } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

const LOOPS = 4;
const BYSTANDER_REQUESTS = 150;

let t: TestApp;
let shopperCookie: string;
let orderId: string;

beforeAll(async () => {
  // Nothing kept, so every download is drawn: the worst case for the pool.
  t = await buildTestApp({ PDF_CACHE_MB: '0', PDF_WORKERS: '1' });
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, { firstName: 'आशा', lastName: 'राव' });
  const adminCookie = await sessionCookie(t.db, admin.id);
  shopperCookie = await sessionCookie(t.db, shopper.id);
  await t.db.insert(deliveryZones).values({ name: 'All India', pinPrefixes: ['5'], deliveryFeePaise: 3000 });
  const items = [];
  for (let i = 0; i < 12; i++) {
    const product = await createProduct(t.db, { name: `देसी सब्ज़ी ${i}`, rate: 40 + i, stockKg: 100, weightsKg: [1] });
    items.push({ id: product.id, quantity: 1 });
  }
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: {
      cartItems: items,
      shippingInfo: { address: '7th Main Road', city: 'Bengaluru', mobileNumber: '9876543210', pinCode: '560011' },
    },
    headers: { cookie: shopperCookie },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = body<{ order: OrderView }>(placed).order;
  const packed = await t.app.inject({
    method: 'PUT',
    url: `/api/admin/orders/${order._id}/pack`,
    payload: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: item.quantity })) },
    headers: { cookie: adminCookie },
  });
  expect(packed.statusCode, packed.body).toBe(200);
  orderId = order._id;
  await t.settle();
});

afterAll(async () => {
  await t?.close();
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/**
 * The latencies of a bystander's requests, one every 5 ms or so. The bystander runs on the same
 * event loop as the server, so its latency counts from when its request was due (as a visitor's
 * request arrives whether or not the loop is free): time the loop spent elsewhere is counted.
 */
async function bystander(enough: () => boolean = () => true): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < BYSTANDER_REQUESTS || (!enough() && i < 20 * BYSTANDER_REQUESTS); i++) {
    const due = performance.now() + 5;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    latencies.push(performance.now() - due);
    expect(response.statusCode).toBe(200);
  }
  return latencies;
}

describe('a shopper downloading their bill in loops', () => {
  it("leaves another visitor's requests about as fast as with no load", async () => {
    // A warm worker first: its start is paid once per process, not per bill.
    const warm = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${orderId}/invoice?lang=hi`,
      headers: { cookie: shopperCookie },
    });
    expect(warm.statusCode).toBe(200);
    const quiet = await bystander();

    let running = true;
    const statuses = new Map<number, number>();
    const loop = async () => {
      while (running) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/user/my/order/${orderId}/invoice?lang=hi`,
          headers: { cookie: shopperCookie },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        // A refused download (the shopper's two at once) is tried again after a moment, as a browser would.
        if (response.statusCode === 429) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const loops = Array.from({ length: LOOPS }, loop);
    // At least a dozen bills drawn while the bystander asks, however slow the machine.
    const loaded = await bystander(() => (statuses.get(200) ?? 0) >= 12);
    running = false;
    await Promise.all(loops);

    const quietP99 = percentile(quiet, 99);
    const loadedP99 = percentile(loaded, 99);
    console.info(
      `bystander /api/health p50/p90/p99 ms: quiet ${percentile(quiet, 50).toFixed(1)}/${percentile(quiet, 90).toFixed(1)}/${quietP99.toFixed(1)}, ` +
        `while the bill is downloaded in ${LOOPS} loops ${percentile(loaded, 50).toFixed(1)}/${percentile(loaded, 90).toFixed(1)}/${loadedP99.toFixed(1)}; ` +
        `downloads by status ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // The load was real: bills were drawn all along.
    expect(statuses.get(200) ?? 0).toBeGreaterThanOrEqual(12);
    expect([...statuses.keys()].every((status) => status === 200 || status === 429)).toBe(true);
    // The median stays that of a request with little to wait for; a bill drawn on the event loop
    // makes it the drawing time (120-700 ms before the pool). p99 is under 50 ms on a quiet
    // machine (the quiet run's own p99 under 10 ms); the bound is 150 ms, as a CI run sharing its
    // cores saw 52 ms, still far from the 680-760 ms of drawing on the loop. On one busy with other work (the tests share
    // two cores with other test runs) the quiet run itself stalls for tens of ms, and the loops'
    // database reads (PGlite runs on this thread) stall with it: there only the median is
    // telling, and p99 must stay below what drawing on the loop gave (760 ms seen there).
    expect(percentile(loaded, 50)).toBeLessThan(20);
    expect(loadedP99).toBeLessThan(quietP99 < 10 ? 150 : 500);
  });
});
