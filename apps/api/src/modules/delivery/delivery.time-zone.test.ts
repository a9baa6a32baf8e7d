/**
 * "Today" and cut-offs are shop time whatever the server's TZ: the same checks at
 * 23:50 and 00:10 in Kolkata, through the API, with the process running as UTC and as New York
 * (set here before any date is read; Node applies a TZ assigned at run time, checked first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';

const ORIGINAL_TZ = process.env.TZ;
/** The zone's offset on 24 November 2026 in minutes, as Date.getTimezoneOffset gives it. */
const ZONES = [
  { tz: 'UTC', offset: 0 },
  { tz: 'America/New_York', offset: 300 },
];
/** Tuesday 23:50 and Wednesday 00:10 in Kolkata: both Tuesday in UTC and in New York. */
const BEFORE_MIDNIGHT = new Date('2026-11-24T18:20:00Z');
const AFTER_MIDNIGHT = new Date('2026-11-24T18:40:00Z');

afterAll(() => {
  if (ORIGINAL_TZ === undefined) delete process.env.TZ;
  else process.env.TZ = ORIGINAL_TZ;
});

for (const { tz, offset } of ZONES) {
  describe(`with TZ=${tz}`, () => {
    let t: TestApp;
    let clock = BEFORE_MIDNIGHT;
    let cookie: string;
    let productId: string;
    let midnight: string;
    let morning: string;

    beforeAll(async () => {
      process.env.TZ = tz;
      t = await buildTestApp({}, { now: () => clock });
      const admin = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
      cookie = await sessionCookie(t.db, (await createUser(t.db)).id);
      productId = (await createProduct(t.db, { stockKg: 100, weightsKg: [1] })).id;
      const add = async (slot: Record<string, unknown>) =>
        body<{ slot: { _id: string } }>(
          await t.app.inject({
            method: 'POST',
            url: '/api/admin/delivery/slots',
            headers: { cookie: admin },
            payload: slot,
          }),
        ).slot._id;
      const everyDay = [0, 1, 2, 3, 4, 5, 6];
      // Starts at midnight, no cut-off; and a morning slot that closes at midnight (7 h before 07:00).
      midnight = await add({ days: everyDay, start: '00:00', end: '02:00', cutoffMinutes: 0 });
      morning = await add({ days: everyDay, start: '07:00', end: '09:00', cutoffMinutes: 420 });
    });
    afterAll(() => t.close());

    const listing = async () =>
      body<{ slots: { _id: string; date: string; isAvailable: boolean }[] }>(
        await t.app.inject({ method: 'GET', url: '/api/delivery/slots?pinCode=411001' }),
      ).slots;
    const order = (slotId?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/new/order',
        headers: { cookie },
        payload: {
          cartItems: [{ id: productId, quantity: 1 }],
          shippingInfo: { address: '1 Camp Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
          ...(slotId ? { slotId } : {}),
        },
      });

    it('the process really runs in that zone', () => {
      expect(new Date(2026, 10, 24, 12).getTimezoneOffset()).toBe(offset);
    });

    it('at 23:50 in Kolkata: today is Tuesday, and the midnight and morning slots of Wednesday are still open', async () => {
      clock = BEFORE_MIDNIGHT;
      const slots = await listing();
      expect(slots[0]?.date).toBe('2026-11-24');
      expect(slots.at(-1)?.date).toBe('2026-11-30');
      const available = (id: string) => slots.find((slot) => slot._id === id)?.isAvailable;
      expect(available(`${midnight}_2026-11-24`)).toBe(false);
      expect(available(`${midnight}_2026-11-25`)).toBe(true);
      expect(available(`${morning}_2026-11-25`)).toBe(true);
      const placed = await order();
      expect(placed.statusCode).toBe(201);
      expect(
        body<{ order: { deliverySlot: { date: string; start: string } } }>(placed).order.deliverySlot,
      ).toMatchObject({
        date: '2026-11-25',
        start: '00:00',
      });
    });

    it('at 00:10 in Kolkata: today is Wednesday, and its midnight and morning slots are closed', async () => {
      clock = AFTER_MIDNIGHT;
      const slots = await listing();
      expect(slots[0]?.date).toBe('2026-11-25');
      expect(slots.at(-1)?.date).toBe('2026-12-01');
      const available = (id: string) => slots.find((slot) => slot._id === id)?.isAvailable;
      expect(available(`${midnight}_2026-11-25`)).toBe(false);
      expect(available(`${morning}_2026-11-25`)).toBe(false);
      expect(available(`${midnight}_2026-11-26`)).toBe(true);
      const closed = await order(`${morning}_2026-11-25`);
      expect(closed.statusCode).toBe(409);
      expect(body(closed).message).toContain('is closed for orders');
      const placed = await order();
      expect(
        body<{ order: { deliverySlot: { date: string; start: string } } }>(placed).order.deliverySlot,
      ).toMatchObject({
        date: '2026-11-26',
        start: '00:00',
      });
    });
  });
}
