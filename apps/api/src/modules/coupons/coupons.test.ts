/**
 * Coupons (api-contract-shop "The shopper's week", decision 0044) through the HTTP API on the test
 * database: the admin's coupons and their uses, the shopper's check, every rule at placing (each
 * refusal a 400 saying which, nothing changed), the zone's minimum and free-above judged before the
 * discount, the discount judged again on the packed bill, GST on the discounted value, a cancel
 * giving the use back, and `maxUses` held by a burst of checkouts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { pdfText } from '../../../test/pdf-text.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { couponUses, orders, products } from '../../db/schema.js';
import type { OrderView } from '../orders/orders.presenter.js';

const GSTIN = '29AAJCM4321F1ZJ';
/** Monday 23 November 2026, 11:30 in Kolkata. */
const clock = new Date('2026-11-23T06:00:00Z');

type Order = OrderView;
interface CouponJson {
  _id: string;
  code: string;
  kind: string;
  value: number;
  minSubtotal: number;
  validFrom: string;
  validTo: string;
  maxUses: number | null;
  firstOrderOnly: boolean;
  uses: number;
}

let t: TestApp;
let adminCookie: string;
let tomato: { id: string };
let ghee: { id: string };

const shippingInfo = {
  address: '7th Main Road, Jayanagar',
  city: 'Bengaluru',
  mobileNumber: '9876543210',
  pinCode: '560011',
};

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await buildTestApp(
    {
      SHOP_LEGAL_NAME: 'Mandi Fresh Produce',
      SHOP_ADDRESS: '12, 4th Cross, Jayanagar, Bengaluru 560011',
      SHOP_STATE: 'Karnataka',
      SHOP_GSTIN: GSTIN,
      INVOICE_PREFIX: 'MND',
    },
    { now: () => clock },
  );
  const admin = await createUser(t.db, { role: 'Admin' });
  adminCookie = await sessionCookie(t.db, admin.id);
  // ₹40/kg, exempt: 13 kg is ₹520, just above ₹500.
  tomato = await createProduct(t.db, {
    name: 'Desi Tomato',
    rate: 40,
    stockKg: 10_000,
    weightsKg: [0.5, 1, 5, 10, 12, 13],
  });
  // ₹600/kg at 12% GST.
  ghee = await createProduct(t.db, {
    name: 'Cow Ghee',
    rate: 600,
    stockKg: 1000,
    weightsKg: [0.5, 1],
    gstRate: 12,
    hsnCode: '0405',
  });
  // Bengaluru: minimum ₹100, ₹40 delivery, free from ₹500.
  const zone = await call('POST', '/api/admin/delivery/zones', adminCookie, {
    name: 'Bengaluru',
    pinPrefixes: ['560'],
    minOrder: 100,
    deliveryFee: 40,
    freeAbove: 500,
  });
  expect(zone.statusCode, zone.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
});

let shopperCount = 0;
async function newShopper() {
  shopperCount += 1;
  const user = await createUser(t.db, { firstName: `Shopper${shopperCount}`, lastName: 'Rao' });
  return { id: user.id, cookie: await sessionCookie(t.db, user.id) };
}
type Shopper = Awaited<ReturnType<typeof newShopper>>;

async function createCoupon(coupon: Record<string, unknown>): Promise<CouponJson> {
  const response = await call('POST', '/api/admin/coupons', adminCookie, {
    kind: 'flat',
    value: 50,
    minSubtotal: 500,
    validFrom: '2026-11-01',
    validTo: '2026-12-31',
    maxUses: null,
    firstOrderOnly: false,
    ...coupon,
  });
  expect(response.statusCode, response.body).toBe(201);
  return body<{ coupon: CouponJson }>(response).coupon;
}

const order = (shopper: Shopper, lines: [{ id: string }, number][], couponCode?: string) =>
  call('POST', '/api/user/new/order', shopper.cookie, {
    cartItems: lines.map(([product, quantity]) => ({ id: product.id, quantity })),
    shippingInfo,
    ...(couponCode === undefined ? {} : { couponCode }),
  });

async function place(shopper: Shopper, lines: [{ id: string }, number][], couponCode?: string): Promise<Order> {
  const response = await order(shopper, lines, couponCode);
  expect(response.statusCode, response.body).toBe(201);
  return body<{ order: Order }>(response).order;
}

async function pack(placed: Order, weights: number[] = []): Promise<Order> {
  const response = await call('PUT', `/api/admin/orders/${placed._id}/pack`, adminCookie, {
    items: placed.orderItems.map((item, i) => ({ _id: item._id, packedQuantity: weights[i] ?? item.quantity })),
  });
  expect(response.statusCode, response.body).toBe(200);
  return body<{ order: Order }>(response).order;
}

async function usesOf(id: string): Promise<number> {
  const list = body<{ coupons: CouponJson[] }>(await call('GET', '/api/admin/coupons', adminCookie)).coupons;
  return list.find((coupon) => coupon._id === id)?.uses ?? -1;
}

async function stockGrams(id: string): Promise<number> {
  const [row] = await t.db.select({ stock: products.stockGrams }).from(products).where(eq(products.id, id));
  return row?.stock ?? -1;
}

describe('the admin’s coupons', () => {
  it('makes a coupon with its code in upper case, lists it with its uses, changes and deletes it', async () => {
    const made = await createCoupon({
      code: 'welcome25',
      kind: 'percent',
      value: 25,
      minSubtotal: '200.50',
      maxUses: 10,
    });
    expect(made).toMatchObject({
      code: 'WELCOME25',
      kind: 'percent',
      value: 25,
      minSubtotal: 200.5,
      validFrom: '2026-11-01',
      validTo: '2026-12-31',
      maxUses: 10,
      firstOrderOnly: false,
      uses: 0,
    });
    const changed = await call('PUT', `/api/admin/coupons/${made._id}`, adminCookie, {
      code: 'WELCOME30',
      kind: 'flat',
      value: 30.5,
      minSubtotal: 0,
      validFrom: '2026-11-20',
      validTo: '2026-11-30',
      maxUses: null,
      firstOrderOnly: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(body<{ coupon: CouponJson }>(changed).coupon).toMatchObject({
      code: 'WELCOME30',
      kind: 'flat',
      value: 30.5,
      maxUses: null,
      firstOrderOnly: true,
    });
    const listed = body<{ coupons: CouponJson[] }>(await call('GET', '/api/admin/coupons', adminCookie)).coupons;
    expect(listed.some((coupon) => coupon.code === 'WELCOME30')).toBe(true);
    const deleted = await call('DELETE', `/api/admin/coupons/${made._id}`, adminCookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(body(deleted).code).toBe('couponDeleted');
    expect((await call('DELETE', `/api/admin/coupons/${made._id}`, adminCookie)).statusCode).toBe(404);
  });

  it('refuses a taken code (409) and bad fields (400 naming the rule), writing nothing', async () => {
    await createCoupon({ code: 'TAKEN1' });
    const again = await call('POST', '/api/admin/coupons', adminCookie, {
      code: 'taken1',
      kind: 'flat',
      value: 10,
      minSubtotal: 0,
      validFrom: '2026-11-01',
      validTo: '2026-11-30',
      maxUses: null,
      firstOrderOnly: false,
    });
    expect(again.statusCode).toBe(409);
    expect(body(again).code).toBe('couponCodeTaken');
    const base = {
      code: 'GOOD1',
      kind: 'flat',
      value: 10,
      minSubtotal: 0,
      validFrom: '2026-11-01',
      validTo: '2026-11-30',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'AB' }, 'couponCodeInvalid'],
      [{ code: 'SAVE-50' }, 'couponCodeInvalid'],
      [{ code: 'A'.repeat(21) }, 'couponCodeInvalid'],
      [{ kind: 'bogo' }, 'couponKindInvalid'],
      [{ value: 0 }, 'couponFlatValue'],
      [{ value: 10.555 }, 'couponFlatValue'],
      [{ kind: 'percent', value: 95 }, 'couponPercentValue'],
      [{ kind: 'percent', value: 12.5 }, 'couponPercentValue'],
      [{ minSubtotal: -1 }, 'couponMinSubtotal'],
      [{ validFrom: '2026-02-30' }, 'couponDateInvalid'],
      [{ validFrom: '2026-12-01', validTo: '2026-11-01' }, 'couponDatesOrder'],
      [{ maxUses: 0 }, 'couponMaxUses'],
      [{ maxUses: 2.5 }, 'couponMaxUses'],
      [{ firstOrderOnly: 'yes' }, 'couponFirstOrderFlag'],
    ];
    for (const [change, code] of cases) {
      const response = await call('POST', '/api/admin/coupons', adminCookie, { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(body(response).code, JSON.stringify(change)).toBe(code);
    }
    const list = body<{ coupons: CouponJson[] }>(await call('GET', '/api/admin/coupons', adminCookie)).coupons;
    expect(list.some((coupon) => coupon.code === 'GOOD1')).toBe(false);
  });

  it('is for admins only; the check is for a logged-in shopper', async () => {
    const shopper = await newShopper();
    expect((await call('GET', '/api/admin/coupons', shopper.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/coupons/check?code=X&subtotal=1' })).statusCode).toBe(401);
  });
});

describe('a shopper’s coupon', () => {
  it('is checked before placing: the discount it gives, or why not', async () => {
    await createCoupon({ code: 'CHECK50' });
    const shopper = await newShopper();
    const check = async (query: string) => {
      const response = await call('GET', `/api/coupons/check?${query}`, shopper.cookie);
      expect(response.statusCode, response.body).toBe(200);
      return body<{ valid: boolean; discount: number; message: string; code: string }>(response);
    };
    expect(await check('code=check50&subtotal=600')).toMatchObject({
      valid: true,
      discount: 50,
      message: 'Coupon CHECK50: ₹50 off',
    });
    expect(await check('code=CHECK50&subtotal=450')).toMatchObject({
      valid: false,
      discount: 0,
      code: 'couponBelowMinimum',
      message: 'The coupon CHECK50 needs items worth at least ₹500: add ₹50 more',
    });
    expect(await check('code=NOSUCH&subtotal=600')).toMatchObject({ valid: false, code: 'couponUnknown' });
    expect((await call('GET', '/api/coupons/check?code=&subtotal=x', shopper.cookie)).statusCode).toBe(400);
  });

  it('is checked at most 30 times in 10 minutes per shopper (429 after): codes are not found by trying them all', async () => {
    const shopper = await newShopper();
    for (let i = 0; i < 30; i++) {
      expect((await call('GET', `/api/coupons/check?code=GUESS${i}&subtotal=600`, shopper.cookie)).statusCode).toBe(
        200,
      );
    }
    const refused = await call('GET', '/api/coupons/check?code=GUESS30&subtotal=600', shopper.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another shopper's budget is their own.
    expect(
      (await call('GET', '/api/coupons/check?code=GUESS&subtotal=600', (await newShopper()).cookie)).statusCode,
    ).toBe(200);
  });

  it('takes ₹50 off above ₹500: total = subtotal - discount + delivery, the zone judged before the discount', async () => {
    const coupon = await createCoupon({ code: 'SAVE50' });
    const shopper = await newShopper();
    // ₹520 of tomatoes: free delivery (from ₹500) though ₹470 is due after the discount.
    const placed = await place(shopper, [[tomato, 13]], 'save50');
    expect(placed).toMatchObject({ subtotal: 520, discount: 50, couponCode: 'SAVE50', shippingCharge: 0, total: 470 });
    expect(placed.adjustments).toEqual([{ source: 'coupon', kind: 'discount', label: 'Coupon SAVE50', amount: -50 }]);
    expect(await usesOf(coupon._id)).toBe(1);
    // An order without a coupon says so.
    const plain = await place(await newShopper(), [[tomato, 5]]);
    expect(plain).toMatchObject({ couponCode: null, discount: 0, shippingCharge: 40, total: 240 });
  });

  it('refuses every code that does not apply with a 400 saying which, changing nothing', async () => {
    await createCoupon({ code: 'LATER', validFrom: '2026-12-01' });
    await createCoupon({ code: 'OLDONE', validFrom: '2026-10-01', validTo: '2026-11-22' });
    const once = await createCoupon({ code: 'ONLYONE', maxUses: 1, minSubtotal: 0 });
    const mine = await createCoupon({ code: 'MINE', minSubtotal: 0 });
    await createCoupon({ code: 'FIRST', firstOrderOnly: true, minSubtotal: 0 });
    await createCoupon({ code: 'BIGBASKET', minSubtotal: 1000 });

    const regular = await newShopper();
    await place(regular, [[tomato, 5]], 'ONLYONE');
    await place(regular, [[tomato, 5]], 'MINE');
    const stock = await stockGrams(tomato.id);
    const [{ count: before }] = (await t.db.select({ count: sql<number>`count(*)::int` }).from(orders)) as [
      { count: number },
    ];
    const refusals: [string, string, string][] = [
      ['NOPE', 'couponUnknown', 'There is no coupon NOPE: check the code'],
      // A scheduled code is not told from an unknown one.
      ['later', 'couponUnknown', 'There is no coupon LATER: check the code'],
      ['OLDONE', 'couponExpired', 'The coupon OLDONE expired on 22/11/2026'],
      ['ONLYONE', 'couponUsedUp', 'The coupon ONLYONE has been used up'],
      ['MINE', 'couponAlreadyUsed', 'You have already used the coupon MINE'],
      ['FIRST', 'couponFirstOrderOnly', 'The coupon FIRST is for a first order only'],
      ['BIGBASKET', 'couponBelowMinimum', 'The coupon BIGBASKET needs items worth at least ₹1,000: add ₹480 more'],
    ];
    for (const [code, messageCode, message] of refusals) {
      const response = await order(regular, [[tomato, 13]], code);
      expect(response.statusCode, code).toBe(400);
      expect(body(response), code).toMatchObject({ success: false, code: messageCode, message });
    }
    const [{ count: after }] = (await t.db.select({ count: sql<number>`count(*)::int` }).from(orders)) as [
      { count: number },
    ];
    expect(after).toBe(before);
    expect(await stockGrams(tomato.id)).toBe(stock);
    expect(await usesOf(once._id)).toBe(1);
    expect(await usesOf(mine._id)).toBe(1);
    // A new shopper's first order may use a first-order coupon; their second may not.
    const newcomer = await newShopper();
    expect((await place(newcomer, [[tomato, 5]], 'first')).discount).toBe(50);
    await createCoupon({ code: 'FIRST2', firstOrderOnly: true, minSubtotal: 0 });
    expect(body(await order(newcomer, [[tomato, 5]], 'FIRST2'))).toMatchObject({ code: 'couponFirstOrderOnly' });
  });

  it('gives the use back when the order is cancelled', async () => {
    const coupon = await createCoupon({ code: 'COMEBACK', maxUses: 1 });
    const shopper = await newShopper();
    const placed = await place(shopper, [[tomato, 13]], 'COMEBACK');
    expect(await usesOf(coupon._id)).toBe(1);
    const cancel = await call('PUT', `/api/user/update/order/${placed._id}`, adminCookie, { oStatus: 'Cancelled' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await usesOf(coupon._id)).toBe(0);
    expect((await place(shopper, [[tomato, 13]], 'COMEBACK')).discount).toBe(50);
  });
});

describe('the packed bill', () => {
  it('takes a percent of the packed subtotal, and removes a discount the packed bill no longer earns', async () => {
    await createCoupon({ code: 'TENOFF', kind: 'percent', value: 10, minSubtotal: 400 });
    const placed = await place(await newShopper(), [[tomato, 13]], 'TENOFF');
    expect(placed).toMatchObject({ subtotal: 520, discount: 52, total: 468 });
    // Packed at 12.3 kg: ₹492 (below ₹500: the fee), 10% is ₹49.20; rounded to whole rupees after both.
    const packed = await pack(placed, [12.3]);
    expect(packed).toMatchObject({ subtotal: 492, discount: 49.2, shippingCharge: 40, roundOff: 0.2, total: 483 });
    // Repacked at 9.5 kg: ₹380, below the ₹400 minimum: no discount; below ₹500, the fee.
    const repacked = await pack(packed, [9.5]);
    expect(repacked).toMatchObject({
      subtotal: 380,
      discount: 0,
      couponCode: 'TENOFF',
      shippingCharge: 40,
      total: 420,
    });
    const text = await pdfText((await call('GET', `/api/user/my/order/${placed._id}/invoice`, adminCookie)).rawPayload);
    expect(text).toContain('Coupon TENOFF was not applied');
  });

  it('prints the discount and lowers the taxable value of the lines in proportion to their value', async () => {
    await createCoupon({ code: 'GST80', value: 80, minSubtotal: 0 });
    // ₹600 of ghee at 12% and ₹200 of tomatoes (exempt): ₹80 off is ₹60 and ₹20.
    const placed = await place(
      await newShopper(),
      [
        [ghee, 1],
        [tomato, 5],
      ],
      'GST80',
    );
    const packed = await pack(placed);
    expect(packed).toMatchObject({ subtotal: 800, discount: 80, roundOff: 0, total: 720 });
    const text = await pdfText((await call('GET', `/api/user/my/order/${placed._id}/invoice`, adminCookie)).rawPayload);
    expect(text).toContain('Coupon GST80');
    expect(text).toContain('-80.00');
    // Ghee: ₹540 after its share, taxable 482.14 and tax 57.86; tomatoes ₹180, exempt.
    expect(text).toContain('482.14');
    expect(text).toContain('662.14');
    const register = body<{
      bills: { orderNumber: number; taxableValue: number; tax: number; total: number; roundOff: number }[];
    }>(await call('GET', '/api/admin/bills?month=2026-11', adminCookie));
    const bill = register.bills.find((entry) => entry.orderNumber === placed.orderNumber);
    expect(bill).toMatchObject({ taxableValue: 662.14, tax: 57.86, total: 720 });
  });
});

describe('maxUses', () => {
  it('is never exceeded by a burst of checkouts', async () => {
    const coupon = await createCoupon({ code: 'RUSH3', maxUses: 3, minSubtotal: 0 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => newShopper()));
    const answers = await Promise.all(shoppers.map((shopper) => order(shopper, [[tomato, 5]], 'RUSH3')));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.statusCode === 400)) expect(body(answer).code).toBe('couponUsedUp');
    const rows = await t.db.select().from(couponUses).where(eq(couponUses.couponId, coupon._id));
    expect(rows).toHaveLength(3);
  });
});
