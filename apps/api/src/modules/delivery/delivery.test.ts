/**
 * Delivery zones and slots through the API, on a clock set to Tuesday 24 November 2026, 10:00 in
 * Kolkata: the PIN code check, the slot listing, placing orders in slots (every refusal), the fee,
 * the admin's zones, slots and day view, the orders filter, and a cancelled order freeing its place.
 */
import { randomUUID } from 'node:crypto';
import { pinCodeAnswerSchema, slotsAnswerSchema } from '@mandi/shared/delivery';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders, slotBookings } from '../../db/schema.js';

/** Tuesday 24 Nov 2026, 10:00 IST. */
const TUESDAY_10AM = new Date('2026-11-24T04:30:00Z');
let clock = TUESDAY_10AM;
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let productId: string;

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
  productId = (
    await createProduct(t.db, { name: 'Nagpur Orange', rate: 100, stockKg: 10_000, weightsKg: [0.5, 1, 2, 5] })
  ).id;
});
afterAll(() => t.close());

/** A clean shop for each test, through the admin API so that the cached delivery answers are cleared too. */
beforeEach(async () => {
  clock = TUESDAY_10AM;
  await t.db.delete(orders);
  for (const { _id } of body<{ slots: { _id: string }[] }>(await admin('GET', '/api/admin/delivery/slots')).slots) {
    expect((await admin('DELETE', `/api/admin/delivery/slots/${_id}`)).statusCode).toBe(200);
  }
  for (const { _id } of body<{ zones: { _id: string }[] }>(await admin('GET', '/api/admin/delivery/zones')).zones) {
    expect((await admin('DELETE', `/api/admin/delivery/zones/${_id}`)).statusCode).toBe(200);
  }
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  call(method, url, adminCookie, payload);
const message = (response: LightMyRequestResponse) => String(body(response).message);

interface OrderJson {
  _id: string;
  subtotal: number;
  shippingCharge: number;
  total: number;
  deliverySlot: { _id: string; date: string; start: string; end: string } | null;
}

function order(pinCode: string, kg: number, extra: Record<string, unknown> = {}, cookie = shopperCookie) {
  return call('POST', '/api/user/new/order', cookie, {
    cartItems: [{ id: productId, quantity: kg }],
    shippingInfo: { address: '12 MG Road', city: 'Somewhere', mobileNumber: '9876543210', pinCode },
    ...extra,
  });
}
const placed = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: OrderJson }>(response).order;
};

async function addZone(zone: Record<string, unknown>): Promise<string> {
  const response = await admin('POST', '/api/admin/delivery/zones', zone);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ zone: { _id: string } }>(response).zone._id;
}
async function addSlot(slot: Record<string, unknown>): Promise<string> {
  const response = await admin('POST', '/api/admin/delivery/slots', slot);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ slot: { _id: string } }>(response).slot._id;
}
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];

/** Pune (fee ₹40, free above ₹500, minimum ₹100), Pune Camp (one PIN code, free), Mumbai (₹30 always). */
async function addCityZones() {
  const pune = await addZone({
    name: 'Pune',
    pinPrefixes: ['411', '412'],
    minOrder: 100,
    deliveryFee: 40,
    freeAbove: 500,
  });
  const camp = await addZone({ name: 'Pune Camp', pinPrefixes: ['411001'] });
  const mumbai = await addZone({ name: 'Mumbai', pinPrefixes: ['400'], deliveryFee: '30', freeAbove: null });
  return { pune, camp, mumbai };
}

describe('a shop without zones or slots', () => {
  it('delivers to every PIN code for free, with no slot (the spec promise)', async () => {
    const check = await call('GET', '/api/delivery/pincode/560001');
    expect(check.statusCode).toBe(200);
    expect(body(check)).toEqual({
      success: true,
      serviceable: true,
      zone: null,
      message: 'We deliver to 560001: free delivery',
    });
    const slots = await call('GET', '/api/delivery/slots?pinCode=560001');
    expect(body(slots)).toEqual({ success: true, slots: [] });

    const made = placed(await order('560001', 0.5));
    expect(made).toMatchObject({ subtotal: 50, shippingCharge: 0, total: 50, deliverySlot: null });
    const chosen = await order('560001', 0.5, { slotId: `${randomUUID()}_2026-11-25` });
    expect(chosen.statusCode).toBe(400);
    expect(message(chosen)).toContain('does not exist');
  });

  it('refuses a PIN code that is not 6 digits', async () => {
    for (const url of ['/api/delivery/pincode/5600', '/api/delivery/pincode/56000a', '/api/delivery/slots?pinCode=1']) {
      const response = await call('GET', url);
      expect(response.statusCode).toBe(400);
      expect(message(response)).toContain('Pin Code Should Be 6 Digit..!!');
    }
    expect((await call('GET', '/api/delivery/slots')).statusCode).toBe(400);
  });

  it('refuses six digits that are no Indian PIN code (first digit 0 or 9), with its own message', async () => {
    for (const pin of ['000123', '912345']) {
      for (const url of [`/api/delivery/pincode/${pin}`, `/api/delivery/slots?pinCode=${pin}`]) {
        const response = await call('GET', url);
        expect(response.statusCode, url).toBe(400);
        expect(body(response)).toMatchObject({
          code: 'pinNotIndian',
          message: 'This is not an Indian PIN code: a PIN code has 6 digits and starts with 1 to 8',
        });
      }
      const refused = await order(pin, 0.5);
      expect(refused.statusCode).toBe(400);
      expect(body(refused)).toMatchObject({
        code: 'pinNotIndian',
        message: 'This is not an Indian PIN code: a PIN code has 6 digits and starts with 1 to 8',
      });
    }
  });
});

describe('zones', () => {
  it('match the longest prefix and say so', async () => {
    await addCityZones();
    const check = async (pin: string) =>
      body<{ serviceable: boolean; zone: { name: string } | null; message: string }>(
        await call('GET', `/api/delivery/pincode/${pin}`),
      );
    expect(await check('411001')).toMatchObject({
      serviceable: true,
      zone: { name: 'Pune Camp' },
      message: 'We deliver to 411001: Pune Camp, free delivery',
    });
    expect(await check('411038')).toMatchObject({
      serviceable: true,
      zone: { name: 'Pune', pinPrefixes: ['411', '412'], minOrder: 100, deliveryFee: 40, freeAbove: 500 },
      message: 'We deliver to 411038: Pune, free above ₹500, minimum order ₹100',
    });
    expect(await check('400050')).toMatchObject({
      zone: { name: 'Mumbai' },
      message: 'We deliver to 400050: Mumbai, delivery ₹30',
    });
    expect(await check('560001')).toEqual({
      success: true,
      serviceable: false,
      zone: null,
      message: 'Sorry, we do not deliver to 560001 yet',
    });
  });

  it('refuse an order to an unserved PIN code (400 naming it) or below the minimum (400 naming it)', async () => {
    await addCityZones();
    const unserved = await order('560001', 1);
    expect(unserved.statusCode).toBe(400);
    expect(message(unserved)).toBe('Sorry, we do not deliver to 560001 yet');

    const small = await order('411038', 0.5);
    expect(small.statusCode).toBe(400);
    expect(message(small)).toBe('The minimum order for delivery to Pune is ₹100: this order comes to ₹50');
  });

  it('charge the fee, waived from the free-above subtotal on', async () => {
    await addCityZones();
    expect(placed(await order('411038', 2))).toMatchObject({ subtotal: 200, shippingCharge: 40, total: 240 });
    expect(placed(await order('411038', 5))).toMatchObject({ subtotal: 500, shippingCharge: 0, total: 500 });
    expect(placed(await order('411001', 0.5))).toMatchObject({ subtotal: 50, shippingCharge: 0, total: 50 });
    const mumbai = placed(await order('400050', 5));
    expect(mumbai).toMatchObject({ subtotal: 500, shippingCharge: 30, total: 530 });
    // Every view of the order shows the same figures.
    const again = await call('GET', `/api/user/my/order/${mumbai._id}`, shopperCookie);
    expect(body<{ order: OrderJson }>(again).order).toMatchObject({ subtotal: 500, shippingCharge: 30, total: 530 });
  });

  it('are judged again on the packed subtotal, by the terms the order was placed under', async () => {
    const { pune } = await addCityZones();
    const made = body<{ order: OrderJson & { orderItems: { _id: string }[] } }>(await order('411038', 5)).order;
    expect(made).toMatchObject({ subtotal: 500, shippingCharge: 0, total: 500 });
    const pack = async (kg: string) => {
      const response = await admin('PUT', `/api/admin/orders/${made._id}/pack`, {
        items: [{ _id: made.orderItems[0]?._id, packedQuantity: kg }],
      });
      expect(response.statusCode, response.body).toBe(200);
      return body<{ order: OrderJson }>(response).order;
    };
    // Packed below the free-above subtotal: the fee comes back; above it again: free.
    expect(await pack('4.8')).toMatchObject({ subtotal: 480, shippingCharge: 40, total: 520 });
    expect(await pack('5.2')).toMatchObject({ subtotal: 520, shippingCharge: 0, total: 520 });
    // A later change of the zone does not change the terms of an order already placed.
    const changed = await admin('PUT', `/api/admin/delivery/zones/${pune}`, {
      name: 'Pune',
      pinPrefixes: ['411', '412'],
      deliveryFee: 99,
      freeAbove: 1000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await pack('4.8')).toMatchObject({ subtotal: 480, shippingCharge: 40, total: 520 });
    // The order's own read carries those terms, so the packing screen judges the fee as packing will.
    const read = await admin('GET', `/api/user/my/order/${made._id}`);
    expect(body<{ order: OrderJson }>(read).order).toMatchObject({ deliveryTerms: { fee: 40, freeAbove: 500 } });
  });

  it('are validated field by field, and a prefix belongs to one zone only', async () => {
    const bad = async (zone: Record<string, unknown>, expected: string) => {
      const response = await admin('POST', '/api/admin/delivery/zones', zone);
      expect(response.statusCode, response.body).toBe(400);
      expect(message(response)).toContain(expected);
    };
    await bad({ pinPrefixes: ['411'] }, 'Zone name is required');
    await bad({ name: 'Pune', pinPrefixes: [] }, 'A zone needs at least one PIN prefix');
    await bad({ name: 'Pune', pinPrefixes: ['41a'] }, 'Each PIN prefix must be 1 to 6 digits');
    await bad({ name: 'Pune', pinPrefixes: ['4110011'] }, 'Each PIN prefix must be 1 to 6 digits');
    await bad({ name: 'Nowhere', pinPrefixes: ['0'] }, 'Each PIN prefix must be 1 to 6 digits starting with 1 to 8');
    await bad({ name: 'Nowhere', pinPrefixes: ['912'] }, 'Each PIN prefix must be 1 to 6 digits starting with 1 to 8');
    await bad({ name: 'Pune', pinPrefixes: ['411', '411'] }, 'Each PIN prefix may appear only once');
    await bad({ name: 'Pune', pinPrefixes: '411' }, 'PIN prefixes must be a list');
    await bad({ name: 'Pune', pinPrefixes: ['411'], deliveryFee: 10.555 }, 'Delivery fee must have at most 2 decimals');
    await bad({ name: 'Pune', pinPrefixes: ['411'], minOrder: -1 }, 'Minimum order must be ₹0 or more');
    await bad({ name: 'Pune', pinPrefixes: ['411'], freeAbove: 'lots' }, 'Free above must be an amount in ₹');
    expect(body(await admin('GET', '/api/admin/delivery/zones')).zones).toEqual([]);

    const pune = await addZone({ name: 'Pune', pinPrefixes: ['411'], deliveryFee: 12.5 });
    const taken = await admin('POST', '/api/admin/delivery/zones', { name: 'Pune East', pinPrefixes: ['412', '411'] });
    expect(taken.statusCode).toBe(409);
    expect(message(taken)).toBe('PIN prefix 411 already belongs to the zone Pune');
    // Saving a zone with its own prefixes is fine.
    const renamed = await admin('PUT', `/api/admin/delivery/zones/${pune}`, {
      name: 'Pune City',
      pinPrefixes: ['411', '412'],
    });
    expect(renamed.statusCode).toBe(200);
    expect(body(renamed).zone).toEqual({
      _id: pune,
      name: 'Pune City',
      pinPrefixes: ['411', '412'],
      minOrder: 0,
      deliveryFee: 0,
      freeAbove: null,
    });
    expect(
      (await admin('PUT', `/api/admin/delivery/zones/${randomUUID()}`, { name: 'X', pinPrefixes: ['8'] })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', '/api/admin/delivery/zones/not-an-id')).statusCode).toBe(404);
  });

  it('cannot be deleted while a slot names them', async () => {
    const { mumbai } = await addCityZones();
    const slot = await addSlot({ days: EVERY_DAY, start: '18:00', end: '20:00', zoneIds: [mumbai] });
    const refused = await admin('DELETE', `/api/admin/delivery/zones/${mumbai}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(
      'The 18:00-20:00 slot delivers to Mumbai: take the zone out of that slot before deleting it',
    );
    expect((await admin('DELETE', `/api/admin/delivery/slots/${slot}`)).statusCode).toBe(200);
    const deleted = await admin('DELETE', `/api/admin/delivery/zones/${mumbai}`);
    expect(body(deleted)).toEqual({
      success: true,
      message: 'Delivery zone Mumbai deleted',
      code: 'zoneDeleted',
      values: { name: 'Mumbai' },
    });
  });
});

describe('slot templates', () => {
  it('are validated field by field', async () => {
    const bad = async (slot: Record<string, unknown>, expected: string) => {
      const response = await admin('POST', '/api/admin/delivery/slots', slot);
      expect(response.statusCode, response.body).toBe(400);
      expect(message(response)).toContain(expected);
    };
    const good = { days: [1, 2], start: '07:00', end: '09:00' };
    await bad({ ...good, days: [] }, 'Choose at least one day');
    await bad({ ...good, days: [7] }, 'Each day must be a weekday number from 0 (Sunday) to 6 (Saturday)');
    await bad({ ...good, days: [1, 1] }, 'Each day may appear only once');
    await bad({ ...good, start: '7:00' }, 'Start time must be HH:MM, 24-hour');
    await bad({ ...good, end: '24:30' }, 'End time must be HH:MM, 24-hour');
    await bad({ ...good, end: '07:00' }, 'End time must be after start time');
    await bad({ ...good, capacity: 0 }, 'Capacity must be a whole number of orders (1 or more), or null for no limit');
    await bad({ ...good, capacity: 2.5 }, 'Capacity must be a whole number of orders');
    await bad({ ...good, cutoffMinutes: -5 }, 'Cut-off must be a whole number of minutes (0 or more)');
    await bad({ ...good, zoneIds: [randomUUID()] }, 'not found');
    expect(body(await admin('GET', '/api/admin/delivery/slots')).slots).toEqual([]);

    const id = await addSlot({ ...good, days: ['6', 2], capacity: '10', cutoffMinutes: 90 });
    expect(body(await admin('GET', '/api/admin/delivery/slots')).slots).toEqual([
      { _id: id, days: [2, 6], start: '07:00', end: '09:00', capacity: 10, cutoffMinutes: 90, zoneIds: [] },
    ]);
    const changed = await admin('PUT', `/api/admin/delivery/slots/${id}`, { ...good, capacity: null });
    expect(body(changed).slot).toMatchObject({ days: [1, 2], capacity: null, cutoffMinutes: 0 });
    expect((await admin('DELETE', `/api/admin/delivery/slots/${randomUUID()}`)).statusCode).toBe(404);
  });
});

describe('placing orders in slots', () => {
  it('lists today and the next 6 days, earliest first, with closed and full slots not available', async () => {
    const { mumbai } = await addCityZones();
    const morning = await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 2, cutoffMinutes: 60 });
    const evening = await addSlot({ days: [2, 4], start: '18:00', end: '20:00', zoneIds: [mumbai] });
    const slots = body<{ slots: { _id: string; date: string; remaining: number | null; isAvailable: boolean }[] }>(
      await call('GET', '/api/delivery/slots?pinCode=400050'),
    ).slots;
    expect(slots.map((slot) => slot._id)).toEqual([
      `${morning}_2026-11-24`,
      `${evening}_2026-11-24`,
      `${morning}_2026-11-25`,
      `${morning}_2026-11-26`,
      `${evening}_2026-11-26`,
      `${morning}_2026-11-27`,
      `${morning}_2026-11-28`,
      `${morning}_2026-11-29`,
      `${morning}_2026-11-30`,
    ]);
    expect(slots[0]).toEqual({
      _id: `${morning}_2026-11-24`,
      date: '2026-11-24',
      start: '07:00',
      end: '09:00',
      remaining: 2,
      isAvailable: false,
    });
    expect(slots[1]).toMatchObject({ remaining: null, isAvailable: true });
    // Pune is not served by the Mumbai evening slot.
    const pune = body<{ slots: { _id: string }[] }>(await call('GET', '/api/delivery/slots?pinCode=411038')).slots;
    expect(pune).toHaveLength(7);
    expect(body(await call('GET', '/api/delivery/slots?pinCode=560001')).slots).toEqual([]);
  });

  it('gives the earliest available slot, refuses unknown (400), closed, foreign and full (409) ones', async () => {
    const { mumbai } = await addCityZones();
    const morning = await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 2, cutoffMinutes: 60 });
    const evening = await addSlot({ days: EVERY_DAY, start: '18:00', end: '20:00', zoneIds: [mumbai] });

    // Today's morning is over: the earliest for Pune is tomorrow morning, for Mumbai this evening.
    const first = placed(await order('411038', 2));
    expect(first.deliverySlot).toEqual({
      _id: `${morning}_2026-11-25`,
      date: '2026-11-25',
      start: '07:00',
      end: '09:00',
    });
    // The confirmation mail, sent after the answer, names the slot and the charge.
    await t.settle();
    const mail = t.mails.find((m) => m.text.includes(first._id));
    expect(mail?.text).toContain('Delivery: Wednesday 25 November 2026, 07:00-09:00');
    expect(mail?.text).toContain('Subtotal: ₹200\nDelivery charge: ₹40\nTotal: ₹240');
    expect(placed(await order('400050', 1)).deliverySlot?._id).toBe(`${evening}_2026-11-24`);

    const chosen = placed(await order('411038', 2, { slotId: `${morning}_2026-11-25` }));
    expect(chosen.deliverySlot?._id).toBe(`${morning}_2026-11-25`);

    const refusals: [string, number, string][] = [
      [`${morning}_2026-11-25`, 409, 'The 07:00-09:00 slot on 2026-11-25 is full: please choose another slot'],
      [
        `${morning}_2026-11-24`,
        409,
        'The 07:00-09:00 slot on 2026-11-24 is closed for orders: please choose another slot',
      ],
      [
        `${morning}_2026-12-05`,
        409,
        'The 07:00-09:00 slot on 2026-12-05 is closed for orders: please choose another slot',
      ],
      [
        `${evening}_2026-11-24`,
        409,
        'The 18:00-20:00 slot on 2026-11-24 does not deliver to 411038: please choose another slot',
      ],
      ['tomorrow-morning', 400, 'Delivery slot tomorrow-morning does not exist: choose a slot from the slot listing'],
      [`${randomUUID()}_2026-11-25`, 400, 'does not exist'],
      [`${morning}_2026-02-30`, 400, 'does not exist'],
    ];
    for (const [slotId, status, text] of refusals) {
      const response = await order('411038', 2, { slotId });
      expect(response.statusCode, slotId).toBe(status);
      expect(message(response)).toContain(text);
    }
    // The full day is skipped.
    expect(placed(await order('411038', 2)).deliverySlot?._id).toBe(`${morning}_2026-11-26`);
  });

  it('refuses with 409 when no slot is free in the next 7 days', async () => {
    const { mumbai } = await addCityZones();
    await addSlot({ days: EVERY_DAY, start: '18:00', end: '20:00', zoneIds: [mumbai] });
    const none = await order('411038', 2);
    expect(none.statusCode).toBe(409);
    expect(message(none)).toBe('No delivery slot is free for 411038 in the next 7 days: please try again later');

    // One Wednesday in the week, one place: the second order finds none.
    await addSlot({ days: [3], start: '12:00', end: '14:00', capacity: 1 });
    expect(placed(await order('411038', 2)).deliverySlot?.date).toBe('2026-11-25');
    expect((await order('411038', 2)).statusCode).toBe(409);
  });

  it('puts an order on the pick list of its slot date, not of the day it was placed', async () => {
    await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 1, cutoffMinutes: 60 });
    // Tuesday 10:00: the first free morning is Wednesday's, then Thursday's.
    expect(placed(await order('411038', 2)).deliverySlot?.date).toBe('2026-11-25');
    expect(placed(await order('411038', 1)).deliverySlot?.date).toBe('2026-11-26');
    const pickList = async (date: string) =>
      body<{ items: { name: string; quantity: number; orders: number }[] }>(
        await admin('GET', `/api/admin/picklist?date=${date}`),
      ).items;
    expect(await pickList('2026-11-24')).toEqual([]);
    expect(await pickList('2026-11-25')).toMatchObject([{ name: 'Nagpur Orange', quantity: 2, orders: 1 }]);
    expect(await pickList('2026-11-26')).toMatchObject([{ name: 'Nagpur Orange', quantity: 1, orders: 1 }]);
  });

  it('shows each day in the admin day view and the orders filter; a cancelled order frees its place', async () => {
    const morning = await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 2, cutoffMinutes: 60 });
    const a = placed(await order('411038', 1));
    const b = placed(await order('411038', 2));
    const c = placed(await order('411038', 1));
    expect([a, b, c].map((o) => o.deliverySlot?.date)).toEqual(['2026-11-25', '2026-11-25', '2026-11-26']);

    const day = await admin('GET', '/api/admin/delivery/bookings?date=2026-11-25');
    expect(day.statusCode).toBe(200);
    expect(body(day)).toEqual({
      success: true,
      date: '2026-11-25',
      slots: [
        {
          _id: `${morning}_2026-11-25`,
          templateId: morning,
          date: '2026-11-25',
          start: '07:00',
          end: '09:00',
          capacity: 2,
          booked: 2,
          orders: [
            expect.objectContaining({ _id: a._id, status: 'Processing', total: 100, pinCode: '411038' }),
            expect.objectContaining({ _id: b._id, total: 200 }),
          ],
        },
      ],
    });
    expect((await admin('GET', '/api/admin/delivery/bookings?date=2026-13-01')).statusCode).toBe(400);

    const filtered = body<{ AllOrders: OrderJson[] }>(
      await admin('GET', '/api/user/admin/orders?deliveryDate=2026-11-25'),
    );
    expect(filtered.AllOrders.map((o) => o._id).sort()).toEqual([a._id, b._id].sort());
    const bySlot = body<{ AllOrders: OrderJson[]; OrdersCount: number }>(
      await admin('GET', `/api/user/admin/orders?slotId=${morning}_2026-11-26&page=1`),
    );
    expect(bySlot.AllOrders.map((o) => o._id)).toEqual([c._id]);
    expect(bySlot.OrdersCount).toBe(1);
    expect((await admin('GET', '/api/user/admin/orders?slotId=bad')).statusCode).toBe(400);

    // Cancelling (here by the admin) gives the slot's place back.
    expect((await admin('PUT', `/api/user/update/order/${a._id}`, { oStatus: 'Cancelled' })).statusCode).toBe(200);
    const [freed] = await t.db
      .select({ booked: slotBookings.booked })
      .from(slotBookings)
      .where(and(eq(slotBookings.templateId, morning), eq(slotBookings.date, '2026-11-25')));
    expect(freed?.booked).toBe(1);
    // The freed place goes to the next shopper, and the listing (cleared by that booking) shows it taken.
    expect(placed(await order('411038', 1)).deliverySlot?.date).toBe('2026-11-25');
    const slots = body<{ slots: { _id: string; remaining: number }[] }>(
      await call('GET', '/api/delivery/slots?pinCode=411038'),
    ).slots;
    expect(slots.find((slot) => slot._id === `${morning}_2026-11-25`)?.remaining).toBe(0);
  });

  it('keeps an order\u2019s slot times when the template changes later', async () => {
    const morning = await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00' });
    const made = placed(await order('411038', 1));
    await admin('PUT', `/api/admin/delivery/slots/${morning}`, { days: EVERY_DAY, start: '08:00', end: '10:00' });
    const again = body<{ order: OrderJson }>(await call('GET', `/api/user/my/order/${made._id}`, shopperCookie)).order;
    expect(again.deliverySlot).toEqual({
      _id: `${morning}_2026-11-25`,
      date: '2026-11-25',
      start: '07:00',
      end: '09:00',
    });
  });
});

describe('cached answers', () => {
  it('follow bookings and the admin\u2019s changes at once', async () => {
    const pune = await addZone({ name: 'Pune', pinPrefixes: ['411'], deliveryFee: 40 });
    const check = async () => body<{ message: string }>(await call('GET', '/api/delivery/pincode/411038')).message;
    expect(await check()).toBe('We deliver to 411038: Pune, delivery ₹40');
    await admin('PUT', `/api/admin/delivery/zones/${pune}`, {
      name: 'Pune',
      pinPrefixes: ['411'],
      deliveryFee: 40,
      freeAbove: 500,
    });
    expect(await check()).toBe('We deliver to 411038: Pune, free above ₹500');

    const slot = await addSlot({ days: EVERY_DAY, start: '12:00', end: '13:00', capacity: 1 });
    const tomorrow = async () =>
      body<{ slots: { _id: string; remaining: number; isAvailable: boolean }[] }>(
        await call('GET', '/api/delivery/slots?pinCode=411038'),
      ).slots.find((s) => s._id === `${slot}_2026-11-25`);
    expect(await tomorrow()).toMatchObject({ remaining: 1, isAvailable: true });
    placed(await order('411038', 5, { slotId: `${slot}_2026-11-25` }));
    expect(await tomorrow()).toMatchObject({ remaining: 0, isAvailable: false });
    // The clock alone closes today's slot: a new minute is a new answer.
    clock = new Date('2026-11-24T06:31:00Z');
    const today = body<{ slots: { _id: string; isAvailable: boolean }[] }>(
      await call('GET', '/api/delivery/slots?pinCode=411038'),
    ).slots.find((s) => s._id === `${slot}_2026-11-24`);
    expect(today?.isAvailable).toBe(false);
  });

  it('match the schemas their routes declare, which the browser takes its types from', async () => {
    // A cached answer is sent as finished JSON and skips the serializer's schema check: check it here.
    // Parsing drops keys a schema does not list, so an equal result also means no field is undeclared.
    const { mumbai } = await addCityZones();
    await addSlot({ days: EVERY_DAY, start: '07:00', end: '09:00', capacity: 2, zoneIds: [mumbai] });
    await addSlot({ days: EVERY_DAY, start: '18:00', end: '20:00' });
    for (const pin of ['411038', '400050', '560001']) {
      const check = body(await call('GET', `/api/delivery/pincode/${pin}`));
      expect(pinCodeAnswerSchema.parse(check)).toEqual(check);
      const slots = body(await call('GET', `/api/delivery/slots?pinCode=${pin}`));
      expect(slotsAnswerSchema.parse(slots)).toEqual(slots);
    }
    const served = pinCodeAnswerSchema.parse(body(await call('GET', '/api/delivery/pincode/411038')));
    expect(served.zone).toMatchObject({ minOrder: 100, deliveryFee: 40, freeAbove: 500 });
    const listed = slotsAnswerSchema.parse(body(await call('GET', '/api/delivery/slots?pinCode=400050')));
    expect(listed.slots.map((slot) => slot.remaining)).toContain(2);
  });
});

describe('admin routes', () => {
  it('answer 401 to visitors and 403 to shoppers, before looking at the body', async () => {
    const id = randomUUID();
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string][] = [
      ['GET', '/api/admin/delivery/zones'],
      ['POST', '/api/admin/delivery/zones'],
      ['PUT', `/api/admin/delivery/zones/${id}`],
      ['DELETE', `/api/admin/delivery/zones/${id}`],
      ['GET', '/api/admin/delivery/slots'],
      ['POST', '/api/admin/delivery/slots'],
      ['PUT', `/api/admin/delivery/slots/${id}`],
      ['DELETE', `/api/admin/delivery/slots/${id}`],
      ['GET', '/api/admin/delivery/bookings?date=2026-11-24'],
    ];
    for (const [method, url] of routes) {
      const payload = method === 'POST' || method === 'PUT' ? { bad: true } : undefined;
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, shopperCookie, payload)).statusCode, url).toBe(403);
    }
  });
});
