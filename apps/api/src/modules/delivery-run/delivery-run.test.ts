/**
 * The delivery run and its cash through the API (decision 0033), on a clock set to Tuesday 24
 * November 2026, 10:00 in Kolkata, with a morning (07:00-09:00) and an evening (17:00-19:00) slot
 * every day: which orders are stops and in what order, the amount to collect at each, the CSV, the
 * day's cash close (Cash payments of the shop date, across the Kolkata midnight), repeated closes,
 * who may ask, and every refusal of a bad request.
 */
import { shopDateOf, shopInstant } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { cashCloses, orderBills, orders } from '../../db/schema.js';

/** Tuesday 24 Nov 2026, 10:00 IST. */
const TUESDAY_10AM = new Date('2026-11-24T04:30:00Z');
const WEDNESDAY = '2026-11-25';
let clock = TUESDAY_10AM;
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
let productId: string;
let morning: string;
let evening: string;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: Method, url: string, payload?: unknown) => call(method, url, adminCookie, payload);

interface OrderJson {
  _id: string;
  orderNumber: number;
  total: number;
  orderItems: { _id: string; quantity: number }[];
}
interface Stop {
  orderId: string;
  orderNumber: number;
  slot: { _id: string; date: string; start: string; end: string };
  name: string;
  address: string;
  pinCode: string;
  mobile: string;
  paymentMethod: string | null;
  amountDue: number;
  estimate: boolean;
  status: string;
}
interface Close {
  _id: string;
  date: string;
  expectedCash: number;
  collectedCash: number;
  countedCash: number;
  difference: number;
  note: string;
  closedAt: string;
  latest: boolean;
}

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  adminCookie = await sessionCookie(t.db, (await createUser(t.db, { role: 'Admin' })).id);
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db, { firstName: 'Meera', lastName: 'Rao' })).id);
  productId = (await createProduct(t.db, { name: 'Desi Tomato', rate: 40, stockKg: 10_000, weightsKg: [0.5, 1, 2] }))
    .id;
  const addSlot = async (start: string, end: string) => {
    const response = await admin('POST', '/api/admin/delivery/slots', { days: [0, 1, 2, 3, 4, 5, 6], start, end });
    expect(response.statusCode, response.body).toBe(201);
    return body<{ slot: { _id: string } }>(response).slot._id;
  };
  morning = await addSlot('07:00', '09:00');
  evening = await addSlot('17:00', '19:00');
});
afterAll(() => t.close());

beforeEach(async () => {
  clock = TUESDAY_10AM;
  await t.db.delete(orders);
  await t.db.delete(cashCloses);
});

async function order(template: string, pinCode: string, address: string, kg = 1, date = WEDNESDAY): Promise<OrderJson> {
  const response = await call('POST', '/api/user/new/order', shopperCookie, {
    cartItems: [{ id: productId, quantity: kg }],
    shippingInfo: { address, city: 'Pune', mobileNumber: '9876543210', pinCode },
    slotId: `${template}_${date}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: OrderJson }>(response).order;
}
async function pack(made: OrderJson, kg: number): Promise<OrderJson> {
  const response = await admin('PUT', `/api/admin/orders/${made._id}/pack`, {
    items: made.orderItems.map((item) => ({ _id: item._id, packedQuantity: kg })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: OrderJson }>(response).order;
}
async function status(made: OrderJson, oStatus: string) {
  const response = await admin('PUT', `/api/user/update/order/${made._id}`, { oStatus });
  expect(response.statusCode, response.body).toBe(200);
}
/** Each UPI payment has its own UTR: a UTR pays once across the shop (decision 0055). */
let nextUtr = 123_456_789_012;
async function pay(made: OrderJson, method: 'Cash' | 'UPI') {
  const response = await admin('PUT', `/api/admin/orders/${made._id}/payment`, {
    method,
    reference: method === 'UPI' ? String(nextUtr++) : '',
  });
  expect(response.statusCode, response.body).toBe(200);
}
async function run(query: string) {
  const response = await admin('GET', `/api/admin/delivery/run?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<{ success: true; date: string; stops: Stop[]; expectedCash: number; collectedCash: number }>(response);
}
async function close(payload: Record<string, unknown>): Promise<Close> {
  const response = await admin('POST', '/api/admin/delivery/run/close', payload);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ close: Close }>(response).close;
}
const refusal = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  code: body(response).code,
});

describe('the run sheet', () => {
  it('lists the Processing and Shipped orders of the date by slot start, PIN code and address', async () => {
    const eveningStop = await order(evening, '411002', 'A1 Evening Lane');
    const farPin = await order(morning, '411005', 'A2 Anand Nagar');
    const zRoad = await order(morning, '411002', 'Z9 Road');
    const cRoad = await order(morning, '411002', 'C3 Road');
    const cancelled = await order(morning, '411001', 'B4 Camp');
    const delivered = await order(morning, '411001', 'B5 Camp');
    await order(morning, '411001', 'Another day', 1, '2026-11-26');
    await status(cancelled, 'Cancelled');
    await status(delivered, 'Shipped');
    await status(delivered, 'Delivered');
    await status(zRoad, 'Shipped');

    const sheet = await run(`date=${WEDNESDAY}`);
    expect(sheet.date).toBe(WEDNESDAY);
    expect(sheet.stops.map((stop) => stop.orderId)).toEqual([cRoad._id, zRoad._id, farPin._id, eveningStop._id]);
    expect(sheet.stops[1]).toMatchObject({
      orderNumber: zRoad.orderNumber,
      slot: { _id: `${morning}_${WEDNESDAY}`, date: WEDNESDAY, start: '07:00', end: '09:00' },
      name: 'Meera Rao',
      address: 'Z9 Road',
      pinCode: '411002',
      mobile: '9876543210',
      status: 'Shipped',
    });
    expect(sheet.stops[3]?.slot.start).toBe('17:00');

    const slotOnly = await run(`date=${WEDNESDAY}&slotId=${morning}_${WEDNESDAY}`);
    expect(slotOnly.stops.map((stop) => stop.orderId)).toEqual([cRoad._id, zRoad._id, farPin._id]);
    // The slot names its date: the date may be left out.
    expect((await run(`slotId=${evening}_${WEDNESDAY}`)).stops.map((stop) => stop.orderId)).toEqual([eveningStop._id]);
    // Without a date: today, shop time (Tuesday, no stops).
    expect(await run('')).toEqual({
      success: true,
      date: '2026-11-24',
      stops: [],
      expectedCash: 0,
      collectedCash: 0,
      counterCash: [],
    });
  });

  it('asks the bill of an unpaid packed order, the estimate of an unpacked one, nothing of a paid one', async () => {
    await order(morning, '411001', 'A Unpacked', 2);
    const packed = await pack(await order(morning, '411001', 'B Packed', 2), 1.5);
    const paidCash = await pack(await order(morning, '411001', 'C Cash', 1), 1);
    const paidUpi = await pack(await order(morning, '411001', 'D Upi', 1), 1);
    const shippedUnpacked = await order(morning, '411001', 'E Shipped', 0.5);
    await pay(paidCash, 'Cash');
    await pay(paidUpi, 'UPI');
    await status(shippedUnpacked, 'Shipped');

    const sheet = await run(`date=${WEDNESDAY}`);
    const byAddress = new Map(sheet.stops.map((stop) => [stop.address, stop]));
    expect(byAddress.get('A Unpacked')).toMatchObject({ amountDue: 80, estimate: true, paymentMethod: null });
    expect(byAddress.get('B Packed')).toMatchObject({ amountDue: 60, estimate: false, paymentMethod: null });
    expect(packed.total).toBe(60);
    expect(byAddress.get('C Cash')).toMatchObject({ amountDue: 0, paymentMethod: 'Cash' });
    expect(byAddress.get('D Upi')).toMatchObject({ amountDue: 0, paymentMethod: 'UPI' });
    // Shipping packs an unpacked order at its ordered weights: the bill is final.
    expect(byAddress.get('E Shipped')).toMatchObject({ amountDue: 20, estimate: false, status: 'Shipped' });
    expect(sheet.expectedCash).toBe(80 + 60 + 20);
  });

  it('keeps money to the paisa', async () => {
    const odd = await createProduct(t.db, { name: 'Methi', rate: 33.33, stockKg: 100, weightsKg: [0.25, 1] });
    const response = await call('POST', '/api/user/new/order', shopperCookie, {
      cartItems: [{ id: odd.id, quantity: 0.25 }],
      shippingInfo: { address: 'Paise Street', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
      slotId: `${morning}_${WEDNESDAY}`,
    });
    const made = body<{ order: OrderJson }>(response).order;
    const sheet = await run(`date=${WEDNESDAY}`);
    expect(sheet.stops[0]?.amountDue).toBe(made.total);
    expect(sheet.expectedCash).toBe(made.total);
    expect(Math.round(sheet.expectedCash * 100)).toBeCloseTo(sheet.expectedCash * 100, 6);
  });

  it('serves the run sheet as CSV, in route order, with the amount to collect', async () => {
    await order(evening, '411002', 'Evening, "Gate 2"');
    const first = await order(morning, '411001', '=1+1 Morning');
    const response = await admin('GET', `/api/admin/delivery/run?date=${WEDNESDAY}&format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="run-sheet-${WEDNESDAY}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Stop","Order","Slot","Name","Address","City","PIN code","Mobile","Status","Payment","Amount due (₹)"',
    );
    expect(lines[1]).toBe(
      `1,"#${first.orderNumber}","07:00-09:00","Meera Rao","'=1+1 Morning","Pune","411001","9876543210","Processing","","40.00"`,
    );
    expect(lines[2]).toContain('"Evening, ""Gate 2"""');
    expect(lines).toHaveLength(3);
  });
});

describe("the day's cash close", () => {
  /** Sets an order's recorded payment at an instant (the payment route stamps the real time). */
  async function paidAt(made: OrderJson, method: 'Cash' | 'UPI', at: string) {
    await pay(made, method);
    await t.db
      .update(orderBills)
      .set({ paidAt: new Date(at) })
      .where(eq(orderBills.orderId, made._id));
  }

  it('counts the Cash payments of the shop date, across the Kolkata midnight, and keeps the difference', async () => {
    const beforeMidnight = await pack(await order(morning, '411001', 'A', 1), 1); // ₹40
    const afterMidnight = await pack(await order(morning, '411001', 'B', 2), 2); // ₹80
    const lateEvening = await pack(await order(evening, '411001', 'C', 0.5), 0.5); // ₹20
    const byUpi = await pack(await order(morning, '411001', 'D', 1), 1); // ₹40, UPI
    await order(evening, '411001', 'E unpaid', 1); // ₹40 expected, not collected
    await paidAt(beforeMidnight, 'Cash', '2026-11-24T18:29:59Z'); // 23:59:59 on Tuesday, IST
    await paidAt(afterMidnight, 'Cash', '2026-11-24T18:30:00Z'); // 00:00 on Wednesday, IST
    await paidAt(lateEvening, 'Cash', '2026-11-25T18:29:00Z'); // 23:59 on Wednesday, IST
    await paidAt(byUpi, 'UPI', '2026-11-25T06:00:00Z');
    clock = new Date('2026-11-25T14:30:00Z'); // Wednesday 20:00 IST
    expect(await run(`date=${WEDNESDAY}`)).toMatchObject({ expectedCash: 40, collectedCash: 100 });

    const closed = await close({ date: WEDNESDAY, countedCash: '110.50', note: ' Short change ' });
    expect(closed).toMatchObject({
      date: WEDNESDAY,
      expectedCash: 40,
      collectedCash: 100,
      countedCash: 110.5,
      difference: 10.5,
      note: 'Short change',
      latest: true,
    });
    expect(Number.isNaN(Date.parse(closed.closedAt))).toBe(false);

    const tuesday = await close({ date: '2026-11-24', countedCash: 30 });
    expect(tuesday).toMatchObject({ collectedCash: 40, countedCash: 30, difference: -10, note: '', expectedCash: 0 });
  });

  it('counts a Cash payment recorded through the payment route today', async () => {
    const today = shopDateOf(new Date());
    clock = shopInstant(today, 30); // 00:30 today in the shop: the slots are open
    const made = await pack(await order(morning, '411001', 'Today', 1, today), 1);
    clock = new Date();
    expect((await run(`date=${today}`)).expectedCash).toBe(40);
    await pay(made, 'Cash');
    const paid = await run(`date=${today}`);
    expect(paid.stops[0]).toMatchObject({ amountDue: 0, paymentMethod: 'Cash' });
    expect(paid).toMatchObject({ expectedCash: 0, collectedCash: 40 });
    expect(await close({ date: today, countedCash: 40 })).toMatchObject({
      expectedCash: 0,
      collectedCash: 40,
      difference: 0,
    });
  });

  it('keeps every close of a date; the latest counts and is listed first', async () => {
    clock = new Date('2026-11-26T05:00:00Z');
    const first = await close({ date: WEDNESDAY, countedCash: 10, note: 'first count' });
    const second = await close({ date: WEDNESDAY, countedCash: 12, note: 'recounted' });
    const other = await close({ date: '2026-11-20', countedCash: 5 });
    const response = await admin('GET', '/api/admin/delivery/run/closes?from=2026-11-01&to=2026-11-30');
    expect(response.statusCode, response.body).toBe(200);
    const { closes } = body<{ closes: Close[] }>(response);
    expect(closes.map((item) => [item._id, item.latest])).toEqual([
      [second._id, true],
      [first._id, false],
      [other._id, true],
    ]);
    expect(closes[0]).toMatchObject({ countedCash: 12, note: 'recounted', difference: 12 });
    // The default: the 30 days up to today.
    const recent = body<{ closes: Close[] }>(await admin('GET', '/api/admin/delivery/run/closes')).closes;
    expect(recent).toHaveLength(3);
    const narrow = await admin('GET', '/api/admin/delivery/run/closes?from=2026-11-21&to=2026-11-25');
    expect(body<{ closes: Close[] }>(narrow).closes.map((item) => item._id)).toEqual([second._id, first._id]);
  });
});

describe('who may ask, and bad requests', () => {
  const routes: [Method, string, unknown?][] = [
    ['GET', `/api/admin/delivery/run?date=${WEDNESDAY}`],
    ['GET', `/api/admin/delivery/run?date=${WEDNESDAY}&format=csv`],
    ['POST', '/api/admin/delivery/run/close', { date: '2026-11-24', countedCash: 1 }],
    ['GET', '/api/admin/delivery/run/closes'],
  ];

  it('answers 401 to a stranger and 403 to a shopper, even for a bad request', async () => {
    for (const [method, url, payload] of routes) {
      expect(refusal(await call(method, url, undefined, payload))).toEqual({ status: 401, code: 'loginToContinue' });
      expect(refusal(await call(method, url, shopperCookie, payload))).toEqual({ status: 403, code: 'adminOnly' });
    }
    expect((await call('GET', '/api/admin/delivery/run?date=bad', shopperCookie)).statusCode).toBe(403);
    expect(await t.db.select().from(cashCloses)).toEqual([]);
  });

  it('refuses a bad date, slot or format of the run sheet with coded messages', async () => {
    const cases: [string, string][] = [
      ['date=2026-13-01', 'runDateInvalid'],
      ['date=2026-02-30', 'runDateInvalid'],
      ['date=1999-12-31', 'runDateInvalid'],
      ['date=2101-01-01', 'runDateInvalid'],
      ['date=tomorrow', 'runDateInvalid'],
      [`date=${WEDNESDAY}&slotId=morning`, 'runSlotInvalid'],
      [`date=${WEDNESDAY}&slotId=${morning}_2026-11-26`, 'runSlotOtherDate'],
      [`date=${WEDNESDAY}&format=pdf`, 'runFormatInvalid'],
    ];
    for (const [query, code] of cases) {
      expect(refusal(await admin('GET', `/api/admin/delivery/run?${query}`)), query).toEqual({ status: 400, code });
    }
  });

  it('refuses a bad close and writes nothing', async () => {
    clock = new Date('2026-11-25T14:30:00Z');
    const cases: [unknown, string][] = [
      [{ date: '25-11-2026', countedCash: 1 }, 'runDateInvalid'],
      [{ countedCash: 1 }, 'runDateInvalid'],
      [{ date: '2026-11-26', countedCash: 1 }, 'closeDateFuture'],
      [{ date: WEDNESDAY }, 'countedCashInvalid'],
      [{ date: WEDNESDAY, countedCash: 'lots' }, 'countedCashInvalid'],
      [{ date: WEDNESDAY, countedCash: -1 }, 'countedCashRange'],
      [{ date: WEDNESDAY, countedCash: 10_000_000.01 }, 'countedCashRange'],
      [{ date: WEDNESDAY, countedCash: 1.234 }, 'countedCashDecimals'],
      [{ date: WEDNESDAY, countedCash: 1, note: 'x'.repeat(501) }, 'closeNoteMax'],
      [{ date: WEDNESDAY, countedCash: 1, note: 5 }, 'closeNoteMax'],
    ];
    for (const [payload, code] of cases) {
      expect(refusal(await admin('POST', '/api/admin/delivery/run/close', payload)), JSON.stringify(payload)).toEqual({
        status: 400,
        code,
      });
    }
    expect(await t.db.select().from(cashCloses)).toEqual([]);
    // The edges are accepted: ₹0, ₹1,00,00,000 and a note of 500 characters.
    expect((await close({ date: WEDNESDAY, countedCash: 0 })).countedCash).toBe(0);
    expect((await close({ date: WEDNESDAY, countedCash: 10_000_000, note: 'x'.repeat(500) })).countedCash).toBe(
      10_000_000,
    );
  });

  it('refuses a range of closes backwards or longer than a year', async () => {
    for (const query of ['from=2026-11-10&to=2026-11-01', 'from=2025-01-01&to=2026-11-01', 'from=2026-1-1']) {
      const response = await admin('GET', `/api/admin/delivery/run/closes?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(body(response).code, query).toBe(query.endsWith('1-1') ? 'runDateInvalid' : 'closesRangeInvalid');
    }
  });
});
