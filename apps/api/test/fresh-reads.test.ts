/**
 * The hot reads answer from the response cache, yet every write is visible to the very next read:
 * catalogue edits, stock taken by an order, a shopper's new order and its status, and the
 * dashboard counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../src/modules/orders/test-sessions.js';
import { body, buildTestApp, type TestApp } from './build-test-app.js';
import { createProduct, createUser } from './factories.js';

let t: TestApp;
let adminCookie: string;
let shopperCookie: string;

const shipping = { address: '12 MG Road', city: 'Pune', mobileNumber: '9876543210', pinCode: '411001' };

type ProductBody = { product: { name: string; rate: number; stocks: number; category: { _id: string } } };
type ListBody = { products: { _id: string; name: string; rate: number }[]; productsDocCount: number };
type StatsBody = { ordersCount: number; usersCount: number; productsCount: number; deliveredAmount: number };
type OrdersBody = { myOrders: { _id: string; status: string }[] };

const get = async <T>(url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return body<T>(response);
};

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.db, { role: 'Admin' });
  const shopper = await createUser(t.db, {});
  adminCookie = await sessionCookie(t.db, admin.id);
  shopperCookie = await sessionCookie(t.db, shopper.id);
});
afterAll(() => t.close());

describe('reads served from memory stay fresh', () => {
  it('answers repeated reads with the same body, and an admin edit shows in the next listing and product', async () => {
    const product = await createProduct(t.db, { name: 'Nagpur Orange', rate: 90, stockKg: 30 });
    const listUrl = '/api/product/getAllProducts?keyword=nagpur';
    const first = await get<ListBody>(listUrl);
    expect(await get<ListBody>(listUrl)).toEqual(first);
    expect(first.products.map((p) => p.rate)).toEqual([90]);
    const single = await get<ProductBody>(`/api/product/getSingleProduct/${product.id}`);

    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/product/update/${product.id}`,
      headers: { cookie: adminCookie },
      payload: {
        name: 'Nagpur Orange',
        rate: '95.5',
        stocks: '30',
        kilogramOption: '1',
        category: single.product.category._id,
      },
    });
    expect(update.statusCode).toBe(200);
    expect((await get<ListBody>(listUrl)).products.map((p) => p.rate)).toEqual([95.5]);
    expect((await get<ProductBody>(`/api/product/getSingleProduct/${product.id}`)).product.rate).toBe(95.5);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/product/delete/${product.id}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(200);
    expect((await get<ListBody>(listUrl)).productsDocCount).toBe(0);
    const gone = await t.app.inject({ url: `/api/product/getSingleProduct/${product.id}` });
    expect(gone.statusCode).toBe(404);
  });

  it('an order shows at once in the stock, in my orders, in its new status and in the dashboard counts', async () => {
    const product = await createProduct(t.db, { name: 'Alphonso Mango', rate: 400, stockKg: 10, weightsKg: [1, 2] });
    const productUrl = `/api/product/getSingleProduct/${product.id}`;
    expect((await get<ProductBody>(productUrl)).product.stocks).toBe(10);
    const ordersBefore = (await get<OrdersBody>('/api/user/my/orders', shopperCookie)).myOrders.length;
    const statsBefore = await get<StatsBody>('/api/user/admin/stats', adminCookie);

    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/user/new/order',
      headers: { cookie: shopperCookie },
      payload: { cartItems: [{ id: product.id, quantity: 2 }], shippingInfo: shipping },
    });
    expect(placed.statusCode).toBe(201);
    const orderId = body<{ order: { _id: string } }>(placed).order._id;

    expect((await get<ProductBody>(productUrl)).product.stocks).toBe(8);
    const mine = await get<OrdersBody>('/api/user/my/orders', shopperCookie);
    expect(mine.myOrders).toHaveLength(ordersBefore + 1);
    expect(mine.myOrders[0]).toMatchObject({ _id: orderId, status: 'Processing' });
    expect((await get<StatsBody>('/api/user/admin/stats', adminCookie)).ordersCount).toBe(statsBefore.ordersCount + 1);

    for (const oStatus of ['Shipped', 'Delivered']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/user/update/order/${orderId}`,
        headers: { cookie: adminCookie },
        payload: { oStatus },
      });
      expect(moved.statusCode).toBe(200);
      expect((await get<OrdersBody>('/api/user/my/orders', shopperCookie)).myOrders[0]?.status).toBe(oStatus);
    }
    const statsAfter = await get<StatsBody>('/api/user/admin/stats', adminCookie);
    expect(statsAfter.deliveredAmount).toBe(statsBefore.deliveredAmount + 800);
  });

  it('a new account shows in the dashboard count at once', async () => {
    const before = (await get<StatsBody>('/api/user/admin/stats', adminCookie)).usersCount;
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        firstName: 'Kavya',
        lastName: 'Iyer',
        email: 'kavya.fresh@example.com',
        password: 'Fresh-Produce-42',
        confirmPassword: 'Fresh-Produce-42',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect((await get<StatsBody>('/api/user/admin/stats', adminCookie)).usersCount).toBe(before + 1);
  });

  it('one shopper never sees another shopper’s cached orders', async () => {
    const other = await createUser(t.db, {});
    const otherCookie = await sessionCookie(t.db, other.id);
    await get<OrdersBody>('/api/user/my/orders', shopperCookie);
    expect((await get<OrdersBody>('/api/user/my/orders', otherCookie)).myOrders).toEqual([]);
  });
});
