import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { body, buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { createProduct, createUser } from '../../../test/factories.js';
import { sessionCookie } from '../../../test/test-sessions.js';
import { orders, products, users } from '../../db/schema.js';
import type { OrderView } from './orders.presenter.js';

let t: TestApp;
let shopper: { id: string };
let other: { id: string };
let shopperCookie: string;
let otherCookie: string;
let adminCookie: string;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

beforeAll(async () => {
  t = await buildTestApp();
  shopper = await createUser(t.db, { firstName: 'Asha', lastName: 'Patel' });
  other = await createUser(t.db, { firstName: 'Ravi', lastName: 'Kumar' });
  const admin = await createUser(t.db, { firstName: 'Meera', lastName: 'Admin', role: 'Admin' });
  shopperCookie = await sessionCookie(t.db, shopper.id);
  otherCookie = await sessionCookie(t.db, other.id);
  adminCookie = await sessionCookie(t.db, admin.id);
});
afterAll(() => t.close());

type OrderResponse = { success: boolean; message: string; order: OrderView; newOrder: OrderView };

function place(cookie: string | undefined, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user/new/order',
    payload: payload as Record<string, unknown>,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

async function stockKg(productId: string): Promise<number> {
  const [row] = await t.db.select({ grams: products.stockGrams }).from(products).where(eq(products.id, productId));
  return (row?.grams ?? Number.NaN) / 1000;
}

async function orderCount(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(orders);
  return Number(row?.n ?? 0);
}

describe('POST /api/user/new/order', () => {
  it('prices every line from the database and ignores prices, names, images and userId sent by the client', async () => {
    const tomato = await createProduct(t.db, { name: 'Tomato', rate: 40, stockKg: 10 });
    const paneer = await createProduct(t.db, { name: 'Malai Paneer', rate: 379.5, stockKg: 5 });
    const response = await place(shopperCookie, {
      cartItems: [
        {
          id: tomato.id,
          quantity: '1.5',
          rate: 0.01,
          price: 0.01,
          name: 'Free stuff',
          image: 'https://evil.example/x.png',
        },
        { id: paneer.id, quantity: 0.5, rate: 1 },
      ],
      shippingInfo: { ...shipping, mobileNumber: 9876543210, pinCode: 411001 },
      userId: other.id,
      total: 1,
    });
    expect(response.statusCode).toBe(201);
    const data = body<OrderResponse>(response);
    expect(data.success).toBe(true);
    expect(data.message).toBe('Order placed');
    expect(data.newOrder).toEqual(data.order);
    expect(data.order).toMatchObject({
      total: 249.75,
      status: 'Processing',
      userId: shopper.id,
      user: { _id: shopper.id, firstName: 'Asha', lastName: 'Patel' },
      shippingInfo: shipping,
    });
    expect(data.order.orderItems).toEqual([
      {
        _id: expect.any(String),
        productId: tomato.id,
        name: 'Tomato',
        // A product without a picture: the drawn placeholder of its name (decision 0057).
        image: '/api/images/placeholder/v1.svg?name=Tomato',
        quantity: 1.5,
        rate: 40,
        packedQuantity: null,
        amount: 60,
        unit: 'kg',
        substitution: 'skip',
        substitute: null,
      },
      {
        _id: expect.any(String),
        productId: paneer.id,
        name: 'Malai Paneer',
        image: '/api/images/placeholder/v1.svg?name=Malai%20Paneer',
        quantity: 0.5,
        rate: 379.5,
        packedQuantity: null,
        amount: 189.75,
        unit: 'kg',
        substitution: 'skip',
        substitute: null,
      },
    ]);
    expect(new Date(data.order.orderDate).toISOString()).toBe(data.order.orderDate);
    expect(await stockKg(tomato.id)).toBe(8.5);
    expect(await stockKg(paneer.id)).toBe(4.5);

    const theirs = await t.app.inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie: otherCookie } });
    expect(body<{ myOrders: unknown[] }>(theirs).myOrders).toEqual([]);
  });

  it('refuses bad quantities with a 400 and changes nothing', async () => {
    const carrot = await createProduct(t.db, { name: 'Carrot', rate: 30, stockKg: 10, weightsKg: [0.5, 1, 2] });
    const before = await orderCount();
    for (const quantity of [
      -1,
      '-0.5',
      0,
      '0',
      1e9,
      '99999999999999999999',
      'abc',
      '1e3',
      '',
      null,
      true,
      [],
      0.75,
      '1.5',
      0.0005,
    ]) {
      const response = await place(shopperCookie, { cartItems: [{ id: carrot.id, quantity }], shippingInfo: shipping });
      expect(response.statusCode, `quantity ${JSON.stringify(quantity)}`).toBe(400);
      expect(body(response).success).toBe(false);
      expect(typeof body(response).message).toBe('string');
    }
    const notNumber = await place(shopperCookie, {
      cartItems: [{ id: carrot.id, quantity: 'abc' }],
      shippingInfo: shipping,
    });
    expect(body(notNumber).message).toBe('Each quantity must be a number of Kg, such as 0.5 or "1.5"');
    const negative = await place(shopperCookie, {
      cartItems: [{ id: carrot.id, quantity: '-0.5' }],
      shippingInfo: shipping,
    });
    expect(body(negative).message).toBe('Each quantity must be more than 0 Kg');
    const offOption = await place(shopperCookie, {
      cartItems: [{ id: carrot.id, quantity: 1.5 }],
      shippingInfo: shipping,
    });
    expect(body(offOption).message).toBe('Carrot is sold in 0.5, 1, 2 kg only, not 1.5 kg');
    expect(await stockKg(carrot.id)).toBe(10);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an empty or oversized cart, bad shipping info and unknown products, changing nothing', async () => {
    const onion = await createProduct(t.db, { name: 'Onion', rate: 25, stockKg: 100 });
    const line = { id: onion.id, quantity: 1 };
    const before = await orderCount();
    const cases: [unknown, number, string?][] = [
      [{ cartItems: [], shippingInfo: shipping }, 400, 'Your cart is empty'],
      [{ cartItems: Array.from({ length: 51 }, () => line), shippingInfo: shipping }, 400],
      [{ shippingInfo: shipping }, 400],
      [{ cartItems: 'everything', shippingInfo: shipping }, 400],
      [{ cartItems: [line] }, 400, 'Shipping info is required'],
      [
        { cartItems: [line], shippingInfo: { ...shipping, mobileNumber: '98765' } },
        400,
        'Mobile Number Should Be 10 Digit..!!',
      ],
      [{ cartItems: [line], shippingInfo: { ...shipping, mobileNumber: '98765432101' } }, 400],
      [{ cartItems: [line], shippingInfo: { ...shipping, pinCode: '4110' } }, 400, 'Pin Code Should Be 6 Digit..!!'],
      [{ cartItems: [line], shippingInfo: { ...shipping, pinCode: 'abcdef' } }, 400],
      [
        { cartItems: [line], shippingInfo: { ...shipping, pinCode: '000123' } },
        400,
        'This is not an Indian PIN code: a PIN code has 6 digits and starts with 1 to 8',
      ],
      [{ cartItems: [line], shippingInfo: { ...shipping, address: '   ' } }, 400, 'All Field Are Required..!!'],
      [{ cartItems: [line], shippingInfo: { ...shipping, city: 'x'.repeat(201) } }, 400],
      [{ cartItems: [line], shippingInfo: shipping, idempotencyKey: 'k'.repeat(101) }, 400],
      [{ cartItems: [{ quantity: 1 }], shippingInfo: shipping }, 400],
      [{ cartItems: [{ id: 'not-an-id', quantity: 1 }], shippingInfo: shipping }, 404, 'Product not-an-id not found'],
    ];
    for (const [payload, status, message] of cases) {
      const response = await place(shopperCookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(status);
      if (message) expect(body(response).message).toBe(message);
    }
    const ghost = '00000000-0000-4000-8000-000000000000';
    const unknown = await place(shopperCookie, {
      cartItems: [line, { id: ghost, quantity: 1 }],
      shippingInfo: shipping,
    });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toContain(ghost);
    expect(await stockKg(onion.id)).toBe(100);
    expect(await orderCount()).toBe(before);
  });

  it('answers 401 to a visitor and 415 to a form post', async () => {
    const response = await place(undefined, { cartItems: [], shippingInfo: shipping });
    expect(response.statusCode).toBe(401);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'cartItems=1',
    });
    expect(form.statusCode).toBe(415);
  });

  it('takes all the stock or none: a short second line leaves the first untouched and names the product', async () => {
    const apple = await createProduct(t.db, { name: 'Red Apple', rate: 180, stockKg: 5 });
    const mango = await createProduct(t.db, { name: 'Alphonso Mango', rate: 349, stockKg: 0.5 });
    const before = await orderCount();
    const response = await place(shopperCookie, {
      cartItems: [
        { id: apple.id, quantity: 2 },
        { id: mango.id, quantity: 1 },
      ],
      shippingInfo: shipping,
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({
      success: false,
      message: 'Not enough stock for Alphonso Mango',
      code: 'notEnoughStockFor',
      values: { name: 'Alphonso Mango' },
    });
    expect(await stockKg(apple.id)).toBe(5);
    expect(await stockKg(mango.id)).toBe(0.5);
    expect(await orderCount()).toBe(before);
  });

  it('refuses an order whose items no longer come to the subtotal the shopper confirmed (a rate changed since): 409, nothing placed', async () => {
    const okra = await createProduct(t.db, { name: 'Okra', rate: 60, stockKg: 10 });
    const cart = { cartItems: [{ id: okra.id, quantity: 1.5 }], shippingInfo: shipping };
    const before = await orderCount();
    // The rate rose to ₹64 after the confirm screen showed 1.5 kg at ₹60 = ₹90.
    await t.db.update(products).set({ ratePaise: 6400 }).where(eq(products.id, okra.id));
    const refused = await place(shopperCookie, { ...cart, expectedSubtotal: 90 });
    expect(refused.statusCode).toBe(409);
    expect(body(refused)).toMatchObject({
      code: 'ratesChangedSinceConfirm',
      message:
        'Rates changed since you opened this page: the items now come to ₹96 (not ₹90). Check the new total and confirm again',
    });
    expect(await orderCount()).toBe(before);
    expect(await stockKg(okra.id)).toBe(10);
    // Confirmed at the new amount, or sent without one (older clients), it is placed.
    expect((await place(shopperCookie, { ...cart, expectedSubtotal: 96 })).statusCode).toBe(201);
    expect((await place(shopperCookie, cart)).statusCode).toBe(201);
    expect((await place(shopperCookie, { ...cart, expectedSubtotal: 'ninety' })).statusCode).toBe(400);
  });

  it('merges lines of the same product into one line', async () => {
    const potato = await createProduct(t.db, { name: 'Potato', rate: 22.5, stockKg: 3 });
    const response = await place(shopperCookie, {
      cartItems: [
        { id: potato.id, quantity: '1' },
        { id: potato.id.toUpperCase(), quantity: 1.5 },
      ],
      shippingInfo: shipping,
    });
    expect(response.statusCode).toBe(201);
    const { order } = body<OrderResponse>(response);
    expect(order.orderItems).toHaveLength(1);
    expect(order.orderItems[0]).toMatchObject({ productId: potato.id, quantity: 2.5, rate: 22.5 });
    expect(order.total).toBe(56.25);
    expect(await stockKg(potato.id)).toBe(0.5);

    const tooMuch = await place(shopperCookie, {
      cartItems: [
        { id: potato.id, quantity: 0.5 },
        { id: potato.id, quantity: 0.5 },
      ],
      shippingInfo: shipping,
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(body(tooMuch).message).toBe('Not enough stock for Potato');
    expect(await stockKg(potato.id)).toBe(0.5);
  });

  it('places one order per idempotency key, from the body or the Idempotency-Key header', async () => {
    const garlic = await createProduct(t.db, { name: 'Garlic', rate: 120, stockKg: 10 });
    const payload = {
      cartItems: [{ id: garlic.id, quantity: 1 }],
      shippingInfo: shipping,
      idempotencyKey: 'checkout-1',
    };
    const first = await place(shopperCookie, payload);
    const again = await place(shopperCookie, payload);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(body<OrderResponse>(again).order._id).toBe(body<OrderResponse>(first).order._id);
    expect(await stockKg(garlic.id)).toBe(9);

    const { idempotencyKey: _unused, ...withoutKey } = payload;
    const viaHeader = await place(shopperCookie, withoutKey, { 'idempotency-key': 'checkout-2' });
    const viaHeaderAgain = await place(shopperCookie, withoutKey, { 'idempotency-key': 'checkout-2' });
    expect(viaHeader.statusCode).toBe(201);
    expect(body<OrderResponse>(viaHeaderAgain).order._id).toBe(body<OrderResponse>(viaHeader).order._id);
    expect(await stockKg(garlic.id)).toBe(8);

    // The key is per user: someone else's identical key is their own order.
    const theirs = await place(otherCookie, payload);
    expect(theirs.statusCode).toBe(201);
    expect(body<OrderResponse>(theirs).order._id).not.toBe(body<OrderResponse>(first).order._id);
    expect(await stockKg(garlic.id)).toBe(7);

    // Without a key, two posts are two orders.
    await place(shopperCookie, withoutKey);
    await place(shopperCookie, withoutKey);
    expect(await stockKg(garlic.id)).toBe(5);
  });

  it('places one order when the same key arrives many times at once', async () => {
    const lemon = await createProduct(t.db, { name: 'Lemon', rate: 80, stockKg: 10 });
    const payload = {
      cartItems: [{ id: lemon.id, quantity: 1 }],
      shippingInfo: shipping,
      idempotencyKey: 'double-click',
    };
    const responses = await Promise.all(Array.from({ length: 6 }, () => place(shopperCookie, payload)));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(new Set(responses.map((r) => body<OrderResponse>(r).order._id)).size).toBe(1);
    expect(await stockKg(lemon.id)).toBe(9);
  });
});

describe('reading orders', () => {
  it('lists only my own orders, newest first, in both fields', async () => {
    const user = await createUser(t.db, { firstName: 'Nisha' });
    const cookie = await sessionCookie(t.db, user.id);
    const peas = await createProduct(t.db, { name: 'Peas', rate: 60, stockKg: 10 });
    const firstId = body<OrderResponse>(
      await place(cookie, { cartItems: [{ id: peas.id, quantity: 0.5 }], shippingInfo: shipping }),
    ).order._id;
    const secondId = body<OrderResponse>(
      await place(cookie, { cartItems: [{ id: peas.id, quantity: 1 }], shippingInfo: shipping }),
    ).order._id;
    const response = await t.app.inject({ method: 'GET', url: '/api/user/my/orders', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const data = body<{ success: boolean; myOrders: OrderView[]; orders: OrderView[] }>(response);
    expect(data.myOrders.map((o) => o._id)).toEqual([secondId, firstId]);
    expect(data.orders).toEqual(data.myOrders);
    expect(data.myOrders[0]?.total).toBe(60);
    const visitor = await t.app.inject({ method: 'GET', url: '/api/user/my/orders' });
    expect(visitor.statusCode).toBe(401);
  });

  it("shows an order to its owner and admins only; someone else's or a malformed id is a 404", async () => {
    const okra = await createProduct(t.db, { name: 'Okra', rate: 50, stockKg: 10 });
    const { order } = body<OrderResponse>(
      await place(shopperCookie, { cartItems: [{ id: okra.id, quantity: 2 }], shippingInfo: shipping }),
    );
    const get = (id: string, cookie?: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/my/order/${id}`, headers: cookie ? { cookie } : {} });
    const mine = await get(order._id, shopperCookie);
    expect(mine.statusCode).toBe(200);
    // The single-order read adds the history, beginning with the placing.
    expect(body<{ order: OrderView }>(mine).order).toEqual({
      ...order,
      history: [expect.objectContaining({ kind: 'placed', by: 'Asha Patel' })],
    });
    expect((await get(order._id, adminCookie)).statusCode).toBe(200);
    const theirs = await get(order._id, otherCookie);
    expect(theirs.statusCode).toBe(404);
    expect(body(theirs).message).toBe('Order not found');
    expect((await get('nonsense', shopperCookie)).statusCode).toBe(404);
    expect((await get('00000000-0000-4000-8000-000000000000', shopperCookie)).statusCode).toBe(404);
    expect((await get(order._id)).statusCode).toBe(401);
  });

  it('keeps the customer name on an order after the account is deleted', async () => {
    const gone = await createUser(t.db, { firstName: 'Kiran', lastName: 'Rao' });
    const cookie = await sessionCookie(t.db, gone.id);
    const beans = await createProduct(t.db, { name: 'Beans', rate: 70, stockKg: 10 });
    const { order } = body<OrderResponse>(
      await place(cookie, { cartItems: [{ id: beans.id, quantity: 1 }], shippingInfo: shipping }),
    );
    await t.db.delete(users).where(eq(users.id, gone.id));
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/my/order/${order._id}`,
      headers: { cookie: adminCookie },
    });
    expect(body<{ order: OrderView }>(response).order).toMatchObject({
      userId: null,
      user: { _id: null, firstName: 'Kiran', lastName: 'Rao' },
    });
  });

  it('lists every order for an admin with counts, and refuses users and visitors', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/admin/orders',
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode).toBe(200);
    const data = body<{ AllOrders: OrderView[]; ordersCounts: number; OrdersCount: number }>(response);
    expect(data.ordersCounts).toBe(await orderCount());
    expect(data.OrdersCount).toBe(data.ordersCounts);
    expect(data.AllOrders).toHaveLength(data.ordersCounts);
    const dates = data.AllOrders.map((o) => o.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/admin/orders', headers: { cookie: shopperCookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/admin/orders' })).statusCode).toBe(401);
  });

  it('pages the admin list on request, counting every order, and refuses bad paging', async () => {
    // At least three orders to page through.
    const product = await createProduct(t.db, { name: 'Paging Plum', stockKg: 10, weightsKg: [1] });
    for (let i = 0; i < 3; i++) {
      expect(
        (await place(shopperCookie, { cartItems: [{ id: product.id, quantity: 1 }], shippingInfo: shipping }))
          .statusCode,
      ).toBe(201);
    }
    const adminList = async (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/user/admin/orders${query}`, headers: { cookie: adminCookie } });
    const all = body<{ AllOrders: OrderView[] }>(await adminList('')).AllOrders;
    const total = await orderCount();

    const first = body<{ AllOrders: OrderView[]; ordersCounts: number; OrdersCount: number }>(
      await adminList('?page=1&limit=2'),
    );
    expect(first.AllOrders.map((o) => o._id)).toEqual(all.slice(0, 2).map((o) => o._id));
    expect(first.ordersCounts).toBe(total);
    expect(first.OrdersCount).toBe(total);
    const second = body<{ AllOrders: OrderView[] }>(await adminList('?page=2&limit=2'));
    expect(second.AllOrders.map((o) => o._id)).toEqual(all.slice(2, 4).map((o) => o._id));
    expect(second.AllOrders[0]?.orderItems.length).toBeGreaterThan(0);
    const beyond = body<{ AllOrders: OrderView[]; ordersCounts: number }>(
      await adminList(`?page=${total + 1}&limit=1`),
    );
    expect(beyond.AllOrders).toEqual([]);
    expect(beyond.ordersCounts).toBe(total);

    for (const bad of ['?page=0', '?page=1.5', '?page=abc', '?limit=0', '?limit=501', '?page=1&limit=-3']) {
      const response = await adminList(bad);
      expect(response.statusCode, bad).toBe(400);
      expect(body(response).success).toBe(false);
    }
  });
});

describe('PUT /api/user/update/order/:id', () => {
  let orderId: string;
  const update = (oStatus: unknown, cookie = adminCookie, id = orderId) =>
    t.app.inject({ method: 'PUT', url: `/api/user/update/order/${id}`, headers: { cookie }, payload: { oStatus } });

  beforeEach(async () => {
    const cucumber = await createProduct(t.db, { name: 'Cucumber', rate: 35, stockKg: 10 });
    orderId = body<OrderResponse>(
      await place(shopperCookie, { cartItems: [{ id: cucumber.id, quantity: 1 }], shippingInfo: shipping }),
    ).order._id;
  });

  it('moves Processing to Shipped to Delivered and nothing else', async () => {
    expect((await update('Delivered')).statusCode).toBe(409);
    expect((await update('Processing')).statusCode).toBe(409);
    const shipped = await update('Shipped');
    expect(shipped.statusCode).toBe(200);
    const data = body<{ success: boolean; message: string; Order: OrderView; updatedOrder: OrderView }>(shipped);
    expect(data.Order.status).toBe('Shipped');
    expect(data.updatedOrder).toEqual(data.Order);
    expect(data.message).toBe('Order Shipped');
    expect((await update('Shipped')).statusCode).toBe(409);
    expect((await update('Processing')).statusCode).toBe(409);
    expect((await update('Delivered')).statusCode).toBe(200);
    const final = await update('Shipped');
    expect(final.statusCode).toBe(409);
    expect(body(final).message).toBe('This order is already Delivered: its status cannot change');
  });

  it('refuses unknown values, unknown orders, users and visitors', async () => {
    expect((await update('Cancelled ')).statusCode).toBe(400);
    expect((await update(undefined)).statusCode).toBe(400);
    expect((await update('shipped')).statusCode).toBe(400);
    expect((await update('Shipped', adminCookie, 'nope')).statusCode).toBe(404);
    expect((await update('Shipped', adminCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await update('Shipped', shopperCookie)).statusCode).toBe(403);
    const visitor = await t.app.inject({
      method: 'PUT',
      url: `/api/user/update/order/${orderId}`,
      payload: { oStatus: 'Shipped' },
    });
    expect(visitor.statusCode).toBe(401);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    expect(row?.status).toBe('Processing');
  });

  it('lets only one of two racing admins move the order', async () => {
    const results = await Promise.all([update('Shipped'), update('Shipped'), update('Shipped')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
  });
});

describe('GET /api/user/admin/stats', () => {
  it('counts products, users, orders, stock and the delivered amount', async () => {
    const fresh = await buildTestApp();
    try {
      const admin = await createUser(fresh.db, { role: 'Admin' });
      const user = await createUser(fresh.db);
      const cookie = await sessionCookie(fresh.db, user.id);
      const adminSession = await sessionCookie(fresh.db, admin.id);
      const milk = await createProduct(fresh.db, { name: 'Milk', rate: 60, stockKg: 2 });
      await createProduct(fresh.db, { name: 'Curd', rate: 90, stockKg: 0 });
      await createProduct(fresh.db, { name: 'Butter', rate: 500, stockKg: 3 });
      const orderIds: string[] = [];
      for (const quantity of [1, 0.5, 0.5]) {
        const response = await fresh.app.inject({
          method: 'POST',
          url: '/api/user/new/order',
          headers: { cookie },
          payload: { cartItems: [{ id: milk.id, quantity }], shippingInfo: shipping },
        });
        orderIds.push(body<OrderResponse>(response).order._id);
      }
      for (const status of ['Shipped', 'Delivered']) {
        for (const id of orderIds.slice(0, 2)) {
          await fresh.app.inject({
            method: 'PUT',
            url: `/api/user/update/order/${id}`,
            headers: { cookie: adminSession },
            payload: { oStatus: status },
          });
        }
      }
      const response = await fresh.app.inject({
        method: 'GET',
        url: '/api/user/admin/stats',
        headers: { cookie: adminSession },
      });
      // The seller's figures added by weighing are checked in orders.dashboard.test.ts.
      expect(body(response)).toMatchObject({
        success: true,
        productsCount: 3,
        usersCount: 2,
        ordersCount: 3,
        deliveredAmount: 90,
        outOfStockCount: 2,
        inStockCount: 1,
      });
      const denied = await fresh.app.inject({ method: 'GET', url: '/api/user/admin/stats', headers: { cookie } });
      expect(denied.statusCode).toBe(403);
    } finally {
      await fresh.close();
    }
  });
});
