/**
 * The daily rate board through the API (decision 0036), on a clock set to Thursday 26 November 2026,
 * 10:00 in Kolkata: the board in walking order with previous rate, cost and margin; publishing now
 * (all or nothing, every refusal naming its product, nothing changed); scheduling for a moment,
 * replacing a pending schedule, applying when due before the reads answer; the history; the day's
 * list in English and Hindi; who may ask; and orders already placed keeping their rates.
 */
import { SHOP_UTC_OFFSET } from '@mandi/shared/kernel';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createCategory, createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders, products, rateChanges } from '../../db/schema.js';

/** Thursday 26 Nov 2026, 10:00 IST. */
const THURSDAY_10AM = new Date('2026-11-26T04:30:00Z');
/** 06:00 IST on Friday 27 Nov. */
/** A moment as the rate board sends it: shop time with the shop's offset. */
const shopMoment = (local: string) => `${local}:00${SHOP_UTC_OFFSET}`;
const FRIDAY_6AM = shopMoment('2026-11-27T06:00');
let clock = THURSDAY_10AM;
let t: TestApp;
let adminCookie: string;
let shopperCookie: string;
const ids = { tomato: '', onion: '', potato: '', mango: '', banana: '', okra: '' };

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (method: Method, url: string, payload?: unknown) => call(method, url, adminCookie, payload);

interface Row {
  productId: string;
  name: string;
  unit: string;
  category: string;
  rate: number;
  previousRate: number | null;
  costRate: number | null;
  marginPercent: number | null;
  scheduled: { rate: number; effectiveAt: string } | null;
}
const boardNow = async () => {
  const response = await admin('GET', '/api/admin/rates');
  expect(response.statusCode, response.body).toBe(200);
  return body<{ rates: Row[] }>(response).rates;
};
const rowOf = (rows: Row[], id: string) => rows.find((row) => row.productId === id) as Row;
const publish = (rates: { productId: string; rate: unknown }[], effectiveAt?: string) =>
  admin('PUT', '/api/admin/rates', { rates, ...(effectiveAt ? { effectiveAt } : {}) });
const ratesInDb = async () =>
  Object.fromEntries(
    (await t.db.select({ id: products.id, rate: products.ratePaise }).from(products)).map((p) => [p.id, p.rate]),
  );

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock });
  adminCookie = await sessionCookie(
    t.db,
    (await createUser(t.db, { role: 'Admin', firstName: 'Asha', lastName: 'Rao' })).id,
  );
  shopperCookie = await sessionCookie(t.db, (await createUser(t.db)).id);
  const vegetables = (await createCategory(t.db, 'Vegetables')).id;
  const fruits = (await createCategory(t.db, 'Fruits')).id;
  ids.tomato = (
    await createProduct(t.db, {
      name: 'Tomato',
      aliases: ['tamatar', 'टमाटर'],
      rate: 40,
      categoryId: vegetables,
      stockKg: 50,
    })
  ).id;
  ids.onion = (
    await createProduct(t.db, { name: 'Onion', aliases: ['pyaz', 'प्याज़'], rate: 30, categoryId: vegetables })
  ).id;
  ids.potato = (await createProduct(t.db, { name: 'potato', rate: 25, categoryId: vegetables })).id;
  ids.okra = (await createProduct(t.db, { name: 'Okra', rate: 60, categoryId: vegetables, stockKg: 0 })).id;
  ids.mango = (await createProduct(t.db, { name: 'Mango', aliases: ['आम'], rate: 120, categoryId: fruits })).id;
  ids.banana = (
    await createProduct(t.db, {
      name: 'Banana',
      rate: 50,
      categoryId: fruits,
      unit: 'dozen',
      stockKg: 20,
      weightsKg: [1, 2],
    })
  ).id;
  await t.db.update(products).set({ costRatePaise: 3000 }).where(eq(products.id, ids.tomato));
});
afterAll(() => t.close());

beforeEach(async () => {
  clock = THURSDAY_10AM;
  await t.db.delete(orders);
  await t.db.delete(rateChanges);
  const start: Record<string, number> = {
    tomato: 4000,
    onion: 3000,
    potato: 2500,
    okra: 6000,
    mango: 12000,
    banana: 5000,
  };
  for (const [key, paise] of Object.entries(start)) {
    await t.db
      .update(products)
      .set({ ratePaise: paise })
      .where(eq(products.id, ids[key as keyof typeof ids]));
  }
});

describe('the board', () => {
  it('lists every product by category, then name, with its cost, margin and no previous rate yet', async () => {
    const rows = await boardNow();
    expect(rows.map((row) => `${row.category}/${row.name}`)).toEqual([
      'Fruits/Banana',
      'Fruits/Mango',
      'Vegetables/Okra',
      'Vegetables/Onion',
      'Vegetables/potato',
      'Vegetables/Tomato',
    ]);
    expect(rowOf(rows, ids.tomato)).toEqual({
      productId: ids.tomato,
      name: 'Tomato',
      unit: 'kg',
      category: 'Vegetables',
      rate: 40,
      previousRate: null,
      costRate: 30,
      marginPercent: 25,
      scheduled: null,
    });
    expect(rowOf(rows, ids.onion)).toMatchObject({ costRate: null, marginPercent: null });
    expect(rowOf(rows, ids.banana).unit).toBe('dozen');
  });

  it('answers a page with the count, searches names and aliases, and keeps up with a publish', async () => {
    const page = async (query: string) => {
      const response = await admin('GET', `/api/admin/rates?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      const answer = body<{ rates: Row[]; total: number }>(response);
      return { names: answer.rates.map((row) => row.name), total: answer.total };
    };
    expect(await page('page=1&limit=4')).toEqual({ names: ['Banana', 'Mango', 'Okra', 'Onion'], total: 6 });
    expect(await page('page=2&limit=4')).toEqual({ names: ['potato', 'Tomato'], total: 6 });
    expect(await page('page=3&limit=4')).toEqual({ names: [], total: 6 });
    // 100 a page without a limit; a search by alias in either script, as plain text.
    expect(await page('page=1')).toMatchObject({ total: 6 });
    expect(await page('q=PYAZ')).toEqual({ names: ['Onion'], total: 1 });
    expect(await page('q=टमाटर&page=1&limit=10')).toEqual({ names: ['Tomato'], total: 1 });
    expect(await page('q=%25')).toEqual({ names: [], total: 0 });
    // The whole board, as the contract's client asks, has no total.
    expect(body<{ total?: number }>(await admin('GET', '/api/admin/rates')).total).toBeUndefined();
    // A kept page follows a publish.
    expect((await publish([{ productId: ids.banana, rate: 55 }])).statusCode).toBe(200);
    const after = body<{ rates: Row[] }>(await admin('GET', '/api/admin/rates?page=1&limit=4')).rates;
    expect(rowOf(after, ids.banana)).toMatchObject({ rate: 55, previousRate: 50 });
    for (const bad of ['page=0', 'limit=501', 'page=x', `q=${'a'.repeat(101)}`]) {
      const response = await admin('GET', `/api/admin/rates?${bad}`);
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it('is for admins only', async () => {
    expect((await call('GET', '/api/admin/rates')).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/rates', shopperCookie)).statusCode).toBe(403);
    expect(
      (await call('PUT', '/api/admin/rates', shopperCookie, { rates: [{ productId: ids.tomato, rate: 1 }] }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/admin/rates/history?productId=${ids.tomato}`, shopperCookie)).statusCode).toBe(403);
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4000 });
  });
});

describe('publishing now', () => {
  it('changes every rate at once, keeps the previous rate and the margin, and records who and when', async () => {
    const response = await publish([
      { productId: ids.tomato, rate: 44 },
      { productId: ids.onion, rate: '32.50' },
      { productId: ids.potato, rate: 25 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const rows = body<{ rates: Row[] }>(response).rates;
    expect(rowOf(rows, ids.tomato)).toMatchObject({ rate: 44, previousRate: 40, costRate: 30, marginPercent: 31.8 });
    expect(rowOf(rows, ids.onion)).toMatchObject({ rate: 32.5, previousRate: 30 });
    // Unchanged: no change recorded.
    expect(rowOf(rows, ids.potato)).toMatchObject({ rate: 25, previousRate: null });
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4400, [ids.onion]: 3250, [ids.potato]: 2500 });

    const product = await call('GET', `/api/product/getSingleProduct/${ids.tomato}`);
    expect(body<{ product: { rate: number } }>(product).product.rate).toBe(44);

    clock = new Date(THURSDAY_10AM.getTime() + 3_600_000);
    expect((await publish([{ productId: ids.tomato, rate: 42 }])).statusCode).toBe(200);
    const history = await admin('GET', `/api/admin/rates/history?productId=${ids.tomato}`);
    expect(history.statusCode, history.body).toBe(200);
    expect(body<{ changes: unknown[] }>(history).changes).toEqual([
      {
        _id: expect.any(String),
        productId: ids.tomato,
        oldRate: 44,
        newRate: 42,
        changedAt: '2026-11-26T05:30:00.000Z',
        scheduled: false,
        changedBy: 'Asha Rao',
      },
      expect.objectContaining({ oldRate: 40, newRate: 44, changedAt: '2026-11-26T04:30:00.000Z' }),
    ]);
    expect(rowOf(await boardNow(), ids.tomato)).toMatchObject({ rate: 42, previousRate: 44 });
  });

  it('refuses the whole list for one bad rate, naming its product, and changes nothing', async () => {
    for (const bad of [0, -5, 'abc', 12.345, 1_000_001, null, '', [], {}]) {
      const response = await publish([
        { productId: ids.tomato, rate: 44 },
        { productId: ids.mango, rate: bad },
      ]);
      expect(response.statusCode, `${JSON.stringify(bad)}: ${response.body}`).toBe(400);
      expect(body(response)).toMatchObject({ code: 'rateInvalidFor', values: { product: 'Mango' } });
      expect(body<{ message: string }>(response).message).toContain('Mango');
    }
    const twice = await publish([
      { productId: ids.onion, rate: 31 },
      { productId: ids.onion, rate: 32 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(body(twice)).toMatchObject({ code: 'rateProductTwice', values: { product: 'Onion' } });
    const unknown = await publish([
      { productId: ids.tomato, rate: 44 },
      { productId: '00000000-0000-4000-8000-000000000000', rate: 10 },
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown)).toMatchObject({ code: 'rateProductUnknown' });
    expect((await publish([{ productId: 'not-an-id', rate: 10 }])).statusCode).toBe(404);
    for (const payload of [{}, { rates: [] }, { rates: 'x' }, { rates: [{ rate: 4 }] }]) {
      expect((await admin('PUT', '/api/admin/rates', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const effectiveAt of [
      'tomorrow',
      '2026-11-26T06:00:00',
      shopMoment('2026-11-25T06:00'),
      shopMoment('2027-02-01T06:00'),
    ]) {
      const response = await publish([{ productId: ids.tomato, rate: 44 }], effectiveAt);
      expect(response.statusCode, effectiveAt).toBe(400);
      expect(body(response)).toMatchObject({ code: 'rateEffectiveAtInvalid' });
    }
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4000, [ids.mango]: 12000, [ids.onion]: 3000 });
    expect(await t.db.select().from(rateChanges)).toEqual([]);
  });
});

describe('scheduling', () => {
  it('keeps a future change, shows it on the board, replaces it with a later schedule and applies it when due', async () => {
    const first = await publish(
      [
        { productId: ids.tomato, rate: 38 },
        { productId: ids.mango, rate: 110 },
      ],
      FRIDAY_6AM,
    );
    expect(first.statusCode, first.body).toBe(200);
    let rows = body<{ rates: Row[] }>(first).rates;
    expect(rowOf(rows, ids.tomato)).toMatchObject({
      rate: 40,
      scheduled: { rate: 38, effectiveAt: '2026-11-27T00:30:00.000Z' },
    });
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4000, [ids.mango]: 12000 });

    // A later schedule of the tomato replaces its pending one; the mango's stays.
    expect((await publish([{ productId: ids.tomato, rate: 36 }], shopMoment('2026-11-27T07:00'))).statusCode).toBe(200);
    // Publishing now leaves the schedules alone.
    expect((await publish([{ productId: ids.mango, rate: 125 }])).statusCode).toBe(200);
    rows = await boardNow();
    expect(rowOf(rows, ids.tomato).scheduled).toEqual({ rate: 36, effectiveAt: '2026-11-27T01:30:00.000Z' });
    expect(rowOf(rows, ids.mango)).toMatchObject({ rate: 125, scheduled: { rate: 110 } });

    // Warm the public list: the change must not be served stale from the cache once it applies.
    const before = await call('GET', '/api/rates/today');
    expect(
      body<{ rates: { productId: string; rate: number }[] }>(before).rates.find((r) => r.productId === ids.mango)?.rate,
    ).toBe(125);

    clock = new Date('2026-11-27T00:30:00Z'); // Friday 06:00: the mango is due, the tomato not yet.
    const friday = await call('GET', '/api/rates/today');
    const fridayRates = body<{ rates: { productId: string; rate: number }[] }>(friday).rates;
    expect(fridayRates.find((r) => r.productId === ids.mango)?.rate).toBe(110);
    expect(fridayRates.find((r) => r.productId === ids.tomato)?.rate).toBe(40);
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4000, [ids.mango]: 11000 });

    clock = new Date('2026-11-27T01:30:00Z');
    rows = await boardNow();
    expect(rowOf(rows, ids.tomato)).toMatchObject({ rate: 36, previousRate: 40, scheduled: null });
    expect(rowOf(rows, ids.mango)).toMatchObject({ rate: 110, previousRate: 125, scheduled: null });
    const history = body<{ changes: { oldRate: number; newRate: number; scheduled: boolean; changedAt: string }[] }>(
      await admin('GET', `/api/admin/rates/history?productId=${ids.mango}`),
    ).changes;
    expect(history.map(({ oldRate, newRate, scheduled }) => ({ oldRate, newRate, scheduled }))).toEqual([
      { oldRate: 125, newRate: 110, scheduled: true },
      { oldRate: 120, newRate: 125, scheduled: false },
    ]);
  });

  it('applies a change scheduled within the grace before now at once', async () => {
    const response = await publish([{ productId: ids.onion, rate: 28 }], shopMoment('2026-11-26T09:58'));
    expect(response.statusCode, response.body).toBe(200);
    expect(rowOf(body<{ rates: Row[] }>(response).rates, ids.onion)).toMatchObject({ rate: 28, scheduled: null });
  });
});

describe('orders already placed', () => {
  it('keep the rate they were placed at, on the order and on the packed bill', async () => {
    const placed = await call('POST', '/api/user/new/order', shopperCookie, {
      cartItems: [{ id: ids.tomato, quantity: 2 }],
      shippingInfo: { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = body<{ order: { _id: string; orderItems: { _id: string; rate: number }[] } }>(placed).order;
    expect(order.orderItems[0]?.rate).toBe(40);

    expect((await publish([{ productId: ids.tomato, rate: 50 }])).statusCode).toBe(200);
    expect((await publish([{ productId: ids.tomato, rate: 45 }], FRIDAY_6AM)).statusCode).toBe(200);
    clock = new Date('2026-11-27T01:00:00Z');
    await boardNow();
    expect(await ratesInDb()).toMatchObject({ [ids.tomato]: 4500 });

    const packed = await admin('PUT', `/api/admin/orders/${order._id}/pack`, {
      items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: 2 })),
    });
    expect(packed.statusCode, packed.body).toBe(200);
    const bill = body<{ order: { orderItems: { rate: number }[]; subtotal: number } }>(packed).order;
    expect(bill.orderItems[0]?.rate).toBe(40);
    expect(bill.subtotal).toBe(80);
  });
});

describe("the day's list", () => {
  it('lists the products in stock by category, then name, as chat text in English', async () => {
    const response = await call('GET', '/api/rates/today');
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<{ date: string; text: string; rates: { name: string; rate: number; unit: string }[] }>(
      response,
    );
    expect(answer.date).toBe('2026-11-26');
    expect(answer.rates.map((rate) => rate.name)).toEqual(['Banana', 'Mango', 'Onion', 'potato', 'Tomato']);
    expect(answer.text).toBe(
      [
        '*Mandi rates, Thu 26 Nov*',
        '',
        '*Fruits*',
        'Banana ₹50/dozen',
        'Mango ₹120/Kg',
        '',
        '*Vegetables*',
        'Onion ₹30/Kg',
        'potato ₹25/Kg',
        'Tomato ₹40/Kg',
      ].join('\n'),
    );
  });

  it('uses the Hindi names the catalogue has, in Hindi', async () => {
    expect((await publish([{ productId: ids.onion, rate: '32.50' }])).statusCode).toBe(200);
    const response = await call('GET', '/api/rates/today?lang=hi');
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<{ text: string; rates: { name: string }[] }>(response);
    expect(answer.rates.map((rate) => rate.name)).toEqual(['Banana', 'आम', 'प्याज़', 'potato', 'टमाटर']);
    expect(answer.text).toBe(
      [
        '*Mandi के आज के भाव, गुरु 26 नव*',
        '',
        '*Fruits*',
        'Banana ₹50/दर्जन',
        'आम ₹120/किलो',
        '',
        '*Vegetables*',
        'प्याज़ ₹32.50/किलो',
        'potato ₹25/किलो',
        'टमाटर ₹40/किलो',
      ].join('\n'),
    );
    expect((await call('GET', '/api/rates/today?lang=fr')).statusCode).toBe(400);
  });

  it('answers the history of an unknown product with a 404', async () => {
    expect(
      (await admin('GET', '/api/admin/rates/history?productId=00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    expect((await admin('GET', '/api/admin/rates/history?productId=nope')).statusCode).toBe(404);
    expect((await admin('GET', '/api/admin/rates/history')).statusCode).toBe(400);
  });
});
