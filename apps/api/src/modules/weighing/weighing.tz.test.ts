/**
 * Shop dates are dates in shop time whatever the server's TZ: this file changes the process's TZ
 * (its own test process), so it stays apart from the other weighing tests.
 */

import { SHOP_TIME_ZONE, shopDateOf, shopDayRange } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders } from '../../db/schema.js';

const originalTz = process.env.TZ;
let clock = new Date();
let t: TestApp;
let adminCookie: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  const shopper = await createUser(t.db, {});
  const product = await createProduct(t.db, { name: 'Guava', rate: 60, stockKg: 10, weightsKg: [1] });
  productId = product.id;
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    headers: { cookie: await sessionCookie(t.db, shopper.id) },
    payload: {
      cartItems: [{ id: product.id, quantity: 1 }],
      shippingInfo: { address: '1 Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
    },
  });
  const orderId = body<{ order: { _id: string } }>(placed).order._id;
  // 00:10 on 2026-07-01 in Kolkata: still 2026-06-30 in UTC and in New York.
  await t.db
    .update(orders)
    .set({ createdAt: new Date('2026-06-30T18:40:00Z') })
    .where(eq(orders.id, orderId));
});
afterAll(async () => {
  process.env.TZ = originalTz;
  await t.close();
});

const picklist = async (query = '') =>
  body<{ date: string; items: { productId: string; quantity: number }[] }>(
    await t.app.inject({ url: `/api/admin/picklist${query}`, headers: { cookie: adminCookie } }),
  );

describe.each(['UTC', 'America/New_York'])('with TZ=%s', (tz) => {
  beforeAll(() => {
    process.env.TZ = tz;
  });

  it('the process really runs in that zone', () => {
    const offset = new Date('2026-07-01T00:00:00Z').getTimezoneOffset();
    expect(offset).toBe(tz === 'UTC' ? 0 : 240);
  });

  it('a shop date is the Kolkata date of the instant', () => {
    expect(shopDateOf(new Date('2026-06-30T18:29:59Z'))).toBe('2026-06-30');
    expect(shopDateOf(new Date('2026-06-30T18:30:00Z'))).toBe('2026-07-01');
    expect(shopDayRange('2026-07-01')).toEqual({
      from: new Date('2026-06-30T18:30:00Z'),
      to: new Date('2026-07-01T18:30:00Z'),
    });
  });

  it('the pick list defaults to today in Kolkata and counts the order on its Kolkata date', async () => {
    clock = new Date('2026-06-30T19:00:00Z');
    const today = await picklist();
    expect(today.date).toBe('2026-07-01');
    expect(today.items).toEqual([expect.objectContaining({ productId, quantity: 1 })]);
    expect((await picklist('?date=2026-06-30')).items).toEqual([]);
    // Any other instant (here the real one) is read the same way; the one instant on both sides.
    clock = new Date();
    expect((await picklist()).date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE }).format(clock));
  });
});
